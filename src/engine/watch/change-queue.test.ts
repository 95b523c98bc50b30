import { describe, expect, it, vi } from 'vitest';
import { type ChangedPaths, ChangeQueue } from './change-queue.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A queue whose batches are recorded, each taking `ms`. */
function recording(options: { debounceMs: number; maxWaitMs?: number; ms?: number; fail?: boolean }) {
  const batches: Array<{ paths: ChangedPaths; startedAt: number; endedAt?: number }> = [];
  const errors: unknown[] = [];
  let active = 0;
  let overlapped = false;
  const queue = new ChangeQueue({
    debounceMs: options.debounceMs,
    maxWaitMs: options.maxWaitMs ?? options.debounceMs * 10,
    run: async (paths) => {
      active++;
      overlapped ||= active > 1;
      const batch: (typeof batches)[number] = { paths, startedAt: performance.now() };
      batches.push(batch);
      await sleep(options.ms ?? 0);
      batch.endedAt = performance.now();
      active--;
      if (options.fail) throw new Error('store unavailable');
    },
    onError: (error) => errors.push(error),
  });
  return { queue, batches, errors, overlapped: () => overlapped };
}

describe('ChangeQueue', () => {
  it('coalesces changes of one path into one entry, a folder event marking it a folder', async () => {
    const { queue, batches } = recording({ debounceMs: 50 });
    for (let i = 0; i < 20; i++) queue.add('/w/a.md');
    queue.add('/w/b', false);
    queue.add('/w/b', true);
    queue.add('/w/b', false);
    await sleep(10);
    await queue.idle();
    expect(batches).toHaveLength(1);
    expect([...batches[0]!.paths]).toEqual([
      ['/w/a.md', false],
      ['/w/b', true],
    ]);
  });

  it('waits for the debounce after the last change', async () => {
    // Fake timers: on a busy machine a real 60 ms sleep can outlast the 150 ms debounce.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const { queue, batches } = recording({ debounceMs: 150 });
      queue.add('/w/a.md');
      await vi.advanceTimersByTimeAsync(60);
      queue.add('/w/b.md');
      await vi.advanceTimersByTimeAsync(149);
      expect(batches).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(batches).toHaveLength(1);
      expect([...batches[0]!.paths.keys()]).toEqual(['/w/a.md', '/w/b.md']);
      await vi.runAllTimersAsync();
      await queue.idle();
      expect(batches).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts a batch within the longest wait under changes that never pause', async () => {
    const { queue, batches } = recording({ debounceMs: 1000, maxWaitMs: 100 });
    const deadline = performance.now() + 10_000;
    let i = 0;
    while (batches.length === 0 && performance.now() < deadline) {
      queue.add(`/w/${i++}.md`);
      await sleep(10);
    }
    expect(batches.length, 'a batch ran while changes kept coming').toBeGreaterThan(0);
    await queue.close();
  });

  it('runs one batch at a time; changes during a batch make the next one', async () => {
    const { queue, batches, overlapped } = recording({ debounceMs: 20, ms: 200 });
    queue.add('/w/a.md');
    while (batches.length === 0) await sleep(5);
    queue.add('/w/a.md');
    queue.add('/w/b.md');
    await queue.idle();
    expect(batches).toHaveLength(2);
    expect(batches[1]!.startedAt).toBeGreaterThanOrEqual(batches[0]!.endedAt!);
    expect([...batches[1]!.paths.keys()]).toEqual(['/w/a.md', '/w/b.md']);
    expect(overlapped()).toBe(false);
  });

  it('runs a job after the batch running, and batches after the job', async () => {
    const { queue, batches } = recording({ debounceMs: 0, ms: 100 });
    queue.add('/w/a.md');
    while (batches.length === 0) await sleep(5);
    const order: string[] = [];
    const job = queue.runJob(async () => {
      order.push(`job after ${batches.length} batch`);
      queue.add('/w/b.md');
      await sleep(50);
      order.push(`job done, ${batches.length} batch`);
    });
    await job;
    await queue.idle();
    expect(order).toEqual(['job after 1 batch', 'job done, 1 batch']);
    expect(batches).toHaveLength(2);
  });

  it('reports a failed batch and goes on', async () => {
    const { queue, batches, errors } = recording({ debounceMs: 10, fail: true });
    queue.add('/w/a.md');
    await sleep(20);
    await queue.idle();
    queue.add('/w/b.md');
    await sleep(20);
    await queue.idle();
    expect(batches).toHaveLength(2);
    expect(errors.map((e) => (e as Error).message)).toEqual(['store unavailable', 'store unavailable']);
  });

  it('close() drops pending changes and waits for the batch running', async () => {
    const { queue, batches } = recording({ debounceMs: 10, ms: 200 });
    queue.add('/w/a.md');
    while (batches.length === 0) await sleep(5);
    queue.add('/w/b.md');
    const began = performance.now();
    await queue.close();
    expect(performance.now() - began).toBeGreaterThan(100);
    queue.add('/w/c.md');
    await sleep(50);
    await queue.idle();
    expect(batches).toHaveLength(1);
  });
});
