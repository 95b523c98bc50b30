/**
 * Parsing in worker processes, where one file's parse can be stopped: a process is killed when
 * the file's deadline passes (even inside a synchronous loop, such as pdf.js inflating a
 * decompression bomb) or when its memory passes the cap, and the file fails with a reason naming
 * the limit. Processes are reused from file to file (starting one costs about 100 ms), replaced
 * after a kill or a crash, and stopped when idle.
 * @module
 */
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Span } from '@opentelemetry/api';
import { ConfigError, ParseError, ParseLimitError } from '../../core/errors.js';
import { activeContext, startSpan, withContext } from '../../core/tracing.js';
import type { ParsedDocument, Source } from '../../core/types.js';
import { memoryLimitReason, timeLimitReason } from './parse-limits.js';
import type { ParseBridge, WorkerParseSettings } from './parse-settings.js';
import { type FromChild, fromWire, MEMORY_MARKER, type ToChild, toWire } from './wire.js';

/** Options of {@link ParsePool}. */
export interface ParsePoolOptions {
  /** Most processes parsing at once; more requests wait. Default 2. */
  maxWorkers?: number;
  /** How long an idle process is kept, in milliseconds. Default 10 000. */
  idleMs?: number;
}

/** One parse for {@link ParsePool.parse}. */
export interface ParseRequest {
  source: Source;
  settings: WorkerParseSettings;
  bridge: ParseBridge;
  limits: { timeoutMs: number; memoryMb: number };
}

/** The script a parsing process runs, and the Node options it needs. */
function childEntry(): { file: string; execArgv: string[] } {
  const compiled = fileURLToPath(new URL('./parse-child.js', import.meta.url));
  if (existsSync(compiled)) return { file: compiled, execArgv: [] };
  // Running from the TypeScript sources (tests): a loader transpiles them.
  const source = fileURLToPath(new URL('./parse-child.ts', import.meta.url));
  const hooks = fileURLToPath(new URL('./ts-hooks.mjs', import.meta.url));
  if (existsSync(source) && existsSync(hooks)) return { file: source, execArgv: ['--import', hooks] };
  throw new ConfigError(`the parsing process script is missing (${compiled}); reinstall cairn`);
}

/** A deadline that stops while the parse waits on a model (see `ParseLimits.timeoutMs`). */
class Deadline {
  private timer: NodeJS.Timeout | undefined;
  private remaining: number;
  private since = 0;
  private pauses = 0;

  constructor(
    ms: number,
    private readonly onExpire: () => void,
  ) {
    this.remaining = ms;
    this.start();
  }

  pause(): void {
    if (this.pauses++ > 0 || this.timer === undefined) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.remaining -= performance.now() - this.since;
  }

  resume(): void {
    if (this.pauses === 0 || --this.pauses > 0) return;
    this.start();
  }

  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private start(): void {
    this.since = performance.now();
    this.timer = setTimeout(this.onExpire, Math.max(0, this.remaining));
  }
}

/** Resident set after a job beyond which a process is replaced rather than reused. */
const RECYCLE_SHARE = 0.6;
/** Characters of a process's stderr kept, for the reason of a crash. */
const STDERR_TAIL = 8192;

/** Longest a new parsing process may take to load its modules, in milliseconds. */
const START_TIMEOUT_MS = 60_000;

class Worker {
  readonly process: ChildProcess;
  readonly exited: Promise<void>;
  /** Resolves once the process has loaded its modules; rejects if it exits or hangs first. */
  readonly ready: Promise<void>;
  busy = false;
  retired = false;
  stderr = '';
  idleTimer: NodeJS.Timeout | undefined;

