import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { tempDir } from './support/corpus.js';

/**
 * A water utility's quarterly reports (three quarters: only the second mentions the reservoir,
 * only the first the treatment chemicals) and a transit authority's (two quarters: only the
 * newest mentions electric buses).
 */
const QUARTERLY = path.resolve('test/fixtures/quarterly-tables');

// "What does the latest X say about Y": the recency cue prefers the newest report among those that
// hold Y, so a report that alone holds the answer leads; when no report holds Y the answer is
// "not found", whatever words name the series.
describe('a recency question is answered from the newest version that holds its topic (SQLite file)', {
  timeout: 120_000,
}, () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'quarterly.db')) });
    await engine.ingestPaths([QUARTERLY], { include: ['**/*.md'] });
  }, 120_000);
  afterAll(() => engine.close());

  const firstCited = (answer: Awaited<ReturnType<Engine['ask']>>) => {
    const n = Number(/\[(\d+)\]/.exec(answer.text)?.[1]);
    return answer.sources[n - 1]?.hit.chunk.documentId;
  };

  it('leads with the older report that alone mentions the topic, and says the newest does not', async () => {
    const answer = await engine.ask(
      'What does the most recent Kestrel Valley Water report say about the reservoir?',
    );
    expect(answer.notFound).toBe(false);
    expect(answer.text).toMatch(
      /^The newest version, kestrel-valley-water-report-2023-q3\.md, does not mention "reservoir"; from kestrel-valley-water-report-2023-q2\.md: Quarter ended 2023-06-30/,
    );
    expect(firstCited(answer)).toBe('kestrel-valley-water-report-2023-q2.md');
    const search = await engine.search(
      'What does the latest Kestrel Valley Water report say about treatment chemicals?',
    );
    const recency = search.hits.flatMap((hit) => hit.boosts ?? []).find((b) => b.kind === 'recency');
    expect(recency?.passedOver).toEqual({
      documentId: 'kestrel-valley-water-report-2023-q3.md',
      lacks: ['treatment', 'chemicals'],
    });
    expect(search.hits[0]?.chunk.documentId).toBe('kestrel-valley-water-report-2023-q1.md');
  });

  it('answers whether the newest report holds something from the newest, not the older one that does', async () => {
    // "Did … mention … in its latest report" asks the latest: the reservoir of the Q2 report is
    // no answer (stop 49: "Did Intel announce a stock split in its latest 10-Q?" was answered
    // from an older filing's split).
    const answer = await engine.ask('Did the most recent Kestrel Valley Water report mention the reservoir?');
    expect(answer.notFound).toBe(true);
    expect(answer.sources.map((s) => s.hit.chunk.documentId)).toContain(
      'kestrel-valley-water-report-2023-q3.md',
    );
    expect(firstCited(answer)).toBe('kestrel-valley-water-report-2023-q3.md');
  });

  it('keeps the newest report when it holds the topic', async () => {
    const answer = await engine.ask(
      'What does the latest Marlow Harbour Transit report say about electric buses?',
    );
    expect(answer.notFound).toBe(false);
    expect(firstCited(answer)).toBe('marlow-harbour-transit-report-2023-q3.md');
    expect(answer.text).not.toContain('does not mention');
  });

  it('says "not found" when no report holds the topic, not counting the words that name the series', async () => {
    const answer = await engine.ask(
      'What does the latest Kestrel Valley Water report say about chemical spills?',
    );
    expect(answer.notFound).toBe(true);
    expect(answer.text).toContain('"spills"');
  });
});

// A word most documents outside the series hold is the collection's language, not a topic that an
// older version alone covers: it does not move the preference off the newest.
describe('a word common outside the series does not move the recency preference (SQLite file)', {
  timeout: 120_000,
}, () => {
  let engine: Engine;
  beforeAll(async () => {
    const dir = tempDir();
    const bulletin = (month: string, day: string, news: string) =>
      `# Contoso Staff Bulletin\n\nPublished: ${month} ${day}, 2023\n\n## News\n\n${news}\n`;
    writeFileSync(
      path.join(dir, 'contoso-staff-bulletin-2023-01.md'),
      bulletin(
        'January',
        '10',
        'The canteen menu now lists breakfast dishes. Parking permits are renewed in March.',
      ),
    );
    writeFileSync(
      path.join(dir, 'contoso-staff-bulletin-2023-06.md'),
      bulletin('June', '12', 'The canteen opens at seven. The gym is closed for repairs in July.'),
    );
    for (const [name, dish] of [
      ['harbour-cafe', 'fish soup'],
      ['mill-bistro', 'lamb stew'],
      ['station-diner', 'pancakes'],
      ['garden-tearoom', 'scones'],
    ] as const) {
      writeFileSync(
        path.join(dir, `${name}.md`),
        `# ${name.replace('-', ' ')}\n\nThe menu changes weekly; ${dish} is served every day.\n`,
      );
    }
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'bulletins.db')) });
    await engine.ingestPaths([dir], { include: ['**/*.md'] });
  }, 120_000);
  afterAll(() => engine.close());

  it('keeps the newest bulletin for a word every other document holds, moves for one they do not', async () => {
    const boosted = async (question: string) => {
      const { hits } = await engine.search(question);
      const recency = hits.flatMap((hit) => (hit.boosts ?? []).map((b) => ({ b, hit })));
      return recency.find(({ b }) => b.kind === 'recency')?.hit.chunk.documentId;
    };
    expect(await boosted('What does the latest Contoso staff bulletin say about the canteen menu?')).toBe(
      'contoso-staff-bulletin-2023-06.md',
    );
    expect(
      await boosted('What does the latest Contoso staff bulletin say about the canteen breakfast?'),
    ).toBe('contoso-staff-bulletin-2023-01.md');
  });
});

// A quantity asked of the present ("now", "currently") is what the newest version stating it
// says: a later parish council's minutes silent on the clerk's hours changed nothing (stop 53,
// round49's `r49-04`); asked of "the latest minutes", it is asked of them.
describe('a quantity asked of the present is answered from the newest version stating it (SQLite file)', {
  timeout: 120_000,
}, () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'minutes.db')) });
    await engine.ingestPaths([path.resolve('test/fixtures/round49')], { include: ['**/*.md'] });
  }, 120_000);
  afterAll(() => engine.close());

  it('answers "now" from the older minutes that state it, saying the newest does not', async () => {
    const answer = await engine.ask('How many hours a week does the Tidewell parish clerk work now?');
    expect(answer.notFound).toBe(false);
    expect(answer.text).toMatch(
      /^The newest version, tidewell-parish-council-minutes-2025-09\.md, does not mention .*; from tidewell-parish-council-minutes-2025-06\.md: The clerk's hours were increased from 12 to 16 hours a week/,
    );
  });

  it('asks "the latest minutes" themselves', async () => {
    const answer = await engine.ask(
      'How many hours a week does the Tidewell parish clerk work in the latest minutes?',
    );
    expect(answer.notFound).toBe(true);
    expect(answer.text).toContain(
      'tidewell-parish-council-minutes-2025-09.md does not state how many hours a week',
    );
  });
});
