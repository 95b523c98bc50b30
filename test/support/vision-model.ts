/**
 * A reading stand-in for a vision chat model, for the fake OpenAI-compatible server: it takes the
 * image the request carries (an `image_url` data URL), reads it with real OCR (tesseract.js) and
 * replies with the text, so what comes back depends on the pixels that were sent.
 */
import { defaultOcrEngine } from '../../src/ingest/ocr/tesseract-ocr.js';

/** What the fake model was shown: each request's system prompt and image media types. */
export interface VisionCall {
  system: string;
  mediaTypes: string[];
  bytes: number;
}

type Part = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

/** A `reply` for `startOpenAICompatibleServer` that reads images by OCR, recording each call. */
export function ocrVisionReply(calls: VisionCall[]) {
  return async (messages: Array<{ role: string; content: string | Part[] }>): Promise<string> => {
    const system = messages.find((m) => m.role === 'system')?.content;
    const parts = messages.flatMap((m) => (Array.isArray(m.content) ? m.content : []));
    const images = parts.flatMap((p) => (p.type === 'image_url' ? [p.image_url.url] : []));
    const decoded = images.map((url) => {
      const match = /^data:([^;]+);base64,(.+)$/s.exec(url);
      if (!match) throw new Error(`not a data URL: ${url.slice(0, 40)}`);
      return { mediaType: match[1]!, bytes: Buffer.from(match[2]!, 'base64') };
    });
    calls.push({
      system: typeof system === 'string' ? system : '',
      mediaTypes: decoded.map((d) => d.mediaType),
      bytes: decoded.reduce((sum, d) => sum + d.bytes.length, 0),
    });
    const texts: string[] = [];
    for (const image of decoded) {
      texts.push((await defaultOcrEngine().doRecognize({ image: new Uint8Array(image.bytes) })).text.trim());
    }
    // Like real models often do, wrap the answer in a Markdown fence.
    return `\`\`\`markdown\n${texts.join('\n\n')}\n\`\`\``;
  };
}
