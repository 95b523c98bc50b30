/**
 * Offline answers to questions written in other words than the documents' (stop 77), on the sets
 * written blind to the engine at stop 77 (round143 and round144 held out, after their only run;
 * round146 and round147 blind): a month the question names falls in a span of dates a table writes
 * ("mid-August" in "24 July to 4 September"); a sentence going on from the one before it ("After
 * that point, …") is quoted with it; a record's field lines that recur in every record ("route:
 * 62") are quoted in each record; a hyphenated compound no document writes ("open-water") is
 * "not found"; a kind noun after a name ("Tour mode") and a hedge ("Roughly") are no topic; a thing
 * brought back late is overdue; a partner is a guest.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../src/engine/engine.js';
import { engineOver } from './support/fixture-engine.js';

// Ingest and offline answers over SQLite: generous limits for a busy machine, no timing asserted.
describe('a home insurance summary and a cottage’s prices (round144)', { timeout: 300_000 }, () => {
  let engine: Engine;

  beforeAll(async () => {
    engine = await engineOver('round144', ['quillstead-*.pdf', 'kittermoor-*.docx', 'scarrowby-*.html']);
  }, 300_000);

  afterAll(async () => {
    await engine?.close();
  });

  it('quotes "After that point, …" after the sentence it goes on from', async () => {
    const answer = await engine.ask(
      "Under Quillstead's latest home insurance terms, how long can my house sit empty before cover for things like theft and escape of water stops?",
    );
    expect(answer.notFound).toBe(false);
    expect(answer.text).toMatch(
      /^Your home is unoccupied if nobody has lived in it for more than 45 days in a row\. \[1\] After that point, cover/,
    );
  });

  it('reads "mid-August" in the season whose weeks span it', async () => {
    const answer = await engine.ask('How much is a week at Kittermoor Cottage in mid-August for six of us?');
    expect(answer.notFound).toBe(false);
    expect(answer.text).toMatch(
      /^\| \*\*Season\*\* \|[^\n]*\n\| --- [^\n]*\n\| Peak \| 24 July to 4 September \| £1,245 \| £1,345 \|/,
    );
  });
});

describe('a bus timetable and a swimming club’s handbook (round143)', { timeout: 300_000 }, () => {
  let engine: Engine;

  beforeAll(async () => {
    engine = await engineOver('round143', ['saxcombe-*.csv', 'ockenden-*.docx', 'calverleigh-*.html']);
  }, 300_000);

  afterAll(async () => {
    await engine?.close();
  });

  it('quotes the last bus’s record whole, its route and day lines too', async () => {
    const answer = await engine.ask(
      "When's the last bus back to Marlowby from Heddingley on a Saturday on the Saxcombe 62?",
    );
    expect(answer.text).toMatch(
      /^route: 62; day type: Saturday; departs: 17:40; stop: Heddingley Market Place;/,
    );
  });

  it('finds no open-water swimming where only open meets and water bottles are written', async () => {
    const answer = await engine.ask('Does Ockenden Swimming Club run any open-water swimming sessions?');
    expect(answer.notFound).toBe(true);
    expect(answer.text).toContain('"open-water"');
  });
});

describe('an e-bike’s manual (round147)', { timeout: 300_000 }, () => {
  let engine: Engine;

  beforeAll(async () => {
    engine = await engineOver('round147', ['brackenrider-*.md', 'morrowfell-*.docx']);
  }, 300_000);

  afterAll(async () => {
    await engine?.close();
  });

  it('answers "Roughly how far … in Tour mode?" from the assist levels’ table', async () => {
    const answer = await engine.ask(
      'Roughly how far can I ride the Brackenrider Fellway E7 on a full battery in Tour mode?',
    );
    expect(answer.notFound).toBe(false);
    expect(answer.text).toMatch(/\| Tour \| 2 \| 100% of your pedal effort \| 80–95 km \(50–59 miles\) \|/);
  });
});

describe('a library’s charges and a student hall’s rules (round138, round146)', { timeout: 300_000 }, () => {
  let library: Engine;
  let hall: Engine;

  beforeAll(async () => {
    library = await engineOver('round138', ['skerrowby-*.html']);
    hall = await engineOver('round146', ['merrowgate-*.docx', 'oxbarrow-*.html']);
  }, 300_000);

  afterAll(async () => {
    await library?.close();
    await hall?.close();
  });

  it('reads a DVD brought back late as an overdue DVD', async () => {
    const answer = await library.ask(
      'If I bring a DVD back late to Skerrowby library, how much will I be charged?',
    );
    expect(answer.text).toMatch(
      /^\| Item or service \| Charge \| Notes \|[\s\S]*\| Overdue DVD \| £1\.00 per day \|/,
    );
  });

  it('reads a boyfriend as a guest', async () => {
    const answer = await hall.ask(
      'Can my boyfriend stay the night in my room at Merrowgate Hall, and for how long?',
    );
    expect(answer.text).toMatch(
      /^- Each resident may have one overnight guest at a time, for no more than 3 nights/,
    );
  });
});
