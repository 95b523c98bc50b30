/**
 * A real Chroma server for tests: the `chroma run` binary that the npm package `chromadb` (3.0.0)
 * ships, on a free loopback port with its data in a temporary folder.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A running server. */
export interface ChromaServer {
  host: string;
  port: number;
  /** Stops the server and removes its data. */
  stop(): Promise<void>;
}

const BINARY = join(process.cwd(), 'node_modules', '.bin', 'chroma');

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Where the server keeps its data: /dev/shm when it is a memory file system with at least 1 GiB
 * free, else the temporary folder. Chroma writes its SQLite log and segments with a sync per
 * commit, and the store contract creates a database per test: on this project's 2-core machine
 * the contract took 83 s with its data in memory against 168 s on disk, back to back at load 9–10.
 * The data is removed when the server stops.
 */
function dataFolderBase(): string {
  try {
    const memory = statfsSync('/dev/shm');
    if (memory.type === TMPFS_MAGIC && memory.bavail * memory.bsize >= 2 ** 30) return '/dev/shm';
  } catch {
    // no /dev/shm on this system
  }
  return tmpdir();
}

/** `statfs` type of a tmpfs (linux/magic.h). */
const TMPFS_MAGIC = 0x01021994;

/**
 * Starts `chroma run` and waits until it answers its heartbeat.
 * @returns The server, or the reason it could not start (no binary, or it never answered).
 */
export async function startChroma(timeoutMs = 30_000): Promise<ChromaServer | { reason: string }> {
  if (!existsSync(BINARY))
    return { reason: `no Chroma server binary at ${BINARY} (npm install chromadb@3.0.0)` };
  const dir = mkdtempSync(join(dataFolderBase(), 'cairn-chroma-'));
  const port = await freePort();
  const host = '127.0.0.1';
  let output = '';
  const child: ChildProcess = spawn(
    BINARY,
    ['run', '--path', join(dir, 'data'), '--port', String(port), '--host', host],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (data) => {
    output += String(data);
  });
  child.stderr?.on('data', (data) => {
    output += String(data);
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`http://${host}:${port}/api/v2/heartbeat`);
      if (response.ok) return { host, port, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  return { reason: `chroma run did not answer within ${timeoutMs} ms: ${output.slice(-500)}` };
}
