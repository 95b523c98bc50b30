/**
 * Multipart uploads streamed to disk: each part named `file` goes to a file of its own in a
 * fresh temporary folder (named by the server, never by the client) while the body is read, under
 * a limit on the whole body and on the number of files, so no upload is ever held in memory.
 * Parsing is busboy's, the streaming multipart parser behind multer.
 * @module
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import {
  InvalidArgumentError,
  isCairnError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from '../../core/errors.js';
import { declaredLength, limitedBodyStream, tooLarge } from './body-limit.js';
import { escapePartHeaders, multipartBoundary } from './part-header-escape.js';

/** Limits of one upload. */
export interface UploadLimits {
  /** Most bytes of the whole body (every file and field). */
  maxBytes: number;
  /** Most file parts. */
  maxFiles: number;
}

/** One file received. */
export interface UploadedFile {
  /** The part's file name as the client sent it (a relative path, possibly). */
  name: string;
  /** Where its bytes are: a file in the upload's temporary folder. */
  path: string;
  /** The part's declared media type. */
  mediaType: string;
  size: number;
}

/** A received upload. Call {@link Upload.discard} when done with its files. */
export interface Upload {
  files: UploadedFile[];
  /** The text fields, by name. */
  fields: Map<string, string>;
  /** Removes the temporary folder and its files. */
  discard(): Promise<void>;
}

/** The field names an upload may have. */
export const UPLOAD_FIELDS = Object.freeze({ file: 'file', metadata: 'metadata' });

/** Most bytes of one text field (the metadata JSON). */
const MAX_FIELD_BYTES = 1024 * 1024;

/**
 * Reads a `multipart/form-data` body to disk.
 * @param tmpRoot The folder the upload's temporary folder is made in; default the system's.
 * @throws {UnsupportedMediaTypeError} for a body that is not `multipart/form-data`.
 * @throws {PayloadTooLargeError} when the body (by `Content-Length`, or as it streams) exceeds
 * `limits.maxBytes`; nothing is kept.
 * @throws {InvalidArgumentError} for a malformed body, too many files, a part under another name,
 * or no file at all; nothing is kept.
 */
export async function receiveUpload(
  request: Request,
  limits: UploadLimits,
  tmpRoot: string = os.tmpdir(),
): Promise<Upload> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new UnsupportedMediaTypeError(contentType || undefined, ['multipart/form-data']);
  }
  const declared = declaredLength(request.headers);
  if (declared !== undefined && declared > limits.maxBytes) throw tooLarge(uploadLimit(limits));
  if (!request.body)
    throw new InvalidArgumentError('file', 'the body is empty; send one or more parts named "file"');

  const dir = await mkdtemp(path.join(tmpRoot, 'cairn-upload-'));
  const discard = () => rm(dir, { recursive: true, force: true });
  const files: UploadedFile[] = [];
  const fields = new Map<string, string>();
  try {
    await parseInto(request.body, contentType, limits, {
      dir,
      files,
      fields,
    });
  } catch (error) {
    await discard();
    throw error;
  }
  if (files.length === 0) {
    await discard();
    throw new InvalidArgumentError('file', 'no file was uploaded; send one or more parts named "file"');
  }
  return { files, fields, discard };
}

function uploadLimit(limits: UploadLimits) {
  return { bytes: limits.maxBytes, what: 'the upload', setting: 'maxUploadBytes' };
}

async function parseInto(
  body: ReadableStream<Uint8Array>,
  contentType: string,
  limits: UploadLimits,
  into: { dir: string; files: UploadedFile[]; fields: Map<string, string> },
): Promise<void> {
  const parser = busboy({
    headers: { 'content-type': contentType },
    preservePath: true,
    defParamCharset: 'utf8',
    limits: {
      files: limits.maxFiles,
      fields: 10,
      fieldSize: MAX_FIELD_BYTES,
      parts: limits.maxFiles + 10,
    },
  });
  const writes: Array<Promise<void>> = [];
  let failure: unknown;
  // The first failure is the answer; the rest of the body (bounded by the byte limit) is read
  // and dropped, so the parser ends cleanly.
  const fail = (error: unknown) => {
    failure ??= asUploadError(error);
  };
  parser.on('file', (name, stream, info) => {
    if (name !== UPLOAD_FIELDS.file || failure !== undefined) {
      stream.resume();
      if (name === UPLOAD_FIELDS.file) return;
      fail(new InvalidArgumentError(name, `unexpected file field; upload files as parts named "file"`));
      return;
    }
    const index = into.files.length;
    const file: UploadedFile = {
      name: info.filename ?? '',
      path: path.join(into.dir, `part-${index}`),
      mediaType: info.mimeType,
      size: 0,
    };
    into.files.push(file);
    stream.on('data', (chunk: Buffer) => {
      file.size += chunk.length;
    });
    writes.push(
      pipeline(stream, createWriteStream(file.path)).catch((error: unknown) => {
        fail(error);
      }),
    );
  });
  parser.on('field', (name, value, info) => {
    if (name !== UPLOAD_FIELDS.metadata) {
      fail(new InvalidArgumentError(name, 'unexpected field; an upload has parts "file" and "metadata"'));
    } else if (info.valueTruncated) {
      fail(new PayloadTooLargeError(MAX_FIELD_BYTES, 'the metadata field', 'metadataFieldBytes'));
    } else {
      into.fields.set(name, value);
    }
  });
  parser.on('filesLimit', () =>
    fail(new InvalidArgumentError('file', `at most ${limits.maxFiles} files per upload`)),
  );
  parser.on('fieldsLimit', () => fail(new InvalidArgumentError('metadata', 'too many fields')));
  parser.on('partsLimit', () => fail(new InvalidArgumentError('file', 'too many parts')));
  try {
    const boundary = multipartBoundary(contentType);
    const escaping = boundary === undefined ? [] : [escapePartHeaders(boundary)];
    await pipeline([limitedBodyStream(body, uploadLimit(limits)), ...escaping, parser]);
  } catch (error) {
    throw failure ?? asUploadError(error);
  }
  await Promise.all(writes);
  if (failure) throw failure;
}

/** A parser's or stream's error as a typed one: a cairn error as it is, anything else as a malformed body. */
function asUploadError(error: unknown): unknown {
  if (isCairnError(error)) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new InvalidArgumentError('body', `not a readable multipart/form-data body: ${reason}`);
}

/**
 * The document id of an uploaded file: its name as a relative `/`-separated path, normalised
 * (`./` and repeated slashes removed). The name is kept as it arrived: characters a client
 * percent-encodes in a part header (`%0A`, `%0D`, `%22` from browsers and curl; `%1B` and other
 * control characters from {@link escapePartHeaders}) stay encoded, since a name may hold `%22`
 * literally.
 * @throws {InvalidArgumentError} for an empty name, an absolute path, a `..` segment or a NUL,
 *   the message saying which.
 */
export function uploadDocumentId(name: string): string {
  const normalised = path.posix.normalize(name.trim()).replace(/^(\.\/)+/, '');
  const refuse = (why: string) =>
    new InvalidArgumentError('file', `name ${JSON.stringify(name)} ${why} (it is the document id)`);
  if (normalised === '' || normalised === '.') throw refuse('is empty; send the file name');
  if (normalised.startsWith('/') || /^[A-Za-z]:[\\/]/.test(normalised)) {
    throw refuse('is an absolute path; send a relative one such as "guides/keys.md"');
  }
  if (normalised.split('/').includes('..')) throw refuse('must be a relative path without ".." segments');
  if (normalised.includes('\0')) throw refuse('must not contain NUL');
  return normalised;
}
