import { describe, expect, it } from 'vitest';
import { EmptyDocumentError, ParseError } from '../../core/errors.js';
import { alignedTables, TextParser, textHeadings } from './text-parser.js';

const parser = new TextParser();
const source = (bytes: Uint8Array | string) => ({
  name: 'notes.txt',
  bytes: typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes,
});

describe('TextParser', () => {
  it('returns the text as one page, kept as it is', async () => {
    const text = '  Indented line\n# not a heading in plain text\n\n| a | b |\n';
    expect(await parser.parse(source(text))).toEqual({
      mediaType: 'text/plain',
      pages: [{ pageNumber: 1, markdown: text }],
    });
  });

  it('splits on form feeds into numbered pages, leaving out pages with nothing on them', async () => {
    const parsed = await parser.parse(source('Page one text.\fPage two text.\f \n\fPage four.\f'));
    expect(parsed.pages).toEqual([
      { pageNumber: 1, markdown: 'Page one text.' },
      { pageNumber: 2, markdown: 'Page two text.' },
      { pageNumber: 4, markdown: 'Page four.' },
    ]);
    await expect(parser.parse(source('\f\f'))).rejects.toBeInstanceOf(EmptyDocumentError);
  });

  it('normalises CRLF and CR line endings', async () => {
    const parsed = await parser.parse(source('one\r\ntwo\rthree'));
    expect(parsed.pages[0]?.markdown).toBe('one\ntwo\nthree');
  });

  it('decodes BOMs and turns NULs into spaces', async () => {
    const parsed = await parser.parse(source(new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x00, 0x69])));
    expect(parsed.pages[0]?.markdown).toBe('h i');
  });

  it('throws EmptyDocumentError for empty or whitespace-only text', async () => {
    await expect(parser.parse(source(''))).rejects.toBeInstanceOf(EmptyDocumentError);
    await expect(parser.parse(source(' \n\t\r\n '))).rejects.toBeInstanceOf(EmptyDocumentError);
  });

  it('throws ParseError for binary data', async () => {
    const binary = new Uint8Array(256).map((_, i) => i);
    await expect(parser.parse(source(binary))).rejects.toThrow(ParseError);
    await expect(parser.parse(source(binary))).rejects.toThrow(/binary data, not text/);
  });

  it('describes itself as a v1 parser of text/plain', () => {
    expect(parser.specificationVersion).toBe('v1');
    expect(parser.mediaTypes).toEqual(['text/plain']);
    expect(parser.fingerprint).toBe('text/plain/v9');
  });
});

