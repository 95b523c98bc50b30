import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { runFolderBase } from './support/temp-root.js';

describe("the test run's temporary folder", () => {
  it('goes where TMPDIR says when the user set it, even when /dev/shm could hold the run', () => {
    expect(runFolderBase({ TMPDIR: '/var/tmp/chosen' })).toBe('/var/tmp/chosen');
  });

  it('without TMPDIR goes to memory (/dev/shm) or the system temporary folder', () => {
    expect(['/dev/shm', tmpdir()]).toContain(runFolderBase({}));
    expect(['/dev/shm', tmpdir()]).toContain(runFolderBase({ TMPDIR: '' }));
  });
});
