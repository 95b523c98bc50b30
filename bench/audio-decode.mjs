#!/usr/bin/env node
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Mp3Encoder } from '@breezystack/lamejs';
import { decodeAudio } from '../dist/exports/ingest.js';
import { writeResult } from './support/write-result.mjs';

const { values } = parseArgs({ options: { minutes: { type: 'string', default: '5' } } });
const minutes = Number(values.minutes);
const rate = 44_100;
const seconds = minutes * 60;

// A speech-like test signal: a 120-220 Hz voice with harmonics, syllables of 0.2 s, pauses, noise.
function signal() {
  const n = seconds * rate;
  const left = new Int16Array(n);
  let seed = 7;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return (seed / 2 ** 32 - 0.5) * 0.02;
  };
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    const syllable = Math.floor(t / 0.2);
    const voiced = syllable % 7 !== 6;
    const f0 = 120 + 100 * Math.abs(Math.sin(syllable * 1.3));
    let x = noise();
    if (voiced) for (let h = 1; h <= 5; h++) x += (0.3 / h) * Math.sin(2 * Math.PI * f0 * h * t);
    left[i] = Math.round(Math.max(-1, Math.min(1, x)) * 32767);
  }
  return left;
}

function wav(pcm) {
  const channels = 2;
  const data = pcm.length * channels * 2;
  const bytes = new Uint8Array(44 + data);
  const view = new DataView(bytes.buffer);
  const ascii = (at, text) => bytes.set(new TextEncoder().encode(text), at);
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + data, true);
  ascii(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * channels * 2, true);
  view.setUint16(32, channels * 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, data, true);
  for (let i = 0; i < pcm.length; i++) {
    view.setInt16(44 + i * 4, pcm[i], true);
    view.setInt16(46 + i * 4, pcm[i], true);
  }
  return bytes;
}

function mp3(pcm) {
  const encoder = new Mp3Encoder(2, rate, 128);
  const parts = [];
  for (let at = 0; at < pcm.length; at += 1152 * 64) {
    const block = pcm.subarray(at, at + 1152 * 64);
    parts.push(encoder.encodeBuffer(block, block));
  }
  parts.push(encoder.flush());
  return Buffer.concat(parts.map((p) => Buffer.from(p.buffer, p.byteOffset, p.byteLength)));
}

async function measure(name, bytes, mediaType) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const began = performance.now();
  const samples = await decodeAudio(bytes, { mediaType, sampleRate: 16_000, name });
  const elapsed = (performance.now() - began) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return {
    fileMegabytes: +(bytes.length / 1e6).toFixed(1),
    audioSeconds: seconds,
    outputSeconds: +(samples.length / 16_000).toFixed(2),
    decodeSeconds: +elapsed.toFixed(2),
    timesRealTime: Math.round(seconds / elapsed),
    peakRssGrowthMegabytes: Math.round((peak - before) / 1e6),
  };
}

const pcm = signal();
const results = {
  date: new Date().toISOString(),
  node: process.version,
  minutes,
  sourceRate: rate,
  channels: 2,
};
results.wav = await measure('bench.wav', wav(pcm), 'audio/wav');
results.mp3128k = await measure('bench.mp3', mp3(pcm), 'audio/mpeg');

console.table({ wav: results.wav, 'mp3 128k': results.mp3128k });
writeResult(path.join('bench/results', 'audio-decode.json'), results);
