/**
 * Hostile inputs built with real libraries, for the tests that check that nothing kills a batch
 * and nothing runs away: a PDF whose page content inflates to gigabytes (a decompression bomb).
 */
import { constants, deflateRawSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFRawStream, StandardFonts } from 'pdf-lib';

/**
 * A zlib stream that inflates to `mib` MiB of spaces from about `mib` KiB: one 1 MiB deflate
 * block, flushed to a byte boundary so that copies of it follow each other, repeated.
 */
export function deflateBomb(mib: number): Uint8Array {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024, 0x20), { finishFlush: constants.Z_SYNC_FLUSH });
  const parts = [Buffer.from([0x78, 0x9c])];
  for (let i = 0; i < mib; i++) parts.push(block);
  // A final empty stored block and a (wrong) Adler-32: readers stop at the end of the data anyway.
  parts.push(Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff, 0, 0, 0, 0]));
  return new Uint8Array(Buffer.concat(parts));
}

/** A one-page PDF whose page content stream inflates to `mib` MiB (text read inflates it all). */
export async function pdfDecompressionBomb(mib: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 300]);
  page.drawText('cover', { x: 10, y: 10, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  const data = deflateBomb(mib);
  const stream = PDFRawStream.of(doc.context.obj({ Filter: 'FlateDecode', Length: data.length }), data);
  page.node.set(PDFName.of('Contents'), doc.context.register(stream));
  return doc.save();
}
