import { Document, Packer, Paragraph } from 'docx';
import JSZip from 'jszip';
import pptxgen from 'pptxgenjs';
import { describe, expect, it } from 'vitest';
import { ParseLimitError } from '../../core/errors.js';
import { DocxParser } from './docx-parser.js';
import { PptxParser } from './pptx-parser.js';

// pptxgenjs's declarations describe its CommonJS build (see pptx-parser.test.ts).
const PptxGenJS = pptxgen as unknown as typeof pptxgen.default;

const MiB = 1024 * 1024;

async function simpleDocx(): Promise<Uint8Array> {
  const document = new Document({ sections: [{ children: [new Paragraph('Ordinary body text.')] }] });
  return new Uint8Array(await Packer.toBuffer(document));
}

/** `docx` with `word/document.xml` holding `paragraphs` copies of one paragraph (highly compressible). */
async function bloatedDocx(paragraphs: number): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(await simpleDocx());
  const xml = await zip.file('word/document.xml')!.async('string');
  const paragraph = '<w:p><w:r><w:t>All work and no play makes Jack a dull boy.</w:t></w:r></w:p>';
  zip.file('word/document.xml', xml.replace('<w:body>', `<w:body>${paragraph.repeat(paragraphs)}`));
  return new Uint8Array(await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }));
}

/** Rewrites the sizes the zip's headers claim for `name` (local and central), as a hostile file would. */
function lieAboutSize(bytes: Uint8Array, name: string, claimed: number): Uint8Array {
  const out = Buffer.from(bytes);
  const target = Buffer.from(name);
  for (let at = out.indexOf(target); at !== -1; at = out.indexOf(target, at + 1)) {
    if (out.readUInt32LE(at - 30) === 0x04034b50) out.writeUInt32LE(claimed, at - 30 + 22);
    if (out.readUInt32LE(at - 46) === 0x02014b50) out.writeUInt32LE(claimed, at - 46 + 24);
  }
  return new Uint8Array(out);
}

describe('zip-bomb limits on the bytes actually inflated', () => {
  it('refuses word/document.xml once it inflates past maxPartBytes', async () => {
    const bytes = await bloatedDocx(15_000); // about 1.2 MB of XML in a few tens of KB
    expect(bytes.length).toBeLessThan(100_000);
    const parser = new DocxParser({ maxPartBytes: MiB / 2 });
    const failure = parser.parse({ name: 'bomb.docx', bytes });
    await expect(failure).rejects.toBeInstanceOf(ParseLimitError);
    await expect(failure).rejects.toThrow(
      /word\/document\.xml inflates to more than 512 KiB; refusing it as a zip bomb/,
    );
    // The same file within the limits is an ordinary document.
    const parsed = await new DocxParser().parse({ name: 'big.docx', bytes });
    expect(parsed.pages[0]!.markdown).toContain('All work and no play');
  });

  it('catches headers that claim a small size', async () => {
    const bytes = lieAboutSize(await bloatedDocx(15_000), 'word/document.xml', 100);
    await expect(
      new DocxParser({ maxPartBytes: MiB / 2 }).parse({ name: 'liar.docx', bytes }),
    ).rejects.toMatchObject({ code: 'PARSE_FAILED', limit: 'size' });
  });

  it('caps all parts read together by maxTotalBytes', async () => {
    const bytes = await bloatedDocx(10_000); // about 0.8 MB
    await expect(
      new DocxParser({ maxPartBytes: 4 * MiB, maxTotalBytes: MiB / 2 }).parse({ name: 'total.docx', bytes }),
    ).rejects.toThrow(/parts inflate to more than 512 KiB together/);
  });

  it('refuses an 80 MiB body with the default limits, whatever its headers claim', async () => {
    const bytes = lieAboutSize(await bloatedDocx(1_000_000), 'word/document.xml', 1000);
    await expect(new DocxParser().parse({ name: 'default.docx', bytes })).rejects.toThrow(/more than 64 MiB/);
  });

  it('fails a presentation with one bomb slide whole, even when other slides read', async () => {
    const deck = new PptxGenJS();
    deck.addSlide().addText('First slide text', { x: 1, y: 1, w: 5, h: 1 });
    deck.addSlide().addText('Second slide text', { x: 1, y: 1, w: 5, h: 1 });
    const zip = await JSZip.loadAsync((await deck.write({ outputType: 'uint8array' })) as Uint8Array);
    const slide = await zip.file('ppt/slides/slide2.xml')!.async('string');
    zip.file(
      'ppt/slides/slide2.xml',
      slide.replace('</p:spTree>', `${'<!-- padding -->'.repeat(200_000)}</p:spTree>`),
    );
    const bytes = new Uint8Array(await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }));
    await expect(
      new PptxParser({ maxPartBytes: 1 * MiB }).parse({ name: 'deck.pptx', bytes }),
    ).rejects.toThrow(/ppt\/slides\/slide2\.xml inflates to more than 1 MiB/);
  });
});
