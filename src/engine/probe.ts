/**
 * Health checks of configured models, for `cairn doctor` and health endpoints: each adapter's
 * `checkReady` (keys set, model files present), then, for a remote model, one minimal request
 * through its port — a one-word embedding, a one-document rerank, a one-token chat reply, half a
 * second of silence transcribed — so that "configured" also means "reachable and accepted".
 * Local models (transformers.js) are only checked: loading one may download it.
 * @module
 */
import type { AdapterLifecycle, ChatModel, Embedder, Reranker } from '../core/ports.js';
import type { Transcriber } from '../ingest/audio/transcriber.js';
import { TRANSFORMERS_PROVIDER } from '../providers/transformers/local-models.js';

/** The outcome of one probe. */
export interface ProbeResult {
  /** True when the adapter is ready and, if remote, answered. */
  ok: boolean;
  /** True when a request reached the model's server and was answered. */
  reached: boolean;
  /** Time the request took, in milliseconds (remote models only). */
  milliseconds?: number;
  /** What failed, when `ok` is false. */
  error?: string;
}

/** A model to probe, with the one request that exercises it. */
export type ProbeTarget =
  | { kind: 'embedder'; adapter: Embedder }
  | { kind: 'reranker'; adapter: Reranker }
  | { kind: 'chat model'; adapter: ChatModel }
  | { kind: 'transcriber'; adapter: Transcriber };

/** Options of {@link probe}. */
export interface ProbeOptions {
  /** Longest wait for the request, in milliseconds; default 15,000. Retries stop at it too. */
  timeoutMs?: number;
}

/** Half a second of silence: 16 kHz, mono, 16-bit PCM WAV (RIFF header, then zero samples). */
export function silentWav(seconds = 0.5, sampleRate = 16_000): Uint8Array {
  const samples = Math.round(seconds * sampleRate);
  const bytes = new Uint8Array(44 + samples * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, text: string) => {
    for (let i = 0; i < text.length; i++) bytes[at + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, samples * 2, true);
  return bytes;
}

async function request(target: ProbeTarget, signal: AbortSignal): Promise<void> {
  switch (target.kind) {
    case 'embedder':
      await target.adapter.doEmbed({ texts: ['ping'], kind: 'query', signal });
      return;
    case 'reranker':
      await target.adapter.doRerank({ query: 'ping', documents: ['ping'], signal });
      return;
    case 'chat model':
      for await (const _delta of target.adapter.doStream({
        messages: [{ role: 'user', content: 'Reply with the word OK.' }],
        maxTokens: 1,
        signal,
      })) {
        break;
      }
      return;
    case 'transcriber':
      await target.adapter.doTranscribe({
        audio: silentWav(),
        mediaType: 'audio/wav',
        fileName: 'probe.wav',
        signal,
      });
      return;
  }
}

/**
 * Probes one model: `checkReady`, then (remote models) one minimal request. Never throws.
 */
export async function probe(target: ProbeTarget, options: ProbeOptions = {}): Promise<ProbeResult> {
  const adapter: AdapterLifecycle & { provider?: string } = target.adapter;
  try {
    adapter.checkReady?.();
  } catch (error) {
    return { ok: false, reached: false, error: (error as Error).message };
  }
  if (adapter.provider === TRANSFORMERS_PROVIDER) return { ok: true, reached: false };
  const began = performance.now();
  try {
    await request(target, AbortSignal.timeout(options.timeoutMs ?? 15_000));
    return { ok: true, reached: true, milliseconds: Math.round(performance.now() - began) };
  } catch (error) {
    const message =
      (error as Error).name === 'TimeoutError'
        ? `no answer within ${options.timeoutMs ?? 15_000} ms`
        : (error as Error).message;
    return { ok: false, reached: false, error: message };
  }
}
