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

  // Each refusal says what is wrong with the name (an absolute path was told to drop "..").
  it.each([
    ['', /is empty/],
    ['.', /is empty/],
    ['../x.md', /relative path without "\.\." segments/],
    ['a/../../x.md', /relative path without "\.\." segments/],
    ['/etc/passwd', /is an absolute path; send a relative one/],
    ['/tmp/abs.md', /is an absolute path; send a relative one/],
    ['C:\\Users\\x.md', /is an absolute path/],
    ['a\0b', /must not contain NUL/],
  ])('refuses %j', (name, message) => {
    expect(() => uploadDocumentId(name)).toThrow(message);
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

  it('takes a file whose name has ESC or other control bytes, beside the others, percent-encoding them', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'cairn-upload-test-'));
    const part = (name: string, body: Buffer | string) =>
      Buffer.concat([
        Buffer.from(`--xyz\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n`, 'latin1'),
        Buffer.from('Content-Type: text/markdown\r\n\r\n'),
        Buffer.from(body),
        Buffer.from('\r\n'),
      ]);
    // A body with control bytes and a near-boundary line must pass byte for byte.
    const tricky = Buffer.from('# Evil\n\x1b[31mred\x7f\r\n--xy not the boundary\r\n\r\n-');
    const body = Buffer.concat([
      part('keys.md', '# Keys'),
      part('evil\x1b[31mred\x7f.md', tricky),
      part('tab\there.md', 'tab'),
      part('last.md', '# Last'),
      Buffer.from('--xyz--\r\nepilogue \x1b'),
    ]);
    // Fed in slices of every size from 1 to 9 bytes, the delimiters and headers split anywhere.
    for (const size of [1, 2, 3, 5, 7, 9, body.length]) {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < body.length; at += size) controller.enqueue(body.subarray(at, at + size));
          controller.close();
        },
      });
      const request = new Request('http://localhost/upload', {
        method: 'POST',
        headers: { 'Content-Type': 'multipart/form-data; boundary=xyz' },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      const upload = await receiveUpload(request, { maxBytes: 10_000, maxFiles: 5 }, root);
      expect(
        upload.files.map((f) => f.name),
        `slices of ${size}`,
      ).toEqual(['keys.md', 'evil%1B[31mred%7F.md', 'tab\there.md', 'last.md']);
      expect(readFileSync(upload.files[1]!.path).equals(tricky), `slices of ${size}`).toBe(true);
      expect(readFileSync(upload.files[3]!.path, 'utf8')).toBe('# Last');
      await upload.discard();
    }
    expect(readdirSync(root)).toEqual([]);
  });
});
