import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNameLine } from '../src/answer/extractive-answerer.js';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { tempDir } from './support/corpus.js';

// A command-line tool's release notes for three versions (Markdown with front matter), its
// configuration reference, and a housing association's rent letter as a Word file (stop 56).
describe('a version named by its number, a letter’s sender, a name of letters and digits (SQLite file)', {
  timeout: 120_000,
}, () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'versions.db')) });
    await engine.ingestPaths([path.resolve('test/fixtures/round63')], { include: ['quarry/*.md', '*.docx'] });
  }, 120_000);
  afterAll(() => engine.close());

  it('prefers the version whose number the question names, in the past as in the present', async () => {
    // "5.1" is "5" and "1" to the lexical index: the newest release's "Released 15 September
    // 2026" led "When was Quarry 5.1 released?".
    const { hits } = await engine.search('When was Quarry 5.1 released?', { topK: 4 });
    expect(hits[0]?.chunk.documentId).toBe('quarry/quarry-5.1-release-notes.md');
    expect(hits[0]?.boosts?.map((b) => b.reason).join(' ')).toContain('names this version: "5.1"');
    const answer = await engine.ask('When was Quarry 5.1 released?');
    expect(answer.text).toMatch(/^(?:Dated [\d-]+: )?Released 4 May 2026/);
    const present = await engine.search('What is new in Quarry 5.0?', { topK: 3 });
    expect(present.hits[0]?.chunk.documentId).toBe('quarry/quarry-5.0-release-notes.md');
  });

  it('leads with the release that states it, though it says what a copy "would" do', async () => {
    // The modal of "prints what a copy would do" read the sentence as a supposition, quoted after
    // the newest release's "Released 15 September 2026".
    const answer = await engine.ask('Which release of Quarry added the --dry-run flag?');
    // Asked in the past without an auxiliary ("added"), no version is in force for it; asked in the
    // present ("needs"), the newest is.
    const inForce = async (question: string) =>
      (await engine.search(question, { topK: 6 })).hits.some((hit) =>
        hit.boosts?.some((b) => b.reason.startsWith('in force')),
      );
    expect(await inForce('Which release of Quarry added the --dry-run flag?')).toBe(false);
    expect(await inForce('Which Node.js version does Quarry need?')).toBe(true);
    expect(answer.text).toMatch(/^(?:Dated 2026-05-04: )?- The `--dry-run` flag prints what a copy would do/);
  });

  it('says "not found" of a platform of letters and digits no release names', async () => {
    // "ARM64" was no topic word (not letters alone), so nothing was looked for.
    expect((await engine.ask('Does Quarry support Windows on ARM64?')).notFound).toBe(true);
    expect((await engine.ask('Does Quarry 5.2 support Windows x64?')).notFound).toBe(false);
  });

  it('does not lead with the sender’s name line of a letter', async () => {
    const answer = await engine.ask('By how much is Riverside Housing Association increasing rents in 2026?');
    expect(answer.text).toMatch(
      /^(?:Dated [\d-]+: )?We are writing to tell you that your rent will increase by 4\.8%/,
    );
    expect(answer.text).not.toContain('Riverside Housing Association [');
  });
});

describe('isNameLine', () => {
  it('is a name alone, not a sentence, a dated line or a label', () => {
    expect(isNameLine('Riverside Housing Association')).toBe(true);
    expect(isNameLine('Bank of England')).toBe(true);
    expect(isNameLine('Your weekly rent will rise from £136.07 to £142.60.')).toBe(false);
    expect(isNameLine('Published 20 May 2025 by the Hollins Wood Trust')).toBe(false);
    expect(isNameLine('Chair: Alan Fraser')).toBe(false);
    expect(isNameLine('Quarry')).toBe(false);
  });
});
