/**
 * A parsing process: started by {@link ParsePool} with `child_process.fork`, it parses one file
 * at a time as the engine asks and sends back the pages or the error. A watchdog thread kills
 * the process the moment its resident set passes the memory cap (`--memory-mb`), writing a marker
 * to stderr first so the engine can say why; the engine kills it at the deadline. Errors that
 * escape a parser (pdf.js rejects promises nobody awaits) fail the current file and end the
 * process, which the pool replaces.
 * @module
 */
import { Worker } from 'node:worker_threads';
import { ParseError } from '../../core/errors.js';
import type { Source } from '../../core/types.js';
import type { Transcriber } from '../audio/transcriber.js';
import type { PageImage } from '../ocr/image-text.js';
import type { OcrEngine, OcrResult } from '../ocr/ocr-engine.js';
import { defaultOcrEngine } from '../ocr/tesseract-ocr.js';
import { createParser, type ParseSourceOptions } from '../route.js';
import type { WorkerParseSettings } from './parse-settings.js';
import { type BridgeTarget, type FromChild, fromWire, MEMORY_MARKER, type ToChild, toWire } from './wire.js';

const send = (message: FromChild): Promise<void> =>
  new Promise((resolve) => {
    if (!process.connected) return resolve();
    process.send?.(message, undefined, {}, () => resolve());
  });

/** How often the watchdog reads the resident set, in milliseconds. */
const WATCH_INTERVAL_MS = 20;

/** Starts the thread that kills this process once its resident set passes `limitBytes`. */
function startWatchdog(limitBytes: number): void {
  const code = `
    const { workerData } = require('node:worker_threads');
    const { writeSync } = require('node:fs');
    setInterval(() => {
      const rss = process.memoryUsage.rss();
      if (rss > workerData.limitBytes) {
        try { writeSync(2, '\\n' + workerData.marker + rss + '\\n'); } catch {}
        process.kill(process.pid, 'SIGKILL');
      }
    }, workerData.intervalMs);
  `;
  const watchdog = new Worker(code, {
    eval: true,
    workerData: { limitBytes, marker: MEMORY_MARKER, intervalMs: WATCH_INTERVAL_MS },
  });
  watchdog.unref();
}

let current: { job: number; source: string; format: string } | undefined;
let nextCall = 0;
const calls = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

/** Asks the engine to run `target` (its OCR engine, vision model or transcriber) on `args`. */
function bridge(target: BridgeTarget, args: unknown): Promise<unknown> {
  const job = current?.job;
  if (job === undefined) return Promise.reject(new Error('no parse in progress'));
  const call = ++nextCall;
  return new Promise((resolve, reject) => {
    calls.set(call, { resolve, reject });
    void send({ type: 'call', job, call, target, args });
  });
}

/** `engine`, telling the engine to stop the deadline while it reads an image. */
function pausing(engine: OcrEngine): OcrEngine {
  return {
    specificationVersion: 'v1',
    fingerprint: engine.fingerprint,
    async doRecognize(options) {
      const job = current?.job;
      if (job !== undefined) await send({ type: 'pause', job });
      try {
        return await engine.doRecognize(options);
      } finally {
        if (job !== undefined) await send({ type: 'resume', job });
      }
    },
  };
}

/** Parser options that rebuild, in this process, the parser the engine resolved. */
function optionsFor(settings: WorkerParseSettings): ParseSourceOptions {
  const options: ParseSourceOptions = {};
  if (settings.pdf !== undefined) options.pdf = settings.pdf;
  if (settings.ocr === false) {
    options.ocr = false;
  } else {
    const { engine, minConfidence } = settings.ocr;
    const ocr: OcrEngine =
      engine === 'default'
        ? pausing(defaultOcrEngine())
        : {
            specificationVersion: 'v1',
            fingerprint: engine.bridged,
            doRecognize: (args) => bridge('ocr', args) as Promise<OcrResult>,
          };
    options.ocr = minConfidence === undefined ? { engine: ocr } : { engine: ocr, minConfidence };
  }
  if (settings.vision !== undefined) {
    options.transcribeImage = (image: PageImage) => bridge('vision', image) as Promise<string>;
    if (settings.vision.id !== undefined) options.transcribeImageId = settings.vision.id;
  }
  const described = settings.transcriber;
  if (described !== undefined) {
    const transcriber: Transcriber = {
      specificationVersion: 'v1',
      provider: described.provider,
      model: described.model,
      ...(described.settings === undefined ? {} : { settings: described.settings }),
      maxAudioBytes: described.maxAudioBytes,
      async doTranscribe({ audio, mediaType, fileName }) {
        // A local model decodes in the engine's process: decode here first, under the limits.
        if (described.decodesLocally) {
          const { decodeAudio, isDecodableAudio } = await import('../audio/decode-audio.js');
          if (isDecodableAudio(mediaType)) {
            await decodeAudio(audio, { mediaType, sampleRate: 16_000, name: current?.source ?? fileName });
          }
        }
        return (await bridge('transcribe', { audio, mediaType, fileName })) as Awaited<
          ReturnType<Transcriber['doTranscribe']>
        >;
      },
    };
    options.transcriber = transcriber;
  }
  return options;
}

