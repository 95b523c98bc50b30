import { describe, expect, it } from 'vitest';
import { testHit } from '../../test/support/hits.js';
import type { Hit } from '../core/types.js';
import { topicWords } from './evidence-check.js';
import { relevantHits } from './relevance.js';
import { isContrastWord, isFormTerm, timeWords, unwrittenTerms } from './unwritten-words.js';

function hit(id: string, text: string, headingPath: string[] = []): Hit {
  return testHit(id, text, { id: `${id}:${text.length}`, headingPath });
}

describe('timeWords, unwrittenTerms', () => {
  it('reads the words of a recency cue, a stated period and contrast words', () => {
    expect([...timeWords('What does the latest policy say about storage?')]).toEqual(['latest', 'policy']);
    expect(timeWords('What did the manual revised in August 2022 say?')).toEqual(new Set(['august', '2022']));
    expect(
      unwrittenTerms('Which accidents happened outside the United States, under a foreign government?'),
    ).toEqual(new Set(['outsid', 'foreign']));
    expect(isContrastWord('abroad')).toBe(true);
    expect(isContrastWord('winter')).toBe(false);
    expect(isFormTerm('instruct')).toBe(true);
    expect(isFormTerm('storag')).toBe(false);
    // "What problems did the inspector find?": a report states each problem without the word (stop 42).
    expect(isFormTerm('problem')).toBe(true);
    expect(isFormTerm('concern')).toBe(true);
  });
});

describe('relevantHits with words a passage need not write', () => {
  it('does not count a recency word against the passage that answers', () => {
    // Only the words "latest" and "policy" are missing: 3 of 6 counted terms, not 3 of 7.
    const storage = hit(
      'manual-rev-b.md',
      '## Winter storage\n\nDrain the pump completely before storing it below 0 °C.',
      ['HX-200 Pump Operating Manual', 'Winter storage'],
    );
    expect(
      relevantHits('What does the latest policy say about storing the pump below freezing?', [storage]),
    ).toEqual([storage]);
  });

  it('does not count contrast words against a passage naming the place', () => {
    const france = hit(
      'report.pdf',
      'The accident investigation is under the jurisdiction and control of the French government.',
    );
    expect(
      relevantHits(
        'Which accidents happened outside the United States, under a foreign government’s investigation?',
        [france],
      ),
    ).toEqual([france]);
  });

  it('counts a stated date where the document holds it, not against a passage that lacks it', () => {
    // The cover states the date the question names; the limits section alone holds too few terms.
    const cover = hit('manual-rev-b.md', '# HX-200 Pump Operating Manual\n\nRevised: August 30, 2022');
    const limits = hit('manual-rev-b.md', 'The pump runs at up to 3,200 rpm.', [
      'HX-200 Pump Operating Manual',
      'Operating limits',
    ]);
    const question =
      'What was the maximum rotational speed of the pump according to the manual revised in August 2022?';
    expect(relevantHits(question, [cover, limits])).toContain(limits);
    // A passage holding none of the question's other words is still dropped.
    const other = hit('travel.md', 'Meals abroad are paid at the local per diem rate.');
    expect(relevantHits(question, [other])).toEqual([]);
  });
});

describe('topicWords without contrast and form words', () => {
  it('takes neither "outside"/"foreign" nor "give"/"instructions" as topics', () => {
    expect(
      topicWords(
        'Which accidents happened outside the United States, under a foreign government’s investigation?',
      ),
    ).toEqual(['accidents', 'states', 'investigation']);
    expect(
      topicWords('Does revision B of the HX-200 pump manual give any instructions for winter storage?'),
    ).toEqual(['revision', 'pump', 'manual', 'winter', 'storage']);
  });
});

describe('timeWords of a position in a series', () => {
  it('reads the position and document words, not the name of the series between them', () => {
    expect(timeWords("In the report before Contoso's latest one, what were sales?")).toEqual(
      new Set(['report', 'before', 'latest', 'one']),
    );
    expect(timeWords('Which known issues did the oldest Orbit release notes list?')).toEqual(
      new Set(['oldest', 'release']),
    );
    expect(timeWords('What did the previous employee handbook say about holidays?')).toEqual(
      new Set(['previous', 'handbook']),
    );
    expect(timeWords('sales in the quarter a year before its most recent one')).toEqual(
      new Set(['a', 'year', 'before', 'its', 'most', 'recent']),
    );
  });
});

describe('relevantHits: the words that say which documents (stop 41)', () => {
  it("counts the words of a passage's document path as its own", () => {
    // "garden" and "blog" are in the folder: 4 of 6 counted terms with them, 2 of 6 without.
    const share = hit(
      'garden-blog/harvest-share.md',
      'Together we gave 140 kg of vegetables to the food bank.',
    );
    const question = 'How much produce went to the food bank, according to the garden blog?';
    expect(relevantHits(question, [share])).toEqual([share]);
    expect(relevantHits(question, [hit('harvest-share.md', share.chunk.text)])).toEqual([]);
  });

  it('does not count the words naming the documents a time cue counts against a passage', () => {
    // "Millbrook Buses" names the pages ("… | Millbrook Buses" titles); "notice" is their noun.
    const weekdays = hit('timetables.html', 'Route 7 runs every 15 minutes on weekdays instead of every 20.');
    expect(
      relevantHits('How often does Route 7 run on weekdays according to the newest Millbrook Buses notice?', [
        weekdays,
      ]),
    ).toEqual([weekdays]);
    expect([...timeWords('What did the newest Millbrook Buses notice say?')]).toEqual(['newest', 'notice']);
  });
});

describe('topicWords: order words and the kind of answer (stop 41)', () => {
  it('never takes an order word, "time" or "date" for a topic word a document must write', () => {
    expect(topicWords('What opening time did the earliest Ashby Library news item give?')).toEqual([
      'ashby',
      'library',
      'news',
      'item',
    ]);
    expect(topicWords('On what date was the previous lift closed?')).toEqual(['lift']);
  });
});

describe('topicWords: a measure question’s verb and what is earned (stop 60)', () => {
  it('leaves out the owner’s verb and the name of what is earned, which accounts write as income', () => {
    // Accounts headed "Income from: … Education programmes 64,200" were "not found": no document
    // wrote "revenue" or "receive" (measures-heldout, mh-11).
    expect(
      topicWords('How much revenue did the Kestrel Trust receive from education programmes in 2024?'),
    ).toEqual(['kestrel', 'trust', 'education', 'programmes']);
    // A rate is no name of what is earned: it stays a topic word; the verb does not.
    const rate = topicWords('What interest rate did the Kestrel Trust pay on its mortgage?');
    expect(rate).toContain('rate');
    expect(rate).not.toContain('pay');
  });
});

describe('topicWords: prepositions (stop 64)', () => {
  it('reads no preposition the stop-word list leaves in as a topic', () => {
    expect(topicWords('What was the result of the club match against Eastwick?')).toEqual([
      'result',
      'club',
      'match',
      'eastwick',
    ]);
    expect(topicWords('Can it be stored below freezing during winter?')).not.toContain('below');
  });
});
