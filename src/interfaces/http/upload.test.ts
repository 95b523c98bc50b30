import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { receiveUpload, uploadDocumentId } from './upload.js';

function multipart(form: FormData): Promise<Request> {
  const request = new Request('http://localhost/upload', { method: 'POST', body: form });
  return Promise.resolve(request);
}

describe('uploadDocumentId', () => {
  it('normalises a relative path', () => {
    expect(uploadDocumentId('guides/keys.md')).toBe('guides/keys.md');
    expect(uploadDocumentId('./a//b/./c.md')).toBe('a/b/c.md');
    expect(uploadDocumentId('a/x/../b.md')).toBe('a/b.md');
  });

  it.each(['', '.', '../x.md', 'a/../../x.md', '/etc/passwd', 'a\0b'])('refuses %j', (name) => {
    expect(() => uploadDocumentId(name)).toThrow(/relative path without/);
  });
});

describe('receiveUpload', () => {
  it('streams each file to its own file in a fresh folder, keeping the names the client sent', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'cairn-upload-test-'));
    const form = new FormData();
    form.append('file', new Blob(['alpha']), 'notes/ä.md');
    form.append('file', new Blob([new Uint8Array([0, 1, 2, 255])]), 'blob.bin');
    form.append('metadata', '{"a":1}');
    const upload = await receiveUpload(await multipart(form), { maxBytes: 10_000, maxFiles: 5 }, root);
    expect(upload.files.map((f) => [f.name, f.size])).toEqual([
      ['notes/ä.md', 5],
      ['blob.bin', 4],
    ]);
    expect(readFileSync(upload.files[0]!.path, 'utf8')).toBe('alpha');
    expect([...readFileSync(upload.files[1]!.path)]).toEqual([0, 1, 2, 255]);
    expect(path.basename(upload.files[0]!.path)).toBe('part-0');
    expect(upload.fields.get('metadata')).toBe('{"a":1}');
    await upload.discard();
    expect(readdirSync(root)).toEqual([]);
  });

  it('refuses a body over the limit, unknown fields and too many files, keeping nothing', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'cairn-upload-test-'));
    const big = new FormData();
    big.append('file', new Blob(['x'.repeat(5000)]), 'big.txt');
    await expect(
      receiveUpload(await multipart(big), { maxBytes: 1000, maxFiles: 5 }, root),
    ).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
    });
    const odd = new FormData();
    odd.append('attachment', new Blob(['x']), 'x.txt');
    await expect(
      receiveUpload(await multipart(odd), { maxBytes: 1000, maxFiles: 5 }, root),
    ).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('attachment'),
    });
    const many = new FormData();
    for (const n of [1, 2, 3]) many.append('file', new Blob(['x']), `${n}.txt`);
    await expect(
      receiveUpload(await multipart(many), { maxBytes: 1000, maxFiles: 2 }, root),
    ).rejects.toMatchObject({
      message: expect.stringContaining('at most 2 files'),
    });
    const truncated = new Request('http://localhost/upload', {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=q' },
      body: '--q\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nno end',
    });
    await expect(receiveUpload(truncated, { maxBytes: 1000, maxFiles: 2 }, root)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    expect(readdirSync(root)).toEqual([]);
  });
});
