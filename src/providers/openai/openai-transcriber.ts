/**
 * Transcriber for any server speaking the OpenAI audio transcription API
 * (`POST {baseURL}/audio/transcriptions`, multipart): OpenAI, and self-hosted Whisper servers
 * that mimic it.
 * @module
 */

import { z } from 'zod';
import { ProviderError } from '../../core/errors.js';
import type { Transcriber, Transcript } from '../../ingest/audio/transcriber.js';
import { postForm } from '../http/post-form.js';
import type { RequestPolicy } from '../http/post-json.js';
import { checkCredentials } from '../http/post-json.js';
import { OPENAI_COMPATIBLE_PROVIDER, type OpenAIConnectionOptions, openaiRequest } from './openai-api.js';

/** Known OpenAI transcription models; any other id is passed through. */
export type OpenAITranscriptionModel =
  | 'whisper-1'
  | 'gpt-4o-transcribe'
  | 'gpt-4o-mini-transcribe'
  | (string & {});

/** Options of {@link OpenAITranscriber}. */
export interface OpenAITranscriberOptions extends RequestPolicy, OpenAIConnectionOptions {
  /** Model id; default `whisper-1`. */
  model?: OpenAITranscriptionModel;
  /** ISO-639-1 code of the spoken language (e.g. `en`); improves accuracy and speed. */
  language?: string;
  /** Text that sets vocabulary and style (names, acronyms). */
  prompt?: string;
  /**
   * Ask for timed segments (`verbose_json`). Default true for `whisper-*` models, which support
   * it; the `gpt-4o-*` models answer `json` only.
   */
  segments?: boolean;
  /** Largest file sent, in bytes; default 25 MiB (OpenAI's limit). */
  maxAudioBytes?: number;
}

const responseSchema = z.object({
  text: z.string(),
  language: z.string().optional(),
  segments: z
    .array(z.object({ start: z.number(), end: z.number(), text: z.string() }))
    .optional()
    .nullable(),
});

/** Speech-to-text through an OpenAI-compatible `/audio/transcriptions` endpoint. */
export class OpenAITranscriber implements Transcriber {
  readonly specificationVersion = 'v1' as const;
  readonly provider = OPENAI_COMPATIBLE_PROVIDER;
  readonly model: string;
  readonly maxAudioBytes: number;
  readonly settings: string;
  readonly #options: OpenAITranscriberOptions;

  constructor(options: OpenAITranscriberOptions = {}) {
    this.model = options.model ?? 'whisper-1';
    this.maxAudioBytes = options.maxAudioBytes ?? 25 * 1024 * 1024;
    this.#options = options;
    this.settings = [
      options.language ? `language=${options.language}` : '',
      options.prompt ? `prompt=${options.prompt}` : '',
    ]
      .filter(Boolean)
      .join(';');
  }

  /**
   * Throws a {@link ConfigError} naming the variable when no API key is given or set; sends nothing.
   */
  checkReady(): void {
    checkCredentials(() => openaiRequest(this.#options, 'audio/transcriptions'));
  }

  async doTranscribe(options: {
    audio: Uint8Array;
    mediaType: string;
    fileName: string;
    signal?: AbortSignal;
  }): Promise<Transcript> {
    const { url, headers } = openaiRequest(this.#options, 'audio/transcriptions');
    const segments = this.#options.segments ?? this.model.startsWith('whisper');
    const audio = new Blob([options.audio], { type: options.mediaType });
    const response = await postForm({
      ...this.#options,
      provider: this.provider,
      url,
      headers,
      form: () => {
        const form = new FormData();
        form.append('file', audio, options.fileName);
        form.append('model', this.model);
        form.append('response_format', segments ? 'verbose_json' : 'json');
        if (segments) form.append('timestamp_granularities[]', 'segment');
        if (this.#options.language) form.append('language', this.#options.language);
        if (this.#options.prompt) form.append('prompt', this.#options.prompt);
        return form;
      },
      signal: options.signal,
    });
    const parsed = responseSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) {
      throw new ProviderError({ provider: this.provider, message: 'malformed transcription response' });
    }
    const { text, language, segments: timed } = parsed.data;
    return {
      text,
      ...(timed ? { segments: timed.map(({ start, end, text }) => ({ start, end, text })) } : {}),
      ...(language ? { language } : {}),
    };
  }
}