describe('textHeadings (stop 67)', () => {
  it("writes a title in capitals and numbered sections' titles as headings, not a title in sentence case", () => {
    const terms =
      'BRIGHTWELL GYM: MEMBERSHIP TERMS\nEffective 1 September 2026\n\n1. Memberships\n' +
      'Anytime membership: £34.99 a month.\n\n2. Classes\nClasses can be booked up to 7 days ahead.\n\n' +
      'Before your appointment\n- Do not eat anything for 6 hours before.\n';
    expect(textHeadings(terms)).toBe(
      '# BRIGHTWELL GYM: MEMBERSHIP TERMS\nEffective 1 September 2026\n\n## 1. Memberships\n' +
        'Anytime membership: £34.99 a month.\n\n## 2. Classes\nClasses can be booked up to 7 days ahead.\n\n' +
        'Before your appointment\n- Do not eat anything for 6 hours before.\n',
    );
  });

  it('leaves lines that title nothing as they are: an address, a field, a sentence, a list, a line in a paragraph', () => {
    const letter =
      'Mrs Eleanor Pryce\n22 Foxglove Way\nRidgemoor RM6 1BT\n\nDear Mrs Pryce\n\n' +
      'Outward journey: Saturday 14 November 2026\n  Depart Hexley 08:42.\n\n' +
      'The hall is closed\non Mondays.\n\n1. Apples\n2. Pears\n\nYour booking\nis confirmed.';
    const out = textHeadings(letter);
    expect(out).not.toMatch(/^#/m);
  });

  it('writes a numbered title in capitals as a heading, with a blank line under it or not (stop 70)', () => {
    // round103: "2. HOW LONG WE KEEP ITEMS" stood over a blank line, so it was read as a line and
    // its "how long" framed nothing; "4 WHARF STREET", an address line, has no section number.
    const policy =
      'TEALWAY BUSES\nLost Property Policy\n\n2. HOW LONG WE KEEP ITEMS\n\n2.1 We keep most items for 28 days.\n\n' +
      '3.1 COLLECTING YOUR ITEM\nBring photo ID.\n\nTravel Centre\n\n4 WHARF STREET\nWENDMOUTH\n';
    expect(textHeadings(policy)).toBe(
      '# TEALWAY BUSES\nLost Property Policy\n\n## 2. HOW LONG WE KEEP ITEMS\n\n2.1 We keep most items for 28 days.\n\n' +
        '## 3.1 COLLECTING YOUR ITEM\nBring photo ID.\n\nTravel Centre\n\n4 WHARF STREET\nWENDMOUTH\n',
    );
  });

  it('writes a title boxed by rules as a heading without its rules, and reads a model code in a title in capitals (stop 75)', () => {
    // round131: "------ / 1. CHARGING / ------" made the rule part of the section's heading path,
    // and "SPARKQUILL S5 …", its title, was no title for its "S5".
    const rule = '-'.repeat(40);
    const guide =
      `SPARKQUILL S5 SONIC ELECTRIC TOOTHBRUSH\nQuick guide\n\n${rule}\n1. CHARGING\n${rule}\n\n` +
      `Charge it fully before first use.\n\n${rule}\n3. USING YOUR SPARKQUILL S5\n${rule}\n\nWet the bristles.\n\n${rule}\n\nThank you.\n`;
    expect(textHeadings(guide)).toBe(
      '# SPARKQUILL S5 SONIC ELECTRIC TOOTHBRUSH\nQuick guide\n\n\n## 1. CHARGING\n\n\n' +
        `Charge it fully before first use.\n\n\n## 3. USING YOUR SPARKQUILL S5\n\n\nWet the bristles.\n\n${rule}\n\nThank you.\n`,
    );
    // A number alone in capitals is still an address's, no title.
    expect(textHeadings('Travel Centre\n\n4 WHARF STREET\nWENDMOUTH\n')).not.toMatch(/^#/m);
  });

  it('leaves text that already writes Markdown headings as it is', () => {
    const text = '# Notes\n\nPrice\nThe price is £5.';
    expect(textHeadings(text)).toBe(text);
  });

  it("keeps the headings as the chunk's heading path when parsed", async () => {
    const parsed = await parser.parse(
      source('CONTRACT SUMMARY\n\n1. Price\n£29.99 a month for the first 24 months.\n'),
    );
    expect(parsed.pages[0]?.markdown).toBe(
      '# CONTRACT SUMMARY\n\n## 1. Price\n£29.99 a month for the first 24 months.\n',
    );
  });
});

describe('alignedTables (stop 72)', () => {
  it('writes a table aligned with spaces as a Markdown table, a cell running up to the next column kept whole', () => {
    const text = [
      'COOKING PROGRAMMES',
      '',
      'Programme     Default temp   Temp range     Notes',
      'Air Fry       200°C          150-240°C      For chips, wings, frozen food',
      'Max Crisp     240°C          not adjustable Frozen food only; no preheat',
      '',
      'The appliance remembers the last settings.',
    ].join('\n');
    expect(alignedTables(text)).toBe(
      [
        'COOKING PROGRAMMES',
        '',
        '| Programme | Default temp | Temp range | Notes |',
        '| --- | --- | --- | --- |',
        '| Air Fry | 200°C | 150-240°C | For chips, wings, frozen food |',
        '| Max Crisp | 240°C | not adjustable | Frozen food only; no preheat |',
        '',
        'The appliance remembers the last settings.',
      ].join('\n'),
    );
  });

  it('joins a row wrapped over lines, and sets the lead-in line above the table apart', () => {
    const text = [
      'If something goes wrong:',
      'Problem / display      Possible cause                   What to do',
      'White smoke            Fat from greasy food burning     Pour off excess fat from the basket',
      '                       in the bottom of the basket      and clean the basket.',
      'Basket will not slide  Crisper plate not seated flat    Remove the basket and refit the',
      'in fully                                                crisper plate until it clicks.',
    ].join('\n');
    expect(alignedTables(text).split('\n')).toEqual([
      'If something goes wrong:',
      '',
      '| Problem / display | Possible cause | What to do |',
      '| --- | --- | --- |',
      '| White smoke | Fat from greasy food burning in the bottom of the basket | Pour off excess fat from the basket and clean the basket. |',
      '| Basket will not slide in fully | Crisper plate not seated flat | Remove the basket and refit the crisper plate until it clicks. |',
    ]);
  });

  it('leaves two columns of terms, a line of fields parted by bars, and prose as they are', () => {
    const text = [
      'POWER      Switches the appliance on or off.',
      'MATCH      Copies the settings of Zone 1 to Zone 2.',
      'LIGHT      Switches on the window light.',
      '',
      'Model CR-AF5D  |  Vantomere Appliances Ltd  |  Guide version 2.0',
      '',
      'Pulling out one basket pauses only that zone.  Put it back within 30 seconds.',
      'Otherwise press START.  Cooking  carries on.',
    ].join('\n');
    expect(alignedTables(text)).toBe(text);
  });

  it('reads a table with a rule of dashes under its header at any indent, its columns cut at the dashes (stop 76)', () => {
    const text = [
      'Run times are for a full battery.',
      '',
      '  Mode       Suction   Run time (up to)   What it does',
      '  ---------  --------  -----------------  ---------------------------',
      '  Quiet      Low       180 minutes        Whole-home clean at 55 dB;',
      '                                          good for night-time.',
      '  Turbo      High      70 minutes         Maximum suction for carpets.',
      '',
      'No. Stitch              Width',
      '--- ------------------  -----',
      '01  Straight (left)     0',
      '02  Zigzag              5.0',
    ].join('\n');
    expect(alignedTables(text).split('\n')).toEqual([
      'Run times are for a full battery.',
      '',
      '| Mode | Suction | Run time (up to) | What it does |',
      '| --- | --- | --- | --- |',
      '| Quiet | Low | 180 minutes | Whole-home clean at 55 dB; good for night-time. |',
      '| Turbo | High | 70 minutes | Maximum suction for carpets. |',
      '',
      '| No. | Stitch | Width |',
      '| --- | --- | --- |',
      '| 01 | Straight (left) | 0 |',
      '| 02 | Zigzag | 5.0 |',
    ]);
  });

  it('joins a ruled table’s header wrapped over lines and first cells wrapped by indent or in lower case (stop 76)', () => {
    const text = [
      '  Care level      We will repair a',
      '                  total loss',
      '  --------------  ----------------',
      '  Standard Care   within 2 working',
      '                  days',
      '  Fresh chips     by the end of',
      '    (soaked)      the next day',
      '  Engineer does   £30.00 per',
      '  not arrive      appointment',
      '  --------------  ----------------',
    ].join('\n');
    expect(alignedTables(text).split('\n')).toEqual([
      '| Care level | We will repair a total loss |',
      '| --- | --- |',
      '| Standard Care | within 2 working days |',
      '| Fresh chips (soaked) | by the end of the next day |',
      '| Engineer does not arrive | £30.00 per appointment |',
    ]);
  });

  it('reads a figure aligned right in the first column as a row of its own', () => {
    const text = ['  No.  Stitch', '  ---  -------', '    9  Zigzag', '   10  Ric-rac'].join('\n');
    expect(alignedTables(text).split('\n')).toEqual([
      '| No. | Stitch |',
      '| --- | --- |',
      '| 9 | Zigzag |',
      '| 10 | Ric-rac |',
    ]);
  });

  it('keeps a lead-in line above a ruled table, and leaves a rule over one row as it is', () => {
    const lines = [
      'If the light flashes, it means:',
      '  Light      Meaning',
      '  ---------  --------',
      '  Green      Ready',
      '  Amber      Heating',
    ];
    expect(alignedTables(lines.join('\n')).split('\n')).toEqual([
      'If the light flashes, it means:',
      '',
      '| Light | Meaning |',
      '| --- | --- |',
      '| Green | Ready |',
      '| Amber | Heating |',
    ]);
    const single = ['  Mode       Suction', '  ---------  --------', '  Quiet      Low'].join('\n');
    expect(alignedTables(single)).toBe(single);
  });

  it('reads the rows of a plain text file’s table as rows under their header when parsed', async () => {
    const text =
      'FOOD             AMOUNT     TEMP     TIME\nChicken wings    800 g      200°C    22-25 min\nSalmon fillets   2 x 150 g  180°C    10-12 min\n';
    const [page] = (await parser.parse(source(text))).pages;
    expect(page!.markdown).toContain('| Chicken wings | 800 g | 200°C | 22-25 min |');
  });
});
