import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from '../src/core/types.js';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { tempDir } from './support/corpus.js';

/**
 * Quarterly reports of three issuers (Alder Mills: three quarters; Birch Foods: two; Cedar Works:
 * one), dated in their text. Each issuer's reports carry some text unchanged from quarter to
 * quarter (a dividend policy), and all share a certification word for word.
 */
const QUARTERLY = path.resolve('test/fixtures/quarterly');

/** The document the answer's first `[n]` marker cites. */
function firstCited(answer: Answer): string | undefined {
  const marker = /\[(\d+)\]/.exec(answer.text);
  return marker ? answer.sources[Number(marker[1]) - 1]?.hit.chunk.documentId : undefined;
}

// Ingest and a few offline answers over SQLite: generous limits for a busy machine, no timing asserted.
describe('offline answers over versions of several series (engine, SQLite)', { timeout: 300_000 }, () => {
  let engine: Engine;

  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'quarterly.db')) });
    await engine.ingestPaths([QUARTERLY], {});
  }, 300_000);

  afterAll(async () => {
    await engine?.close();
  });

  it('quotes the text an issuer carries from quarter to quarter, not another issuer’s, for a question naming it', async () => {
    // Before, the dividend policy, in all three of Alder Mills' reports, counted as boilerplate
    // (copies in two other documents): it was never quoted, and Birch Foods' was.
    const answer = await engine.ask("What is Alder Mills' dividend policy?");
    expect(answer.notFound).toBe(false);
    expect(firstCited(answer)).toMatch(/^alder-mills-report-/);
    expect(answer.text).toContain('Alder Mills pays a cash dividend every quarter.');
    expect(answer.text).not.toContain('Birch Foods paid a dividend');
  });

  it('leads a recency question with the newest report, and says which quarter each figure belongs to', async () => {
    const answer = await engine.ask("What were Alder Mills' net sales in the latest quarter?");
    expect(firstCited(answer)).toBe('alder-mills-report-2023-q3.md');
    // Quotes of two issuers' reports name their documents beside their periods.
    expect(answer.text).toMatch(
      /^Quarter ended 2023-09-30(?:, alder-mills-report-2023-q3\.md)?: Net sales were \$47\.5 million/,
    );
    // Older quarters' figures, when quoted, follow under their own period's label.
    const older = ['Net sales were $41.2 million', 'Net sales were $44.8 million']
      .map((figure) => answer.text.indexOf(figure))
      .filter((at) => at >= 0);
    for (const at of older) expect(answer.text.lastIndexOf('Quarter ended 2023-0', at)).toBeGreaterThan(0);
    // Another issuer's figures, if quoted at all, follow every figure of the issuer asked about,
    // under a label naming their document.
    const other = answer.text.search(/\$1[23]\.\d million|\$7\.9 million/);
    if (other >= 0) {
      for (const at of older) expect(other).toBeGreaterThan(at);
      const label = answer.text.slice(answer.text.lastIndexOf('Quarter ended', other), other);
      expect(label).toMatch(/, (?:birch-foods|cedar-works)-report-2023-q\d\.md: /);
    }
  });

  it('never leads with the certification every issuer files word for word', async () => {
    const answer = await engine.ask(
      'Does the latest Birch Foods quarterly report state any material fact about net sales?',
    );
    expect(answer.notFound).toBe(false);
    expect(firstCited(answer)).toBe('birch-foods-report-2023-q3.md');
    expect(answer.text.indexOf('Net sales were $13.1 million')).toBeGreaterThanOrEqual(0);
    const certification = answer.text.indexOf('untrue statement of a material fact');
    if (certification >= 0) expect(certification).toBeGreaterThan(answer.text.indexOf('$13.1 million'));
  });
});
