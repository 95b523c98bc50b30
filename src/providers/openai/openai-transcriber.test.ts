import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { isCairnError, ProviderError } from '../../core/errors.js';
import { OpenAITranscriber } from './openai-transcriber.js';

/** A transcription request as the server parsed it from the multipart body. */
interface Received {
  path: string;
  authorization: string | undefined;
  fields: Record<string, string>;
  file: { name: string; type: string; bytes: Uint8Array } | undefined;
}

interface TranscriptionServer {
  baseURL: string;
  received: Received[];
  close(): Promise<void>;
}

/**
 * A local stand-in for `/audio/transcriptions`: parses the multipart body with the platform's
 * own form-data parser, answers scripted failures first, then a transcript of the uploaded file.
 */
async function startServer(options: { failures?: number[] } = {}): Promise<TranscriptionServer> {
  const received: Received[] = [];
  const failures = [...(options.failures ?? [])];
  const server: Server = createServer(async (request: IncomingMessage, response) => {
    const form = await new Request(`http://localhost${request.url}`, {
      method: 'POST',
      headers: request.headers as Record<string, string>,
      body: Readable.toWeb(request) as ReadableStream,
      duplex: 'half',
    } as RequestInit).formData();
    const fields: Record<string, string> = {};
    let file: Received['file'];
    for (const [key, value] of form.entries()) {
      if (typeof value === 'string') fields[key] = value;
      else file = { name: value.name, type: value.type, bytes: new Uint8Array(await value.arrayBuffer()) };
    }
    received.push({ path: request.url ?? '', authorization: request.headers.authorization, fields, file });
    const failure = failures.shift();
    response.setHeader('content-type', 'application/json');
    if (failure !== undefined) {
      response.statusCode = failure;
      response.end(JSON.stringify({ error: { message: `scripted failure ${failure}` } }));
      return;
    }
    const text = `Heard ${file?.bytes.length ?? 0} bytes of ${file?.name}.`;
    response.end(
      JSON.stringify(
        fields.response_format === 'verbose_json'
          ? {
              text,
              language: 'english',
              segments: [
                { id: 0, start: 0, end: 4.2, text: ' Welcome to the trail briefing.' },
                { id: 1, start: 4.2, end: 9.8, text: ` ${text}` },
              ],
            }
          : { text },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const AUDIO = Uint8Array.from({ length: 2048 }, (_, i) => i & 0xff);

let server: TranscriptionServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('OpenAITranscriber', () => {
  it('posts the file and model as multipart and returns text, segments and language', async () => {
    server = await startServer();
    const transcriber = new OpenAITranscriber({ baseURL: server.baseURL, apiKey: 'k', language: 'en' });
    const transcript = await transcriber.doTranscribe({
      audio: AUDIO,
      mediaType: 'audio/wav',
      fileName: 'talk.wav',
    });
    expect(transcript).toEqual({
      text: 'Heard 2048 bytes of talk.wav.',
      language: 'english',
      segments: [
        { start: 0, end: 4.2, text: ' Welcome to the trail briefing.' },
        { start: 4.2, end: 9.8, text: ' Heard 2048 bytes of talk.wav.' },
      ],
    });
    const [request] = server.received;
    expect(request!.path).toBe('/v1/audio/transcriptions');
    expect(request!.authorization).toBe('Bearer k');
    expect(request!.fields).toEqual({
      model: 'whisper-1',
      response_format: 'verbose_json',
      'timestamp_granularities[]': 'segment',
      language: 'en',
    });
    expect(request!.file).toEqual({ name: 'talk.wav', type: 'audio/wav', bytes: AUDIO });
  });

  it('asks gpt-4o models for plain json', async () => {
    server = await startServer();
    const transcriber = new OpenAITranscriber({ baseURL: server.baseURL, model: 'gpt-4o-mini-transcribe' });
    const transcript = await transcriber.doTranscribe({
      audio: AUDIO,
      mediaType: 'audio/mpeg',
      fileName: 'a.mp3',
    });
    expect(transcript).toEqual({ text: 'Heard 2048 bytes of a.mp3.' });
    expect(server.received[0]!.fields).toEqual({ model: 'gpt-4o-mini-transcribe', response_format: 'json' });
    // A local server without a key: no authorization header at all.
    expect(server.received[0]!.authorization).toBeUndefined();
  });

  it('retries 429 and 5xx with the whole file each time', async () => {
    server = await startServer({ failures: [429, 503] });
    const transcriber = new OpenAITranscriber({ baseURL: server.baseURL, minBackoffMs: 1 });
    const transcript = await transcriber.doTranscribe({
      audio: AUDIO,
      mediaType: 'audio/wav',
      fileName: 'a.wav',
    });
    expect(transcript.text).toBe('Heard 2048 bytes of a.wav.');
    expect(server.received.map((r) => r.file?.bytes.length)).toEqual([2048, 2048, 2048]);
  });

  it('fails at once on a 400 with a typed error naming the provider and status', async () => {
    server = await startServer({ failures: [400] });
    const transcriber = new OpenAITranscriber({ baseURL: server.baseURL, minBackoffMs: 1 });
    const error = await transcriber
      .doTranscribe({ audio: AUDIO, mediaType: 'audio/wav', fileName: 'a.wav' })
      .catch((e: unknown) => e);
    expect(isCairnError(error)).toBe(true);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).statusCode).toBe(400);
    expect((error as Error).message).toBe('openai-compatible (HTTP 400): scripted failure 400');
    expect(server.received).toHaveLength(1);
  });

  it('reads the API key at call time and names the variable when it is missing', async () => {
    const saved = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    try {
      const transcriber = new OpenAITranscriber();
      await expect(
        transcriber.doTranscribe({ audio: AUDIO, mediaType: 'audio/wav', fileName: 'a.wav' }),
      ).rejects.toThrow(/OPENAI_API_KEY/);
    } finally {
      if (saved !== undefined) process.env.OPENAI_API_KEY = saved;
    }
  });

  it('states its model and upload limit', () => {
    expect(new OpenAITranscriber()).toMatchObject({
      specificationVersion: 'v1',
      provider: 'openai-compatible',
      model: 'whisper-1',
      maxAudioBytes: 25 * 1024 * 1024,
    });
  });
});
