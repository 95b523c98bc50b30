// A dehumidifier's manual with a specification table, a foodbank's annual reports and an app's
// changelog, a datasheet, a tenancy agreement and a conference programme, as a user ingests them
// from disk (stop 63's sets, test/fixtures/round77, round78 and round79):
// a measure asked by its dimension ("how loud", "the largest room", "the largest attachment") is
// answered by the row or line stating it; a payment to something no report mentions is not found.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../src/engine/engine.js';
import { openEngine } from '../src/engine/open-engine.js';
import { tempDir } from './support/corpus.js';

describe('manuals, annual reports and changelogs (offline answers)', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await openEngine({ store: path.join(tempDir(), 'cairn.db'), env: {}, cache: false });
    const report = await engine.ingestPaths(
      [
        path.resolve('test/fixtures/round77'),
        path.resolve('test/fixtures/round78/quillpad-changelog.md'),
        path.resolve('test/fixtures/round79'),
        path.resolve('test/fixtures/versioned/release-notes/orbit-release-notes-2.0.md'),
        path.resolve('test/fixtures/round65/fenwick-garden-centre-plants.json'),
      ],
      { include: ['*.md', '*.html', '*.json'] },
    );
    expect(report.totals).toMatchObject({ ingested: 12, failed: 0 });
  });
  afterAll(() => engine?.close());

  it('answers "how loud" with the noise level row alone', async () => {
    const answer = await engine.ask('How loud is the Tarn 3 dehumidifier?');
    expect(answer.notFound).toBe(false);
    expect(answer.text).toContain('| Noise level | 39 dB(A) on the low fan setting |');
    expect(answer.text).not.toContain('| Weight |');
  });

  it('answers a superlative with the row stating the bound ("up to 40 square metres")', async () => {
    const answer = await engine.ask('What is the largest room the Tarn 3 can dry?');
    expect(answer.text.split(/\[\d+\]/)[0]).toContain('| Suitable room size | up to 40 square metres |');
  });

  it('answers "the largest attachment" in the latest version from the section stating the maximum', async () => {
    const answer = await engine.ask('What is the largest attachment Quillpad allows in its latest version?');
    expect(answer.text.split(/\[\d+\]/)[0]).toContain(
      'the maximum attachment size rises from 25 MB to 50 MB',
    );
  });

  it('says "not found" for what a named organisation pays a thing no document mentions', async () => {
    const answer = await engine.ask('How much does Ferncombe Foodbank pay its staff?');
    expect(answer.notFound).toBe(true);
    expect(answer.text).toContain('"staff"');
    // A sum the reports state is answered.
    const grant = await engine.ask("How much was the grant for Ferncombe Foodbank's second van?");
    expect(grant.notFound).toBe(false);
    expect(grant.text.split(/\[\d+\]/)[0]).toContain('£32,000');
  });

  it('leads a question asking how long something takes with a span of time, not a length', async () => {
    const answer = await engine.ask('How long does a Kestrel K1 battery take to charge?');
    expect(answer.text.split(/\[\d+\]/)[0]).toContain('4.5 hours');
    expect(answer.text.split(/\[\d+\]/)[0]).not.toContain('80 km');
  });

  it('leads "how heavy" with the row whose label names the weight', async () => {
    const answer = await engine.ask('How heavy is the Kestrel K2 Cargo?');
    expect(answer.text.split(/\[\d+\]/)[0]).toContain('| Weight (with battery) | 19.5 kg | 31 kg |');
  });

  it('quotes the list item that answers, not the whole list', async () => {
    const answer = await engine.ask('How much notice must the tenant give to end the Elmfield Road tenancy?');
    expect(answer.text.split(/\[\d+\]/)[0]).toBe(
      "- to give at least two months' notice in writing to end the tenancy after the fixed term. ",
    );
  });

  it('does not lead with a figure of something else ("Doors open at 8.30am")', async () => {
    const answer = await engine.ask('Who is running the RAG workshop at the Northern Data Summit?');
    expect(answer.text.split(/\[\d+\]/)[0]).toContain('Aisha Bello');
  });

  it('reads a list item under a "Changes" heading as a change', async () => {
    // Each item is a passage of its own: "Dashboards refresh every minute." states no change in its
    // words; its heading does.
    const answer = await engine.ask(
      'Are there any changes to the dashboard refresh in the Orbit 2.0 release notes?',
    );
    expect(answer.notFound).toBe(false);
    expect(answer.text).toContain('Dashboards refresh every minute.');
  });

  it('leads "how long" with the sentence it asks of, not a table of figures of other things', async () => {
    const answer = await engine.ask('How long is the frame guarantee on Kestrel bikes?');
    expect(answer.text.split(/\[\d+\]/)[0]).toContain('Frames are guaranteed for ten years');
  });

  it('quotes a record whole when one line names what is asked and another states it', async () => {
    // The price line holds none of the question's words; the record's name line does.
    const answer = await engine.ask('How much is the Agapanthus Blue Storm at Fenwick Garden Centre?');
    expect(answer.text.split(/\[\d+\]/)[0]).toContain('£12.99');
  });

  it('says the version of a changelog item quoted alone when the question asks which version', async () => {
    const answer = await engine.ask('Which version of Quillpad added dark mode?');
    expect(answer.text).toMatch(
      /^3\.1\.0 \(15 January 2026\): - Added: dark mode follows the system setting\./,
    );
  });

  it("leads a question asking when with the programme's row timed in its Time column", async () => {
    const answer = await engine.ask('When does the opening keynote start at the Northern Data Summit?');
    expect(answer.text.split(/\[\d+\]/)[0]).toContain(
      '| 9.15 | Opening keynote: data teams after the hype |',
    );
    expect(answer.text.startsWith('| Time | Session | Speaker | Room |')).toBe(true);
  });
});
