// A ward's election results for two years (HTML), a descaler's safety data sheet (PDF), a school's
// monthly solar generation (CSV) and a boiler service record (text), as a user ingests them from
// disk (stop 65's blind set, test/fixtures/round83): a PDF's wrapped lines, a quantity in the
// asked dimension's unit, a count under the column naming it, and a table's record picked by time
// or by the most of a field are read as their documents write them.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../src/engine/engine.js';
import { openEngine } from '../src/engine/open-engine.js';
import { tempDir } from './support/corpus.js';

/** An answer's first quote: its text before the first citation marker. */
const firstQuote = (text: string) => text.split(/\[\d+\]/)[0] ?? '';

/**
 * An engine on a new SQLite file with `include` of a fixture folder ingested from disk (all
 * `count` files, none failed), closed after the describe block.
 */
function ingested(folder: string, include: string[], count: number): () => Engine {
  let engine: Engine | undefined;
  beforeAll(async () => {
    engine = await openEngine({ store: path.join(tempDir(), 'cairn.db'), env: {}, cache: false });
    const report = await engine.ingestPaths([path.resolve(folder)], { include });
    expect(report.totals).toMatchObject({ ingested: count, failed: 0 });
  });
  afterAll(() => engine?.close());
  return () => engine!;
}

describe('election results, a safety data sheet, solar generation and a service record (offline answers)', () => {
  const engine = ingested('test/fixtures/round83', ['*.pdf', 'millbrook-*.html', '*.csv', '*.txt'], 5);

  it("quotes a PDF's sentence whole across its printed line-wrap, not from a wrapped line's colon", async () => {
    const answer = await engine().ask('Can ClearBright Kettle Descaler be mixed with bleach?');
    expect(firstQuote(answer.text).trim()).toBe(
      'Do not mix with bleach or other chlorine-based cleaners: contact releases chlorine gas.',
    );
  });

  it('leads "at what temperature" with the prose stating a range in degrees over a table row', async () => {
    const answer = await engine().ask('At what temperature should ClearBright Kettle Descaler be stored?');
    expect(firstQuote(answer.text)).toContain('between 5°C and 30°C');
  });

  it('reads "electricity" in a figure whose label names kilowatt-hours', async () => {
    const answer = await engine().ask(
      "How much electricity did Oakfield Primary's solar panels generate in June 2026?",
    );
    expect(answer.notFound).toBe(false);
    expect(firstQuote(answer.text)).toContain('Generated (kWh): 4812');
  });

  it('counts the votes a cell gives under a "Votes" column', async () => {
    const answer = await engine().ask('How many votes did the Labour candidate get in Millbrook in 2022?');
    expect(answer.notFound).toBe(false);
    expect(answer.text).toContain('| Daniel Frost | Labour Party | 987 |');
  });

  it("leads with a table's newest record for a recency question, though the search ranks the first rows first", async () => {
    const answer = await engine().ask(
      'How much did Oakfield Primary save from its solar panels in the most recent month?',
    );
    expect(firstQuote(answer.text)).toContain('Month: October 2026');
    expect(firstQuote(answer.text)).toContain('Saving (£): 412');
  });

  it('leads with the record holding the most of the field the question names', async () => {
    const answer = await engine().ask(
      'In which month did Oakfield Primary export the most solar electricity?',
    );
    expect(firstQuote(answer.text)).toContain('Month: July 2026');
    expect(firstQuote(answer.text)).toContain('Exported (kWh): 2106');
  });

  it('still says "not found" for what no record states (the number of panels)', async () => {
    const answer = await engine().ask('How many solar panels does Oakfield Primary have?');
    expect(answer.notFound).toBe(true);
    expect(answer.text).toContain('"panels"');
  });
});

describe('monthly figures (CSV) and race results (JSON): a record picked by time (offline answers)', () => {
  const engine = ingested('test/fixtures/round85', ['*.csv', '*.json'], 2);

  it('reads a month written "2026-03" and leads with that record over the one counting the same thing first', async () => {
    const answer = await engine().ask('How many loans did Elmstead Library make in March 2026?');
    const quote = firstQuote(answer.text);
    expect(quote).toContain('Month: 2026-03');
    expect(quote).toContain('Loans: 8549');
  });

  it("quotes the picked record whole, whichever field the question's words name", async () => {
    const answer = await engine().ask('Who won the most recent Harrowgate Running Club race?');
    const quote = firstQuote(answer.text);
    expect(quote).toContain('race: Autumn 10 Mile');
    expect(quote).toContain('winner: Priyesh Shah');
  });

  it('leads with the record holding the fewest of a field', async () => {
    const answer = await engine().ask('In which month did Elmstead Library hold the fewest events?');
    expect(firstQuote(answer.text)).toContain('Month: 2025-12');
  });
});

describe("a loaf's page (HTML): a verb's irregular participle (offline answers)", () => {
  const engine = ingested('test/fixtures/round84', ['hearth-*.html'], 1);

  it('reads "frozen" in "Suitable for freezing", which the stemmer keeps apart', async () => {
    const answer = await engine().ask('How long can the seeded sourdough be frozen?');
    expect(firstQuote(answer.text)).toContain('use within 3 months');
  });
});

describe("a building society's rate sheets for two dates: a word of the present (offline answers)", () => {
  const engine = ingested('test/fixtures/round84', ['fellgate-*.md'], 2);

  it('reads the words before "rate now" as what is asked, though "rate" names the files', async () => {
    const answer = await engine().ask("What is Fellgate Building Society's easy access savings rate now?");
    expect(firstQuote(answer.text)).toContain('| Easy Access Saver | 2.85% |');
  });
});

describe("a weather station's daily readings (CSV): superlatives of a measure (offline answers)", () => {
  const engine = ingested('test/fixtures/round86', ['*.csv'], 1);

  it('ranks "the hottest day" by the column whose unit is a temperature, its maximum', async () => {
    const answer = await engine().ask(
      'What was the hottest day at the Brackley weather station in July 2026?',
    );
    const quote = firstQuote(answer.text);
    expect(quote).toContain('Date: 2026-07-04');
    expect(quote).toContain('Max temp (°C): 28.9');
  });

  it('ranks "the strongest gust" by the column the question names', async () => {
    const answer = await engine().ask('Which day had the strongest gust at the Brackley station?');
    expect(firstQuote(answer.text)).toContain('Max gust (mph): 31');
  });
});

describe("an energy certificate's recommendations (HTML table): a superlative of a column (offline answers)", () => {
  const engine = ingested('test/fixtures/round87', ['epc-*.html'], 1);

  it('leads with the table holding the row with the most in the column the question names', async () => {
    const answer = await engine().ask('Which improvement would save the most each year at 22 Linnet Close?');
    expect(firstQuote(answer.text)).toContain(
      '| Solar photovoltaic panels, 2.5 kWp | £3,500 to £5,500 | £330 |',
    );
  });
});
