/**
 * Price lists printed from HTML by a browser (blind round135 and round137, stop 75; round147,
 * stop 78): a row whose cells wrap goes on in the next line, a wrapped header cell heads its own
 * column only, and a cell spanning columns hides none of them. Parsed from the fixtures' real PDFs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PdfParser } from '../src/ingest/parsers/pdf-parser.js';

async function markdownOf(file: string): Promise<string> {
  const parsed = await new PdfParser().parse({
    name: path.basename(file),
    bytes: new Uint8Array(readFileSync(file)),
    mediaType: 'application/pdf',
  });
  return parsed.pages.map((page) => page.markdown).join('\n\n');
}

describe('tables of price lists printed by a browser (stop 75)', () => {
  it('joins a row whose cells break off mid-phrase, and heads each column by its own header cell', async () => {
    const markdown = await markdownOf('test/fixtures/round137/keystead-locksmiths-charges-2027.pdf');
    // ("(incl. first 30", the cell's middle line, no longer heads "When" too: "When" has a header
    // cell of its own, stop 78.)
    expect(markdown).toContain(
      '| Time band | When | Call-out fee (incl. first 30 min) | Each extra 15 min |',
    );
    expect(markdown).toContain(
      '| Evenings and Saturdays | Monday to Friday 7pm to 10pm; Saturday 8am to 6pm | £95.00 | £20.00 |',
    );
    expect(markdown).toContain(
      '| Christmas and New Year | All day on 25 December, 26 December and 1 January | £190.00 | £35.00 |',
    );
    expect(markdown).not.toMatch(/^\| Saturdays \|/m);
  });

  it('keeps the columns a cell spanning them covers ("Monday | Closed …" under four headers)', async () => {
    const markdown = await markdownOf('test/fixtures/round135/hartlecombe-riding-school-prices-2026.pdf');
    expect(markdown).toContain('| Days | Yard office | First lesson | Last lesson starts |');
    expect(markdown).toContain('| Tuesday to Friday | 8:30am – 6pm | 9:30am | 5pm |');
    expect(markdown).toContain('| Lesson | Length | Riders | Price per rider |');
  });

  it('keeps a plan name wrapped in its row, and a header cell’s last line in its own column (stop 78)', async () => {
    // Numbers right-aligned, labels wrapped: "Monthly" over "price" at the column's right edge
    // beside "Storage", which has no second line; "Lumigrove" over "Lite" beside the row's figures.
    const markdown = await markdownOf('test/fixtures/round147/lumigrove-photos-plans-and-terms-2027.pdf');
    expect(markdown).toContain('| Plan | Storage | Monthly price | Annual price | Who can use it |');
    expect(markdown).toContain('| Lumigrove Lite | 100 GB | £1.79 | £17.99 | 1 person |');
    expect(markdown).toContain(
      '| Lumigrove Family | 2 TB (shared) | £9.99 | £99.99 | The plan owner and up to 5 others (6 people in total) |',
    );
    expect(markdown).not.toMatch(/^\| (?:Lite|Plus|Family|Studio) \|/m);
  });

  it('heads only its own column with a wrapped header line in a table of text columns (stop 78)', async () => {
    // "Session" over "length" beside "Who it is for", which has no second line.
    const markdown = await markdownOf('test/fixtures/round136/copperlane-portrait-packages-2027.pdf');
    expect(markdown).toContain('| Package | Session length | Who it is for | What you receive | Price |');
    expect(markdown).not.toContain('Who it is for length');
  });

  it('reads a cell of a dash alone as a value, not a phrase the next line goes on (stop 78)', async () => {
    // "–" (none) under "Half day" and "Full day" had joined the next row's first label line to it.
    const markdown = await markdownOf(
      'test/fixtures/round148/tullybrook-boat-hire-prices-and-rules-2027.pdf',
    );
    expect(markdown).toContain('| Stand-up paddleboard | 1 | £16 | £28 | – | – |');
    expect(markdown).toContain(
      '| Electric day boat (“Kingfisher” class) | up to 6 | £48 | £88 | £165 | £260* |',
    );
  });
});
