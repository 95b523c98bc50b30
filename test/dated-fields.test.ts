import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { tempDir } from './support/corpus.js';

/**
 * A garden's blog posts dated by their front matter, a bus company's service updates dated by
 * `article:published_time`, `<meta name="date">`, `dcterms.date` or JSON-LD, and facilities memos
 * dated only by their Word document properties (`make-memos.mjs` wrote them). Each file is named
 * by its subject, so no two are a series by name.
 */
const DATED_FIELDS = path.resolve('test/fixtures/dated-fields');

/**
 * An engine over a real SQLite file holding `folder` ingested (closed after the suite), and the
 * file name of the best hit of a lexical search: what each suite below asks.
 */
function ingested(folder: string, include: string[]) {
  const suite = { engine: undefined as unknown as Engine };
  beforeAll(async () => {
    suite.engine = await createEngine({ store: await openStore(path.join(tempDir(), 'fields.db')) });
    await suite.engine.ingestPaths([folder], { include });
  }, 120_000);
  afterAll(() => suite.engine.close());
  const first = async (question: string) =>
    path.basename(
      (await suite.engine.search(question, { mode: 'lexical', topK: 5 })).hits[0]?.chunk.documentId ?? '',
    );
  return { suite, first };
}

// Documents dated only by their files' own fields and named each by its subject (stop 41): the
// dates are read at ingest, and a question's words describe which documents its time cue counts
// among ("the latest facilities memo", "the garden blog's previous post").
describe('documents dated by their own fields, described as a series by the question (SQLite file)', {
  timeout: 120_000,
}, () => {
  const { suite, first } = ingested(DATED_FIELDS, ['**/*.md', '**/*.html', '**/*.docx']);

  it('dates posts by front matter, pages by their meta fields or JSON-LD, memos by document properties', async () => {
    const documents = Object.fromEntries(
      (await suite.engine.listDocuments()).map((d) => [path.basename(d.documentId), d.metadata]),
    );
    expect(documents['spring-opening.md']).toMatchObject({ date: '2024-03-02', dateFrom: 'fields' });
    // A quoted date and a date-time with its zone: the day as written.
    expect(documents['summer-watering-rota.md']).toMatchObject({ date: '2024-06-14', dateFrom: 'fields' });
    expect(documents['autumn-harvest-share.md']).toMatchObject({ date: '2024-09-20', dateFrom: 'fields' });
    expect(documents['route-7-diversion.html']).toMatchObject({ date: '2024-04-08', dateFrom: 'fields' });
    expect(documents['route-7-diversion-extended.html']).toMatchObject({ date: '2024-05-20' });
    expect(documents['route-7-back-to-normal.html']).toMatchObject({ date: '2024-07-01' });
    expect(documents['timetable-change-september.html']).toMatchObject({ date: '2024-08-27' });
    // A file's own save date is weak: it orders and filters, and is never shown as the document's.
    expect(documents['facilities-memo-heating.docx']).toMatchObject({
      date: '2024-03-04',
      dateFrom: 'metadata',
    });
  });

  it('counts the documents the question describes: newest, previous, earliest, a month', async () => {
    expect(
      await first('What is the waiting list now, according to the newest Elm Street garden blog post?'),
    ).toBe('plot-fees-next-year.md');
    expect(await first('How long was the waiting list in the previous garden blog post?')).toBe(
      'autumn-harvest-share.md',
    );
    expect(await first('How many visitor spaces did the most recent facilities memo give?')).toBe(
      'facilities-memo-fire-drill.docx',
    );
    expect(await first('How many visitor spaces did the facilities memo before the latest one keep?')).toBe(
      'facilities-memo-heating.docx',
    );
    expect(await first('Where did the oldest facilities memo send staff to park?')).toBe(
      'facilities-memo-car-park.docx',
    );
    expect(
      await first('What timetable change did the latest Millbrook Buses page announce for Route 7?'),
    ).toBe('timetable-change-september.html');
  });

  it('quotes the described version first in the answer', async () => {
    const answer = await suite.engine.ask(
      "How many households wait for a plot, according to the Elm Street garden blog's latest post?",
    );
    expect(answer.notFound).toBe(false);
    expect(answer.sources[0]?.hit.chunk.documentId).toBe('garden-blog/plot-fees-next-year.md');
    expect(answer.text).toContain('18 households');
  });
});

/** A podcast's episodes, a course's numbered lectures, a company's earnings call transcripts. */
const EPISODES = path.resolve('test/fixtures/episodes');

// Documents called by nouns no built-in list holds ("episode", "lecture", "call"): the nouns the
// collection's file names use are document nouns of its questions (stop 41).
describe("the collection's own document nouns (SQLite file)", { timeout: 120_000 }, () => {
  const { suite, first } = ingested(EPISODES, ['**/*.md']);

  it('counts the previous episode, the earliest lecture, the prior call', async () => {
    expect(await first('What did the previous Harbour Talk episode say about moorings?')).toBe(
      'harbour-talk-episode-13.md',
    );
    expect(await first('Which reading went with the earliest hydrology lecture?')).toBe('lecture-3.md');
    expect(await first('What full-year revenue did Northwind expect on its prior earnings call?')).toBe(
      'northwind-earnings-call-q2.md',
    );
    const { scoring } = await suite.engine.search('the previous episode', { mode: 'lexical' });
    expect(scoring.documentNouns).toEqual(['episode']);
    // Without document focus the identities are still read: "previous" is an order word.
    const unfocused = await suite.engine.search(
      'What did the previous Harbour Talk episode say about moorings?',
      {
        mode: 'lexical',
        documentFocus: 0,
      },
    );
    expect(path.basename(unfocused.hits[0]?.chunk.documentId ?? '')).toBe('harbour-talk-episode-13.md');
  });

  it('cites the counted episode first', async () => {
    const answer = await suite.engine.ask('Who was the guest on the first Harbour Talk episode of May 2024?');
    expect(answer.sources[0]?.hit.chunk.documentId).toBe('podcast/harbour-talk-episode-13.md');
  });
});

/** A library's news pages dated by a byline's `<time>`, an office's announcement emails, a preprint's versions. */
const ROUND9 = path.resolve('test/fixtures/round9');

describe('bylines, emails and a focus beside the phrase (SQLite file)', { timeout: 120_000 }, () => {
  const { suite, first } = ingested(ROUND9, ['**/*.md', '**/*.html', '**/*.txt']);

  it("dates a news page by its byline's <time>, and counts emails", async () => {
    const dates = Object.fromEntries(
      (await suite.engine.listDocuments()).map((d) => [path.basename(d.documentId), d.metadata.date]),
    );
    expect(dates).toMatchObject({
      'library-closure.html': '2024-09-09',
      'library-opening-hours.html': '2024-01-15',
    });
    expect(await first('What was the subject of the previous facilities email?')).toBe('announcement-2.txt');
  });

  it('answers from the news page the phrase describes, not the emails "announce" names', async () => {
    const question = 'What did the latest Ashby Library news post announce?';
    expect(await first(question)).toBe('library-closure.html');
    const answer = await suite.engine.ask(question);
    expect(answer.notFound).toBe(false);
    expect(answer.sources[0]?.hit.chunk.documentId).toBe('site-news/library-closure.html');
  });
});
