import { describe, expect, it } from 'vitest';
import { parseQuestions } from './questions.js';

describe('parseQuestions', () => {
  it('reads question, sources (a string or a list), answer and id; blank lines are skipped', () => {
    const text = [
      JSON.stringify({
        id: 'q1',
        question: 'What was net income?',
        sources: ['a.pdf', 'b.pdf'],
        answer: '$5',
      }),
      '',
      JSON.stringify({
        question: 'Which aircraft?',
        sources: 'reports/*.pdf',
        type: 'extra fields are fine',
      }),
    ].join('\n');
    expect(parseQuestions(text, 'q.jsonl')).toEqual([
      { id: 'q1', question: 'What was net income?', sources: ['a.pdf', 'b.pdf'], answer: '$5' },
      { id: 'line 3', question: 'Which aircraft?', sources: ['reports/*.pdf'] },
    ]);
  });

  it('names the file, the line and the field of a bad line', () => {
    const good = JSON.stringify({ question: 'q', sources: ['a'] });
    expect(() => parseQuestions(`${good}\n{not json`, 'q.jsonl')).toThrow(
      /q\.jsonl line 2: is not valid JSON/,
    );
    expect(() => parseQuestions(JSON.stringify({ sources: ['a'] }), 'q.jsonl')).toThrow(
      /q\.jsonl line 1: question: /,
    );
    expect(() => parseQuestions(JSON.stringify({ question: 'q', sources: [] }), 'q.jsonl')).toThrow(
      /line 1: sources/,
    );
    expect(() => parseQuestions(JSON.stringify({ question: 'q', sources: ['a'], answer: 3 }), 'x')).toThrow(
      /line 1: answer/,
    );
    const twice = JSON.stringify({ id: 7, question: 'q', sources: ['a'] });
    expect(() => parseQuestions(`${twice}\n${twice}`, 'q.jsonl')).toThrow(/line 2: id "7" is used twice/);
    expect(() => parseQuestions('\n\n', 'q.jsonl')).toThrow(/q\.jsonl: holds no question/);
  });

  it('throws typed errors', () => {
    try {
      parseQuestions('[', 'q.jsonl');
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', argument: 'q.jsonl line 1' });
    }
  });
});
