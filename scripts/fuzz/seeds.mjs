// The seed files the fuzz harness mutates: one or more of every format cairn reads, written with
// the libraries the tests use (pdf-lib, docx, pptxgenjs, lamejs) plus the repository's fixtures
// (test/fixtures/parsers) and example PDFs (examples/).
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { Mp3Encoder } from '@breezystack/lamejs';
import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import pptxgen from 'pptxgenjs';

const root = new URL('../../', import.meta.url);
const read = (path) => new Uint8Array(readFileSync(new URL(path, root)));
const text = (value) => new TextEncoder().encode(value);

async function textPdf() {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.setTitle('Fuzz seed');
  for (let p = 0; p < 2; p++) {
    const page = doc.addPage([400, 400]);
    page.drawText(`Seed page ${p + 1}: a state-of-the-`, { x: 20, y: 360, size: 12, font });
    page.drawText('art method, well-known and tested.', { x: 20, y: 345, size: 12, font });
    page.drawText('Name: Value | Other: Thing', { x: 20, y: 320, size: 12, font });
  }
  // A classic cross-reference table (no object streams): mutations then hit its entries.
  return doc.save({ useObjectStreams: false });
}

async function scannedPdf() {
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(read('test/fixtures/parsers/scan.png'));
  const page = doc.addPage([320, 75]);
  page.drawImage(image, { x: 0, y: 0, width: 320, height: 75 });
  return doc.save();
}

async function docx() {
  const cell = (value) => new TableCell({ children: [new Paragraph(value)] });
  const document = new Document({
    title: 'Fuzz seed',
    sections: [
      {
        children: [
          new Paragraph({ text: 'Seed document', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({
            children: [new TextRun('A paragraph with '), new TextRun({ text: 'bold', bold: true })],
          }),
          new Paragraph({ text: 'One bullet', bullet: { level: 0 } }),
          new Table({
            rows: [
              new TableRow({ children: [cell('a'), cell('b')] }),
              new TableRow({ children: [cell('1'), cell('2')] }),
            ],
          }),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}

async function pptx() {
  const PptxGenJS = pptxgen.default ?? pptxgen;
  const deck = new PptxGenJS();
  const slide = deck.addSlide();
  slide.addText('Seed slide title', { x: 0.5, y: 0.3, w: 8, h: 1, fontSize: 28 });
  slide.addText('A point on the slide', { x: 0.5, y: 1.5, w: 8, h: 1, bullet: true });
  slide.addTable(
    [
      [{ text: 'k' }, { text: 'v' }],
      [{ text: '1' }, { text: '2' }],
    ],
    { x: 0.5, y: 3, w: 4 },
  );
  slide.addNotes('Speaker notes of the seed.');
  return new Uint8Array(await deck.write({ outputType: 'uint8array' }));
}

/** A small grey PNG (encoded here: filter bytes, zlib, CRCs). */
function png(width, height, pixel) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'latin1');
    data.copy(out, 8);
    out.writeUInt32BE(crc(out.subarray(4, 8 + data.length)), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) rows[y * (width + 1) + 1 + x] = pixel(x, y);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(rows)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

function wav(seconds = 0.5, rate = 8000) {
  const samples = Math.floor(seconds * rate);
  const out = Buffer.alloc(44 + samples * 2);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(36 + samples * 2, 4);
  out.write('WAVEfmt ', 8, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++)
    out.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return new Uint8Array(out);
}

function mp3() {
  const encoder = new Mp3Encoder(1, 16000, 32);
  const pcm = Int16Array.from({ length: 16000 }, (_, i) =>
    Math.round(8000 * Math.sin((2 * Math.PI * 300 * i) / 16000)),
  );
  return new Uint8Array(
    Buffer.concat([Buffer.from(encoder.encodeBuffer(pcm)), Buffer.from(encoder.flush())]),
  );
}

const MARKDOWN = [
  '---',
  'title: Fuzz seed',
  '---',
  '# [Seed](https://example.com) heading',
  '',
  'A paragraph with *emphasis*, a [link](https://example.com/x "t") and `code`.',
  '',
  '## Lists',
  '',
  '- one',
  '  - nested',
  '    1. deeper',
  '',
  '| a | b |',
  '| --- | :-: |',
  '| 1 | 2 |',
  '',
  '```js',
  'const x = 1;',
  '```',
  '',
  'Setext heading',
  '==============',
  '',
  '> quoted text',
  '',
  '```',
  'never closed',
].join('\n');

const HTML = `<!doctype html><html><head><title>Seed page</title><style>p{}</style></head><body>
<nav>menu</nav><main><h1>Seed page</h1><p>Some <b>text</b> and a <a href="/x">link</a>.</p>
<table><tr><th>k</th><th>v</th></tr><tr><td>1</td><td>2</td></tr></table>
<ul><li>one<ul><li>two</li></ul></li></ul><div><div><div>nested</div></div></div></main><footer>foot</footer></body></html>`;

/** The seeds: `{ name, format, extension, bytes }`, the same for every run. */
export async function seedFiles() {
  const seeds = [
    { name: 'text-pdf', format: 'pdf', extension: 'pdf', bytes: await textPdf() },
    { name: 'scanned-pdf', format: 'pdf', extension: 'pdf', bytes: await scannedPdf() },
    { name: 'ntsb-pdf', format: 'pdf', extension: 'pdf', bytes: read('examples/20071229X02007.pdf') },
    {
      name: 'encrypted-pdf',
      format: 'pdf',
      extension: 'pdf',
      bytes: read('test/fixtures/parsers/encrypted.pdf'),
    },
    { name: 'docx', format: 'docx', extension: 'docx', bytes: await docx() },
    { name: 'pptx', format: 'pptx', extension: 'pptx', bytes: await pptx() },
    {
      name: 'article-html',
      format: 'html',
      extension: 'html',
      bytes: read('test/fixtures/parsers/article.html'),
    },
    { name: 'html', format: 'html', extension: 'html', bytes: text(HTML) },
    { name: 'markdown', format: 'markdown', extension: 'md', bytes: text(MARKDOWN) },
    {
      name: 'text',
      format: 'text',
      extension: 'txt',
      bytes: text('Plain text.\r\nSecond line with a tab\tand NUL\u0000here.\n'),
    },
    { name: 'csv', format: 'text', extension: 'csv', bytes: text('a,b,c\n1,2,3\n4,5,6\n') },
    { name: 'scan-png', format: 'image', extension: 'png', bytes: read('test/fixtures/parsers/scan.png') },
    {
      name: 'small-png',
      format: 'image',
      extension: 'png',
      bytes: png(64, 32, (x, y) => (((x >> 3) + (y >> 3)) % 2 ? 0 : 255)),
    },
    { name: 'scan-jpg', format: 'image', extension: 'jpg', bytes: read('test/fixtures/parsers/scan.jpg') },
    { name: 'scan-tiff', format: 'image', extension: 'tiff', bytes: read('test/fixtures/parsers/scan.tiff') },
    { name: 'wav', format: 'audio', extension: 'wav', bytes: wav() },
    { name: 'mp3', format: 'audio', extension: 'mp3', bytes: mp3() },
  ];
  return seeds;
}
