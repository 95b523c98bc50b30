import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { openSqliteCache } from '../src/cache/sqlite-cache.js';
import type { Source } from '../src/core/types.js';
import { createEngine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { parseCacheKey } from '../src/ingest/parse-cache.js';
import { MarkdownParser } from '../src/ingest/parsers/markdown-parser.js';
import { PdfParser } from '../src/ingest/parsers/pdf-parser.js';
import { contentHash } from '../src/ingest/pipeline.js';
import { PIPER_REPORT, tempDir } from './support/corpus.js';

/** Real parsers that count how often they run. */
function counting<P extends MarkdownParser | PdfParser>(parser: P): P & { calls: number } {
  const counted = parser as P & { calls: number };
  counted.calls = 0;
  const parse = parser.parse.bind(parser);
  counted.parse = async (source: Source) => {
    counted.calls++;
    return parse(source);
  };
  return counted;
}

describe('parse cache', () => {
  it('re-uses a parse across chunk sizes and file names, and treats a malformed entry as a miss', async () => {
    const dir = tempDir();
    const docs = path.join(dir, 'docs');
    mkdirSync(docs);
    copyFileSync(PIPER_REPORT, path.join(docs, 'piper.pdf'));
    writeFileSync(path.join(docs, 'notes.md'), '# Notes\n\nOtters hold hands while sleeping.\n');
    const cache = openSqliteCache(path.join(dir, 'cache.db'));
    const pdf = counting(new PdfParser());
    const markdown = counting(new MarkdownParser());
    const parse = { parsers: { pdf, markdown } };
    const db = path.join(dir, 'cairn.db');

    const first = await createEngine({ store: await openStore(db), cache, parse });
    expect((await first.ingestPaths([docs])).totals.ingested).toBe(2);
    expect([pdf.calls, markdown.calls]).toEqual([1, 1]);

    const rechunked = await createEngine({
      store: first.store,
      cache,
      parse,
      chunkSize: 100,
      chunkOverlap: 10,
    });
    const report = await rechunked.ingestPaths([docs]);
    expect(report.totals).toMatchObject({ ingested: 2, unchanged: 0 });
    expect([pdf.calls, markdown.calls]).toEqual([1, 1]);
    const doc = await first.store.getDocument({ collection: 'default' }, 'piper.pdf');
    expect(doc!.chunkCount).toBeGreaterThan(report.items.find((i) => i.documentId === 'notes.md')!.chunks);
    expect((await rechunked.search('Tallahassee')).hits[0]!.chunk.tokenCount).toBeLessThanOrEqual(100);

    copyFileSync(PIPER_REPORT, path.join(docs, 'renamed.pdf'));
    await rechunked.ingestPaths([docs]);
    expect(pdf.calls).toBe(1);

    // --force re-ingests unchanged files, as README and the help say, from the cached pages;
    // only without the cache (--no-cache) are they parsed again.
    const forced = await rechunked.ingestPaths([docs], { force: true });
    expect(forced.totals).toMatchObject({ ingested: 3, unchanged: 0 });
    expect(pdf.calls).toBe(1);
    const uncached = await createEngine({ store: first.store, parse, chunkSize: 100, chunkOverlap: 10 });
    await uncached.ingestPaths([path.join(docs, 'piper.pdf')], { root: docs, force: true });
    expect(pdf.calls).toBe(2);

    const notes = Buffer.from('# Notes\n\nOtters hold hands while sleeping.\n');
    await cache.set(parseCacheKey(contentHash(notes), markdown.fingerprint), '{"pages": "garbage"}');
    await rechunked.ingestPaths([docs], { force: true });
    expect(markdown.calls).toBe(2);
    expect((await rechunked.search('otters')).hits[0]!.chunk.documentId).toBe('notes.md');
    await first.close();
    cache.close();
  });

  it('keeps no parse whose page images could not be read, so the next parse reads them again', async () => {
    // A typed page and a scanned one, as a real scanner-and-printer document comes.
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc
      .addPage([480, 135])
      .drawText('A typed cover page with a text layer of its own.', { x: 10, y: 60, size: 10, font });
    const scan = await doc.embedPng(new Uint8Array(readFileSync('test/fixtures/parsers/scan.png')));
    doc
      .addPage([scan.width, scan.height])
      .drawImage(scan, { x: 0, y: 0, width: scan.width, height: scan.height });
    const bytes = await doc.save();
    const dir = tempDir();
    writeFileSync(path.join(dir, 'scan.pdf'), bytes);
    // A vision model that is down for the first read and back for the next.
    let calls = 0;
    const pdf = new PdfParser({
      transcribe: async (image) => {
        calls++;
        if (calls === 1) throw new Error('vision endpoint unavailable (503)');
        return `Transcribed heron sighting on page ${image.pageNumber}`;
      },
      transcriberId: 'flaky-vision',
    });
    const cache = openSqliteCache(path.join(dir, 'cache.db'));
    const engine = await createEngine({
      store: await openStore(path.join(dir, 'cairn.db')),
      cache,
      parse: { parsers: { pdf } },
    });
    const key = parseCacheKey(contentHash(Buffer.from(bytes)), pdf.fingerprint);

    const first = await engine.ingestPaths([path.join(dir, 'scan.pdf')], { root: dir });
    expect(first.totals.ingested).toBe(1);
    expect((await engine.search('heron')).hits).toEqual([]);
    expect(await cache.get(key)).toBeUndefined();

    await engine.ingestPaths([path.join(dir, 'scan.pdf')], { root: dir, force: true });
    expect(calls).toBe(2);
    const [hit] = (await engine.search('heron')).hits;
    expect(hit!.chunk).toMatchObject({ documentId: 'scan.pdf', pageStart: 2 });
    // Complete now, so cached.
    expect(JSON.parse((await cache.get(key))!).pages[1].markdown).toBe(
      'Transcribed heron sighting on page 2',
    );
    await engine.close();
    cache.close();
  });
});