  constructor(readonly memoryMb: number) {
    const entry = childEntry();
    this.process = fork(entry.file, ['--memory-mb', String(memoryMb)], {
      execArgv: [...entry.execArgv, `--max-old-space-size=${memoryMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    this.process.stderr?.setEncoding('utf8');
    this.process.stderr?.on('data', (text: string) => {
      this.stderr = (this.stderr + text).slice(-STDERR_TAIL);
    });
    this.exited = new Promise((resolve) => this.process.once('exit', () => resolve()));
    // A process that cannot start at all (spawn error) exits too; the job sees that.
    this.process.on('error', () => undefined);
    this.ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.kill();
        reject(new Error(`it did not start within ${START_TIMEOUT_MS / 1000} s`));
      }, START_TIMEOUT_MS);
      const onMessage = (message: FromChild) => {
        if (message.type !== 'ready') return;
        clearTimeout(timer);
        this.process.off('message', onMessage);
        resolve();
      };
      this.process.on('message', onMessage);
      this.exited.then(() => {
        clearTimeout(timer);
        const last = this.stderr.trim().split('\n').at(-1)?.trim();
        reject(new Error(`it exited while starting${last ? `: ${last.slice(0, 300)}` : ''}`));
      });
    });
    this.ready.catch(() => undefined);
  }

  get alive(): boolean {
    return this.process.exitCode === null && this.process.signalCode === null && !this.retired;
  }

  /** Keeps the engine's process alive while a job runs; lets it exit while idle. */
  hold(held: boolean): void {
    const handles = [this.process, this.process.channel, this.process.stderr] as Array<
      { ref?: () => void; unref?: () => void } | null | undefined
    >;
    for (const handle of handles) {
      if (held) handle?.ref?.();
      else handle?.unref?.();
    }
  }

  kill(): void {
    this.retired = true;
    clearTimeout(this.idleTimer);
    if (this.process.exitCode === null && this.process.signalCode === null) this.process.kill('SIGKILL');
  }
}

/**
 * Worker processes that parse one file each at a time under {@link ParseRequest.limits}. Create
 * one per engine; {@link ParsePool.close} stops them (idle ones also stop by themselves, and
 * never keep the engine's process alive).
 */
export class ParsePool {
  private readonly maxWorkers: number;
  private readonly idleMs: number;
  private readonly workers = new Set<Worker>();
  private readonly waiting: Array<{
    memoryMb: number;
    take: (worker: Worker) => void;
    fail: (e: Error) => void;
  }> = [];
  private nextJob = 0;
  private closed = false;
  private started = 0;

  constructor(options: ParsePoolOptions = {}) {
    this.maxWorkers = Math.max(1, options.maxWorkers ?? 2);
    this.idleMs = options.idleMs ?? 10_000;
  }

  /**
   * Parses `request.source` in a worker process.
   * @throws {ParseLimitError} when the parse passes its deadline or memory cap.
   * @throws {ParseError} when the parser fails, or its process crashes (the reason says how).
   * @throws the parser's own errors otherwise ({@link EmptyDocumentError},
   *   {@link UnsupportedFormatError}, {@link ProviderError}…), rebuilt in this process.
   */
  async parse(request: ParseRequest): Promise<ParsedDocument> {
    const worker = await this.acquire(request.limits.memoryMb);
    try {
      try {
        await worker.ready;
      } catch (error) {
        worker.kill();
        throw new ParseError(
          request.source.name,
          `the parsing process could not start (${(error as Error).message})`,
        );
      }
      return await this.run(worker, request);
    } finally {
      this.release(worker);
    }
  }

  /**
   * Starts a process for `memoryMb` now, if none is running, so that it is ready (its modules
   * loaded, about a quarter of a second) by the time the first file needs it. Idle, it never keeps
   * this process alive.
   */
  warm(memoryMb: number): void {
    if (this.closed || this.workers.size >= this.maxWorkers) return;
    if ([...this.workers].some((worker) => worker.alive && worker.memoryMb === memoryMb)) return;
    const worker = new Worker(memoryMb);
    this.started++;
    this.workers.add(worker);
    worker.hold(false);
    worker.idleTimer = setTimeout(() => this.drop(worker), this.idleMs);
    worker.idleTimer.unref();
  }

  /** Processes running now, and started in all (a kill or crash makes the next job start one). */
  stats(): { workers: number; started: number } {
    return { workers: this.workers.size, started: this.started };
  }

  /** Stops every process; requests still waiting fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiting.splice(0)) waiter.fail(new ConfigError('the parse pool is closed'));
    const exits = [...this.workers].map((worker) => {
      // Held, so that this process waits for the exit instead of ending with close() unsettled.
      worker.hold(true);
      worker.kill();
      return worker.exited;
    });
    this.workers.clear();
    await Promise.all(exits);
  }

  private acquire(memoryMb: number): Promise<Worker> {
    if (this.closed) return Promise.reject(new ConfigError('the parse pool is closed'));
    // Processes that died while idle (a crash, a failed start) make room.
    for (const worker of this.workers) if (!worker.busy && !worker.alive) this.drop(worker);
    for (const worker of this.workers) {
      if (!worker.busy && worker.alive && worker.memoryMb === memoryMb)
        return Promise.resolve(this.claim(worker));
    }
    if (this.workers.size >= this.maxWorkers) {
      // Make room: an idle process with another memory cap goes.
      const idle = [...this.workers].find((worker) => !worker.busy);
      if (idle) this.drop(idle);
    }
    if (this.workers.size < this.maxWorkers) {
      const worker = new Worker(memoryMb);
      this.started++;
      this.workers.add(worker);
      return Promise.resolve(this.claim(worker));
    }
    return new Promise((take, fail) => this.waiting.push({ memoryMb, take, fail }));
  }

  private claim(worker: Worker): Worker {
    clearTimeout(worker.idleTimer);
    worker.busy = true;
    worker.hold(true);
    return worker;
  }

  private drop(worker: Worker): void {
    worker.kill();
    this.workers.delete(worker);
  }

  private release(worker: Worker): void {
    worker.busy = false;
    if (!worker.alive) this.workers.delete(worker);
    const waiter = this.waiting.shift();
    if (waiter) {
      if (worker.alive && worker.memoryMb === waiter.memoryMb) {
        waiter.take(this.claim(worker));
        return;
      }
      if (worker.alive) this.drop(worker);
      void this.acquire(waiter.memoryMb).then(waiter.take, waiter.fail);
      return;
    }
    if (!worker.alive) return;
    worker.hold(false);
    worker.idleTimer = setTimeout(() => this.drop(worker), this.idleMs);
    worker.idleTimer.unref();
  }

  private run(worker: Worker, request: ParseRequest): Promise<ParsedDocument> {
    const job = ++this.nextJob;
    const { source, limits } = request;
    const child = worker.process;
    const aborts = new Set<AbortController>();
    // Messages arrive outside the caller's context: spans of this job hang under the caller's.
    const parent = activeContext();
    /** Spans of the images the parsing process is reading with its own OCR engine. */
    const reading: Span[] = [];
    return new Promise<ParsedDocument>((resolve, reject) => {
      let settled = false;
      const finish = (error: Error | undefined, parsed?: ParsedDocument) => {
        if (settled) return;
        settled = true;
        for (const span of reading.splice(0)) span.end();
        deadline.clear();
        child.off('message', onMessage);
        child.off('exit', onExit);
        for (const controller of aborts) controller.abort();
        if (error) reject(error);
        else resolve(parsed!);
      };
      const deadline = new Deadline(limits.timeoutMs, () => {
        worker.kill();
        finish(new ParseLimitError(source.name, 'time', timeLimitReason(limits.timeoutMs)));
      });
      const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
        // The exit can come before the last of stderr: give it a moment to arrive.
        setTimeout(() => finish(this.crashError(worker, source.name, limits.memoryMb, code, signal)), 20);
      };
      const onMessage = (message: FromChild) => {
        if (message.type === 'ready' || message.job !== job) return;
        switch (message.type) {
          case 'done':
            if (message.rss > limits.memoryMb * 1024 * 1024 * RECYCLE_SHARE) worker.kill();
            finish(undefined, message.parsed);
            return;
          case 'failed':
            if (message.rss > limits.memoryMb * 1024 * 1024 * RECYCLE_SHARE) worker.kill();
            finish(fromWire(message.error, source.name));
            return;
          case 'pause':
            // The parsing process pauses the deadline exactly while its OCR engine reads an image.
            deadline.pause();
            reading.push(
              startSpan('cairn.ocr', { parent, attributes: { 'cairn.ocr.engine': 'tesseract.js' } }),
            );
            return;
          case 'resume':
            deadline.resume();
            reading.pop()?.end();
            return;
          case 'call': {
            const controller = new AbortController();
            aborts.add(controller);
            deadline.pause();
            withContext(parent, () => this.serve(request.bridge, message, controller.signal))
              .then(
                (value): ToChild => ({ type: 'return', call: message.call, value }),
                (error: unknown): ToChild => ({ type: 'throw', call: message.call, error: toWire(error) }),
              )
              .then((reply) => {
                aborts.delete(controller);
                if (settled) return;
                deadline.resume();
                if (child.connected) child.send(reply);
              });
          }
        }
      };
      child.on('message', onMessage);
      child.on('exit', onExit);
      const message: ToChild = {
        type: 'parse',
        job,
        settings: request.settings,
        source: {
          name: source.name,
          bytes: source.bytes,
          ...(source.mediaType === undefined ? {} : { mediaType: source.mediaType }),
        },
      };
      child.send(message, (error) => {
        if (error) finish(new ParseError(source.name, `could not start parsing (${error.message})`));
      });
    });
  }

  /** Runs a bridged call with the engine's own object. */
  private async serve(
    bridge: ParseBridge,
    message: Extract<FromChild, { type: 'call' }>,
    signal: AbortSignal,
  ): Promise<unknown> {
    switch (message.target) {
      // Bytes are copied: what crossed the channel can sit at any offset of a shared buffer.
      case 'ocr': {
        if (!bridge.ocr) throw new Error('no OCR engine');
        const { image } = message.args as { image: Uint8Array };
        return bridge.ocr.doRecognize({ image: new Uint8Array(image) });
      }
      case 'vision': {
        if (!bridge.transcribeImage) throw new Error('no vision transcriber');
        const image = message.args as Parameters<NonNullable<ParseBridge['transcribeImage']>>[0];
        return bridge.transcribeImage({ ...image, bytes: new Uint8Array(image.bytes) });
      }
      case 'transcribe': {
        if (!bridge.transcriber) throw new Error('no transcriber');
        const args = message.args as { audio: Uint8Array; mediaType: string; fileName: string };
        return bridge.transcriber.doTranscribe({ ...args, audio: new Uint8Array(args.audio), signal });
      }
    }
  }

  /** Why a process ended in the middle of a job. */
  private crashError(
    worker: Worker,
    sourceName: string,
    memoryMb: number,
    code: number | null,
    signal: NodeJS.Signals | null,
  ): Error {
    worker.retired = true;
    const stderr = worker.stderr;
    if (
      stderr.includes(MEMORY_MARKER) ||
      /heap out of memory|Reached heap limit|Allocation failed/i.test(stderr)
    ) {
      return new ParseLimitError(sourceName, 'memory', memoryLimitReason(memoryMb));
    }
    const how = signal ? `signal ${signal}` : `exit code ${code}`;
    const last = stderr.trim().split('\n').at(-1)?.trim();
    return new ParseError(
      sourceName,
      `the parsing process crashed (${how})${last ? `: ${last.slice(0, 300)}` : ''}`,
    );
  }
}
