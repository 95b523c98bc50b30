import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Document, Packer, Paragraph } from 'docx';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfDecompressionBomb } from '../../../test/support/hostile-files.js';
import { EmptyDocumentError, ParseLimitError, UnsupportedFormatError } from '../../core/errors.js';
import type { Source } from '../../core/types.js';
import { disposeOcr, TesseractOcr } from '../ocr/tesseract-ocr.js';
import { createParser, type ParseSourceOptions, type SourceFormat } from '../route.js';
import { ParsePool } from './parse-pool.js';
import { describeParse } from './parse-settings.js';

const pool = new ParsePool();
afterAll(async () => {
  await pool.close();
  await disposeOcr();
});

const limits = { timeoutMs: 120_000, memoryMb: 512 };
const html = (body: string): Source => ({
  name: 'page.html',
  bytes: new TextEncoder().encode(`<html><body>${body}</body></html>`),
});

function viaPool(format: SourceFormat, source: Source, options: ParseSourceOptions = {}, limit = limits) {
  const described = describeParse(format, options);
  if (!described) throw new Error(`${format} is not isolated`);
  return pool.parse({ source, ...described, limits: limit });
}

describe('ParsePool', () => {
  it('parses as this process would, reusing one process from file to file', async () => {
    const before = pool.stats().started;
    const page = html('<h1>Tides</h1><p>The moon pulls the sea.</p>');
    const docx = {
      name: 'tides.docx',
      bytes: new Uint8Array(
        await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('Spring tides.')] }] })),
      ),
    };
    expect(await viaPool('html', page)).toEqual(await createParser('html', {}).parse(page));
    expect(await viaPool('docx', docx)).toEqual(await createParser('docx', {}).parse(docx));
    expect(pool.stats().started - before).toBeLessThanOrEqual(1);
  });

  it("rebuilds the parser's own errors, fields included", async () => {
    await expect(viaPool('html', html('<nav>only navigation</nav>'))).rejects.toBeInstanceOf(
      EmptyDocumentError,
    );
    const riff = new Uint8Array(44);
    riff.set(new TextEncoder().encode('RIFF'), 0);
    riff.set(new TextEncoder().encode('WAVE'), 8);
    const failure = viaPool('audio', { name: 'talk.wav', bytes: riff });
    await expect(failure).rejects.toBeInstanceOf(UnsupportedFormatError);
    await expect(failure).rejects.toMatchObject({
      format: expect.stringMatching(/^audio\/wav \(speech-to-text is not configured/),
    });
  });

  it("bridges an OCR engine of the caller's own to this process", async () => {
    const engine = new TesseractOcr({ retryRotationBelow: 0 });
    const options: ParseSourceOptions = { ocr: { engine } };
    const scan = {
      name: 'scan.png',
      bytes: new Uint8Array(
        readFileSync(new URL('../../../test/fixtures/parsers/scan.png', import.meta.url)),
      ),
    };
    expect(describeParse('image', options)?.settings.ocr).toEqual({
      engine: { bridged: engine.fingerprint },
    });
    const parsed = await viaPool('image', scan, options);
    expect(parsed.pages[0]!.markdown).toContain('Granite cairns mark the trail');
  });

  it('kills a parse at its deadline and starts a fresh process for the next one', async () => {
    const bomb = { name: 'bomb.pdf', bytes: await pdfDecompressionBomb(4096) };
    const before = pool.stats().started;
    const failure = viaPool('pdf', bomb, {}, { timeoutMs: 1000, memoryMb: 512 });
    await expect(failure).rejects.toBeInstanceOf(ParseLimitError);
    await expect(failure).rejects.toMatchObject({ limit: expect.stringMatching(/^(time|memory)$/) });
    expect(await viaPool('html', html('<p>After the bomb.</p>'))).toMatchObject({
      pages: [{ markdown: 'After the bomb.' }],
    });
    expect(pool.stats().started).toBeGreaterThan(before);
  });

  it("parses text, Markdown and a parser of the caller's own in this process", () => {
    expect(describeParse('text', {})).toBeUndefined();
    expect(describeParse('markdown', {})).toBeUndefined();
    expect(describeParse('pdf', { parsers: { pdf: createParser('pdf', {}) } })).toBeUndefined();
  });
});

describe('the parsing process', () => {
  it('says why it stopped on standard error when an error escapes outside a job, not only "exit code 70"', async () => {
    const child = fork(fileURLToPath(new URL('./parse-child.ts', import.meta.url)), ['--memory-mb', '512'], {
      execArgv: ['--import', fileURLToPath(new URL('./ts-hooks.mjs', import.meta.url))],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (text: string) => {
      stderr += text;
    });
    await new Promise<void>((resolve) => child.once('message', () => resolve()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    // A message without its source fails before a job is under way: nobody can be told over the channel.
    child.send({ type: 'parse', job: 1, source: null, settings: {} });
    expect(await exited).toBe(70);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stderr).toMatch(/cairn parsing process: uncaught TypeError: .*name/);
  });
});
