import JSZip from 'jszip';
import pptxgen from 'pptxgenjs';
import { describe, expect, it } from 'vitest';
import { EmptyDocumentError, ParseError } from '../../core/errors.js';
import { PptxParser } from './pptx-parser.js';

// pptxgenjs ships one declaration file, for its CommonJS build; under NodeNext TypeScript reads
// its default export as `.default`, while Node's ESM import hands over the class itself.
const PptxGenJS = pptxgen as unknown as typeof pptxgen.default;

/**
 * Wraps the slide's second and third shapes in a group (`p:grpSp`), as PowerPoint writes one:
 * pptxgenjs cannot group shapes itself.
 */
async function groupShapes(bytes: Uint8Array, slidePath: string): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(bytes);
  const xml = await zip.file(slidePath)!.async('string');
  const shapes = [...xml.matchAll(/<p:sp>[\s\S]*?<\/p:sp>/g)].map((match) => match[0]);
  const group =
    '<p:grpSp><p:nvGrpSpPr><p:cNvPr id="90" name="Group 1"/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr>' +
    '<p:grpSpPr/>' +
    `${shapes[1]}${shapes[2]}</p:grpSp>`;
  const grouped = xml.replace(shapes[1]!, group).replace(shapes[2]!, '');
  zip.file(slidePath, grouped);
  return new Uint8Array(await zip.generateAsync({ type: 'uint8array' }));
}

/** A deck written by pptxgenjs: a title placeholder, grouped shapes, a list, a table, notes. */
async function deck(): Promise<Uint8Array> {
  const pptx = new PptxGenJS();
  pptx.title = 'Trail Review Deck';
  pptx.defineSlideMaster({
    title: 'TITLED',
    objects: [
      { placeholder: { options: { name: 'title', type: 'title', x: 0.5, y: 0.2, w: 9, h: 1 }, text: '' } },
    ],
  });
  // Added first, listed second: the parser must follow the presentation's slide order.
  const first = pptx.addSlide({ masterName: 'TITLED' });
  first.addText('Quarterly Trail Review', { placeholder: 'title' });
  first.addText('Grouped note about bridges', { x: 1, y: 1.5, w: 4, h: 0.5 });
  first.addText('Grouped note about ferries', { x: 1, y: 2, w: 4, h: 0.5 });
  first.addText(
    [
      { text: 'Bridge repairs done', options: { bullet: true } },
      { text: 'North span', options: { bullet: true, indentLevel: 1 } },
      { text: 'Budget approved', options: { bullet: true } },
    ],
    { x: 1, y: 3, w: 6, h: 1.5 },
  );
  first.addNotes('Mention the 40,000 dollar bridge budget.');

  const second = pptx.addSlide();
  second.addText('Trail status', { x: 0.5, y: 0.2, w: 8, h: 0.8, fontSize: 32 });
  second.addTable(
    [
      [{ text: 'Trail' }, { text: 'Status' }],
      [{ text: 'North loop' }, { text: 'Open' }],
      [{ text: 'Lake | shore' }, { text: 'Closed' }],
    ],
    { x: 1, y: 1.5, w: 6 },
  );
  pptx.addSlide();
  const bytes = new Uint8Array((await pptx.write({ outputType: 'uint8array' })) as Uint8Array);
  return groupShapes(bytes, 'ppt/slides/slide1.xml');
}

describe('PptxParser', async () => {
  const parser = new PptxParser();
  const bytes = await deck();
  const parsed = await parser.parse({ name: 'deck.pptx', bytes });
  const slide = (n: number) => parsed.pages[n - 1]!.markdown;

  it('returns one page per slide, numbered in presentation order', () => {
    expect(parsed.mediaType).toBe(
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    );
    expect(parsed.pages.map((page) => page.pageNumber)).toEqual([1, 2, 3]);
    expect(parsed.title).toBe('Trail Review Deck');
  });

  it('gives the dates of the document properties as weak metadata dates', () => {
    // pptxgenjs stamps both with the time it wrote the deck.
    expect(parsed.metadataDates).toHaveLength(2);
    for (const date of parsed.metadataDates ?? []) expect(date).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('takes the first slide title when the title property is the default one', async () => {
    const pptx = new PptxGenJS();
    pptx.title = 'PowerPoint Presentation';
    pptx.addSlide().addText('Ferry Schedule', { x: 0.5, y: 0.2, w: 8, h: 0.8, fontSize: 32 });
    const bytes = new Uint8Array((await pptx.write({ outputType: 'uint8array' })) as Uint8Array);
    expect((await parser.parse({ name: 'ferry.pptx', bytes })).title).toBe('Ferry Schedule');
  });

  it('opens each slide with its title as a # heading', () => {
    expect(slide(1)).toMatch(/^# Quarterly Trail Review\n\n/);
    // No title placeholder: the topmost one-line text box is the title.
    expect(slide(2)).toMatch(/^# Trail status\n\n/);
  });

  it('reads grouped shapes and bulleted lists', () => {
    expect(slide(1)).toContain('Grouped note about bridges\n\nGrouped note about ferries');
    expect(slide(1)).toContain('- Bridge repairs done\n  - North span\n- Budget approved');
  });

  it('turns tables into Markdown tables', () => {
    expect(slide(2)).toContain(
      ['| Trail | Status |', '| --- | --- |', '| North loop | Open |', '| Lake \\| shore | Closed |'].join(
        '\n',
      ),
    );
  });

  it('appends speaker notes under a Notes heading', () => {
    expect(slide(1)).toMatch(/## Notes\n\nMention the 40,000 dollar bridge budget\.$/);
    expect(slide(2)).not.toContain('## Notes');
  });

  it('keeps an empty page for a slide without text', () => {
    expect(slide(3)).toBe('');
  });

  it('follows the slide order of presentation.xml, not the part names', async () => {
    const zip = await JSZip.loadAsync(bytes);
    const presentation = await zip.file('ppt/presentation.xml')!.async('string');
    const swapped = presentation.replace(
      /(<p:sldId [^>]*r:id=")(rId\d+)("[^>]*\/>)(<p:sldId [^>]*r:id=")(rId\d+)("[^>]*\/>)/,
      '$1$5$3$4$2$6',
    );
    expect(swapped).not.toBe(presentation);
    zip.file('ppt/presentation.xml', swapped);
    const reordered = await parser.parse({
      name: 'deck.pptx',
      bytes: new Uint8Array(await zip.generateAsync({ type: 'uint8array' })),
    });
    expect(reordered.pages[0]!.markdown).toMatch(/^# Trail status/);
    expect(reordered.pages[1]!.markdown).toMatch(/^# Quarterly Trail Review/);
  });

  it('throws EmptyDocumentError for a deck without text', async () => {
    const pptx = new PptxGenJS();
    pptx.addSlide();
    const empty = new Uint8Array((await pptx.write({ outputType: 'uint8array' })) as Uint8Array);
    await expect(parser.parse({ name: 'empty.pptx', bytes: empty })).rejects.toBeInstanceOf(
      EmptyDocumentError,
    );
  });

  it('throws ParseError for bytes that are no PPTX', async () => {
    await expect(
      parser.parse({ name: 'fake.pptx', bytes: new TextEncoder().encode('nope') }),
    ).rejects.toThrow(ParseError);
    await expect(parser.parse({ name: 'cut.pptx', bytes: bytes.slice(0, 3000) })).rejects.toThrow(ParseError);
  });
});
