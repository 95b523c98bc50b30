import {
  Document,
  EndnoteReferenceRun,
  ExternalHyperlink,
  Footer,
  FootnoteReferenceRun,
  Header,
  HeadingLevel,
  Packer,
  PageNumber,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  Textbox,
  TextRun,
} from 'docx';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { EmptyDocumentError, ParseError } from '../../core/errors.js';
import { DocxParser } from './docx-parser.js';

const cell = (text: string) => new TableCell({ children: [new Paragraph(text)] });

/** A report written by the `docx` package: every feature the parser must carry over. */
async function reportDocx(): Promise<Uint8Array> {
  const document = new Document({
    title: 'Trail Report 2024',
    footnotes: { 1: { children: [new Paragraph('Measured with a GPS unit in May.')] } },
    endnotes: { 1: { children: [new Paragraph('See the park archive for older surveys.')] } },
    sections: [
      {
        headers: { default: new Header({ children: [new Paragraph('Ridge Ranger Quarterly')] }) },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                children: [
                  new TextRun('Internal draft, page '),
                  new TextRun({ children: [PageNumber.CURRENT] }),
                ],
              }),
            ],
          }),
        },
        children: [
          new Paragraph({ text: 'Trail Report', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({
            children: [
              new TextRun('The north_loop trail is 12 km long'),
              new FootnoteReferenceRun(1),
              new TextRun('; see the '),
              new ExternalHyperlink({
                link: 'https://example.com/maps/ranger_station_map.pdf',
                children: [new TextRun({ text: 'ranger_station map', style: 'Hyperlink' })],
              }),
              new TextRun('.'),
              new EndnoteReferenceRun(1),
            ],
          }),
          new Paragraph({ text: 'Equipment', heading: HeadingLevel.HEADING_2 }),
          new Paragraph({ text: 'Water filter', bullet: { level: 0 } }),
          new Paragraph({ text: 'Headlamp', bullet: { level: 0 } }),
          new Paragraph({ text: 'Spare batteries', bullet: { level: 1 } }),
          new Paragraph({ text: 'Segments', heading: HeadingLevel.HEADING_2 }),
          new Table({
            rows: [
              new TableRow({ tableHeader: true, children: [cell('Segment'), cell('Length')] }),
              new TableRow({ children: [cell('Ridge | crest'), cell('4.5 km')] }),
              new TableRow({ children: [cell('Lake shore'), cell('7.5 km')] }),
            ],
          }),
          new Textbox({
            style: { width: '3in', height: '1in' },
            children: [new Paragraph('Sidebar: always carry a whistle.')],
          }),
          new Paragraph('Closing paragraph.'),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}

describe('DocxParser', async () => {
  const parser = new DocxParser();
  const parsed = await parser.parse({ name: 'report.docx', bytes: await reportDocx() });
  const markdown = parsed.pages[0]!.markdown;

  it('takes the first heading when the title property reads like an identifier', async () => {
    const document = new Document({
      title: 'Document1',
      sections: [
        {
          children: [
            new Paragraph({ text: 'Ridge Survey', heading: HeadingLevel.HEADING_1 }),
            new Paragraph('Text.'),
          ],
        },
      ],
    });
    const bytes = new Uint8Array(await Packer.toBuffer(document));
    expect((await new DocxParser().parse({ name: 'survey.docx', bytes })).title).toBe('Ridge Survey');
  });

  it('gives the saved and created dates of the document properties as weak metadata dates', async () => {
    const zip = await JSZip.loadAsync(await reportDocx());
    const core = await zip.file('docProps/core.xml')!.async('string');
    zip.file(
      'docProps/core.xml',
      core
        .replace(/(<dcterms:created[^>]*>)[^<]*/, '$12024-03-04T08:05:00Z')
        .replace(/(<dcterms:modified[^>]*>)[^<]*/, '$12024-03-05T16:00:00Z'),
    );
    const bytes = await zip.generateAsync({ type: 'uint8array' });
    expect((await new DocxParser().parse({ name: 'memo.docx', bytes })).metadataDates).toEqual([
      '2024-03-05T16:00:00Z',
      '2024-03-04T08:05:00Z',
    ]);
    zip.remove('docProps/core.xml');
    const bare = await zip.generateAsync({ type: 'uint8array' });
    expect(await new DocxParser().parse({ name: 'bare.docx', bytes: bare })).not.toHaveProperty(
      'metadataDates',
    );
  });

  it('returns one page and the title from the document properties', () => {
    expect(parsed.mediaType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(parsed.pages.map((page) => page.pageNumber)).toEqual([1]);
    expect(parsed.title).toBe('Trail Report 2024');
  });

  it('turns headings into # headings and keeps nested lists', () => {
    expect(markdown).toMatch(/^# Trail Report\n/);
    expect(markdown).toContain('\n## Equipment\n');
    expect(markdown).toContain('- Water filter\n- Headlamp\n  - Spare batteries');
  });

  it('turns tables into Markdown tables, escaping pipes in cells', () => {
    expect(markdown).toContain(
      [
        '| Segment | Length |',
        '| --- | --- |',
        '| Ridge \\| crest | 4.5 km |',
        '| Lake shore | 7.5 km |',
      ].join('\n'),
    );
  });

  it('keeps link text without URL or escaping noise', () => {
    expect(markdown).toContain('The north_loop trail is 12 km long[1]; see the ranger_station map.[2]');
    expect(markdown).not.toContain('example.com');
    expect(markdown).not.toContain('\\_');
  });

  it('keeps footnotes and endnotes under a Notes heading, without back-links', () => {
    expect(markdown).toMatch(
      /## Notes\n\n1\. Measured with a GPS unit in May\.\n2\. See the park archive for older surveys\./,
    );
    expect(markdown).not.toContain('↑');
  });

  it('keeps text boxes, and header and footer text without page numbers', () => {
    expect(markdown).toContain('Sidebar: always carry a whistle.');
    expect(markdown).toMatch(/## Headers and footers\n\nRidge Ranger Quarterly\n\nInternal draft, page$/);
  });

  it('can leave headers and footers out', async () => {
    const quiet = new DocxParser({ headersAndFooters: false });
    const result = await quiet.parse({ name: 'report.docx', bytes: await reportDocx() });
    expect(result.pages[0]!.markdown).not.toContain('Ridge Ranger Quarterly');
    expect(quiet.fingerprint).not.toBe(parser.fingerprint);
  });

  it('throws EmptyDocumentError for a document without text', async () => {
    const empty = new Document({ sections: [{ children: [new Paragraph('')] }] });
    const bytes = new Uint8Array(await Packer.toBuffer(empty));
    await expect(parser.parse({ name: 'empty.docx', bytes })).rejects.toBeInstanceOf(EmptyDocumentError);
  });

  it('throws ParseError for bytes that are no DOCX', async () => {
    const bytes = new TextEncoder().encode('not a zip');
    await expect(parser.parse({ name: 'fake.docx', bytes })).rejects.toThrow(ParseError);
    const truncated = (await reportDocx()).slice(0, 2000);
    await expect(parser.parse({ name: 'cut.docx', bytes: truncated })).rejects.toThrow(
      /cut\.docx: not a readable DOCX/,
    );
  });

  it('fingerprints itself with the mammoth version', () => {
    expect(parser.fingerprint).toMatch(/^docx\/mammoth@\d+\.\d+\.\d+\/v2$/);
  });
});
