/**
 * The explorer's client of the cairn API. The API key is kept in `sessionStorage` (this tab
 * only, gone when it closes) and sent as `Authorization: Bearer KEY`; it never goes into a URL.
 */

const KEY_ITEM = 'cairn.apiKey';

/** A failed call, with the API's error code and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function storedKey(): string | undefined {
  return sessionStorage.getItem(KEY_ITEM) ?? undefined;
}

export function storeKey(key: string): void {
  sessionStorage.setItem(KEY_ITEM, key);
}

export function forgetKey(): void {
  sessionStorage.removeItem(KEY_ITEM);
}

function headers(extra: Record<string, string> = {}): Record<string, string> {
  const key = storedKey();
  return { ...(key ? { Authorization: `Bearer ${key}` } : {}), ...extra };
}

async function failure(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { error?: { code?: string; message?: string } };
    return new ApiError(
      response.status,
      body.error?.code ?? 'ERROR',
      body.error?.message ?? response.statusText,
    );
  } catch {
    return new ApiError(response.status, 'ERROR', `HTTP ${response.status}`);
  }
}

/** Calls the API and reads its JSON answer. @throws {ApiError} for an error status. */
export async function call<T>(method: string, path: string, json?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: headers(json === undefined ? {} : { 'Content-Type': 'application/json' }),
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  if (!response.ok) throw await failure(response);
  return (await response.json()) as T;
}

/** Asks with `Accept: text/event-stream`; the response's body is the event stream. */
export async function askStream(
  collection: string,
  question: string,
  history: ReadonlyArray<{ role: 'user' | 'assistant'; content: string }>,
  signal: AbortSignal,
): Promise<Response> {
  const response = await fetch(`/v1/collections/${encodeURIComponent(collection)}/ask`, {
    method: 'POST',
    headers: headers({ 'Content-Type': 'application/json', Accept: 'text/event-stream' }),
    body: JSON.stringify({ question, ...(history.length > 0 ? { history } : {}) }),
    signal,
  });
  if (!response.ok) throw await failure(response);
  return response;
}

/** A document's original file (`…/original`), or `undefined` when the server keeps none (404). */
export async function original(collection: string, documentId: string): Promise<ArrayBuffer | undefined> {
  const response = await fetch(documentPath(collection, documentId, '/original'), { headers: headers() });
  if (response.status === 404) return undefined;
  if (!response.ok) throw await failure(response);
  return response.arrayBuffer();
}

/**
 * Uploads files as multipart (`file` parts, and `metadata` when given), reporting the share of
 * bytes sent (XMLHttpRequest, since `fetch` reports no upload progress).
 */
export function upload<T>(
  collection: string,
  files: readonly File[],
  metadata: string | undefined,
  onProgress: (sent: number, total: number) => void,
): Promise<T> {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  if (metadata) form.append('metadata', metadata);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/v1/collections/${encodeURIComponent(collection)}/documents`);
    for (const [name, value] of Object.entries(headers())) request.setRequestHeader(name, value);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    });
    request.addEventListener('load', () => {
      let body: { error?: { code?: string; message?: string } } & Record<string, unknown> = {};
      try {
        body = JSON.parse(request.responseText);
      } catch {}
      if (request.status >= 200 && request.status < 300) resolve(body as T);
      else
        reject(
          new ApiError(
            request.status,
            body.error?.code ?? 'ERROR',
            body.error?.message ?? `HTTP ${request.status}`,
          ),
        );
    });
    request.addEventListener('error', () =>
      reject(new ApiError(0, 'NETWORK', 'the upload could not be sent')),
    );
    request.send(form);
  });
}

/** `/v1/collections/C/documents/ID` with both parts encoded as one path segment each. */
export function documentPath(collection: string, documentId: string, rest = ''): string {
  return `/v1/collections/${encodeURIComponent(collection)}/documents/${encodeURIComponent(documentId)}${rest}`;
}

/** `/v1/collections/C/chunks/ID`. */
export function chunkPath(collection: string, chunkId: string): string {
  return `/v1/collections/${encodeURIComponent(collection)}/chunks/${encodeURIComponent(chunkId)}`;
}