/** An error that escaped the parser, as the failure of the current file. */
function escaped(error: unknown): ParseError {
  const name = current?.source ?? 'source';
  const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return current?.format === 'pdf'
    ? new ParseError(name, `corrupt or unreadable PDF (${what})`)
    : new ParseError(name, `parser failed (${what})`);
}

async function parse(message: Extract<ToChild, { type: 'parse' }>): Promise<void> {
  current = { job: message.job, source: message.source.name, format: message.settings.format };
  // A copy: bytes that crossed the channel can sit at any offset of a shared buffer, and decoders
  // lay 16- and 32-bit views over them.
  const source: Source = { name: message.source.name, bytes: new Uint8Array(message.source.bytes) };
  if (message.source.mediaType !== undefined) source.mediaType = message.source.mediaType;
  try {
    const parser = createParser(message.settings.format, optionsFor(message.settings));
    const parsed = await parser.parse(source);
    await send({ type: 'done', job: message.job, parsed, rss: process.memoryUsage.rss() });
  } catch (error) {
    await send({ type: 'failed', job: message.job, error: toWire(error), rss: process.memoryUsage.rss() });
  } finally {
    current = undefined;
  }
}

async function onEscape(error: unknown): Promise<void> {
  if (current !== undefined) {
    const { job } = current;
    current = undefined;
    await send({ type: 'failed', job, error: toWire(escaped(error)), rss: process.memoryUsage.rss() });
  }
  // The reason, for the pool's report of the crash (it quotes the last line of standard error):
  // without it an error outside a job — or one its job could not be told of — read only as
  // "exit code 70". Standard error is a pipe, written synchronously on POSIX.
  const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  process.stderr.write(`cairn parsing process: uncaught ${what.replace(/\s+/g, ' ').slice(0, 300)}\n`);
  // The state of whatever threw is unknown: this process is done; the pool starts another.
  process.exit(70);
}

/**
 * Share of the memory cap at which the watchdog kills: the cap is a ceiling, not a threshold, and
 * the resident set of a process inflating a bomb grows by tens of MB between two readings (20 ms).
 */
const KILL_AT = 0.9;

const memoryAt = process.argv.indexOf('--memory-mb');
const memoryMb = memoryAt === -1 ? 0 : Number(process.argv[memoryAt + 1]);
if (memoryMb > 0) startWatchdog(Math.floor(memoryMb * 1024 * 1024 * KILL_AT));

process.on('unhandledRejection', (reason) => void onEscape(reason));
process.on('uncaughtException', (error) => void onEscape(error));
process.on('disconnect', () => process.exit(0));
// Modules are loaded: the engine starts the first job's deadline from here, not from the fork.
void send({ type: 'ready' });
// PDFs are the usual work: load pdf.js while waiting for it (a tenth of a second saved on the first).
setImmediate(() => {
  if (current === undefined)
    void import('unpdf').then((unpdf) => unpdf.getResolvedPDFJS()).catch(() => undefined);
});
process.on('message', (message: ToChild) => {
  if (message.type === 'parse') void parse(message);
  else {
    const pending = calls.get(message.call);
    if (pending === undefined) return;
    calls.delete(message.call);
    if (message.type === 'return') pending.resolve(message.value);
    // A cairn error comes back as itself (a provider error stays one); others as plain errors,
    // which the parsers word as they would in the engine's process.
    else
      pending.reject(
        message.error.code
          ? fromWire(message.error, current?.source ?? 'source')
          : new Error(message.error.message),
      );
  }
});
