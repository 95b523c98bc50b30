import { readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AnthropicServer,
  startAnthropicMessagesServer,
} from '../../../test/support/anthropic-messages-server.js';
import {
  type FakeServer,
  startOpenAICompatibleServer,
} from '../../../test/support/openai-compatible-server.js';
import { ocrVisionReply, type VisionCall } from '../../../test/support/vision-model.js';
import { AnthropicChatModel } from '../../providers/anthropic/anthropic-chat-model.js';
import { OpenAIChatModel } from '../../providers/openai/openai-chat-model.js';
import { parseSource } from '../route.js';
import { disposeOcr } from './tesseract-ocr.js';
import { DEFAULT_VISION_PROMPT, unwrapTranscription, VisionTranscriber } from './vision-transcriber.js';

const FIXTURES = new URL('../../../test/fixtures/parsers/', import.meta.url);
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(name, FIXTURES)));
const WORDS = 'Granite cairns mark the trail\nInvoice 4217 due on March 3';

/** A one-page PDF with no text layer: the scan drawn over the page. */
async function scannedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([480, 135]);
  const image = await doc.embedPng(fixture('scan.png'));
  page.drawImage(image, { x: 10, y: 10, ...image.scale(0.7) });
  return doc.save();
}

describe('VisionTranscriber', () => {
  let openai: FakeServer;
  let anthropic: AnthropicServer;
  const calls: VisionCall[] = [];
  let anthropicBodies: Record<string, unknown>[];

  beforeAll(async () => {
    openai = await startOpenAICompatibleServer({ reply: ocrVisionReply(calls) });
    anthropicBodies = [];
    anthropic = await startAnthropicMessagesServer({
      reply: (body) => {
        anthropicBodies.push(body);
        return 'Invoice 4217';
      },
    });
  });
  afterAll(async () => {
    await openai.close();
    await anthropic.close();
    await disposeOcr();
  });

  const gpt = () => new OpenAIChatModel({ model: 'gpt-4o-mini', baseURL: openai.baseURL, apiKey: 'k' });

  it('reads a scanned PDF page through the vision model instead of OCR, as PNG', async () => {
    const vision = new VisionTranscriber(gpt());
    const parsed = await parseSource({ name: 'scan.pdf', bytes: await scannedPdf() }, vision.parseOptions);
    expect(parsed.pages).toEqual([{ pageNumber: 1, markdown: WORDS }]);
    expect(calls.at(-1)).toMatchObject({ system: DEFAULT_VISION_PROMPT, mediaTypes: ['image/png'] });
    expect(parsed.parserFingerprint).toContain(`vision:${vision.id}`);
    expect(vision.id).toMatch(/^openai-compatible:gpt-4o-mini#[0-9a-f]{8}$/);
  });

  it('sends an image file as it is, and a TIFF, which chat APIs do not take, as PNG', async () => {
    const vision = new VisionTranscriber(gpt());
    const jpeg = await parseSource({ name: 'scan.jpg', bytes: fixture('scan.jpg') }, vision.parseOptions);
    expect(jpeg.pages[0]!.markdown).toContain('Invoice 4217');
    expect(calls.at(-1)!.mediaTypes).toEqual(['image/jpeg']);
    const tiff = await parseSource({ name: 'scan.tiff', bytes: fixture('scan.tiff') }, vision.parseOptions);
    expect(tiff.pages[0]!.markdown).toBe(WORDS);
    expect(calls.at(-1)!.mediaTypes).toEqual(['image/png']);
    const broken = fixture('scan.tiff').slice(0, 64);
    await expect(
      vision.transcribe({ bytes: broken, mediaType: 'image/tiff', sourceName: 'b.tiff', pageNumber: 1 }),
    ).rejects.toThrow(/^b\.tiff: cannot decode the TIFF image/);
  });

  it('unwraps a transcription fenced as Markdown, and keeps a page that shows code', () => {
    expect(unwrapTranscription('```markdown\n# Title\n\nText\n```')).toBe('# Title\n\nText');
    expect(unwrapTranscription('```md\r\n| a | b |\r\n```\r\n')).toBe('| a | b |');
    expect(unwrapTranscription('~~~\nInvoice 4217\n~~~')).toBe('Invoice 4217');
    expect(unwrapTranscription('Here is the transcription:\n\n```markdown\nInvoice 4217\n```')).toBe(
      'Invoice 4217',
    );
    const code = 'Listing 2 prints the total.\n\n```python\nprint(total)\n```';
    expect(unwrapTranscription(code)).toBe(code);
    const long = `${'A paragraph of body text that is part of the page. '.repeat(4)}\n\n\`\`\`\nx = 1\n\`\`\``;
    expect(unwrapTranscription(long)).toBe(long.trim());
  });

  it('sends Anthropic a base64 image block before the text, and another prompt is another fingerprint', async () => {
    const claude = new AnthropicChatModel({
      model: 'claude-haiku-4-5',
      baseURL: `${anthropic.baseURL}`,
      apiKey: 'k',
    });
    const vision = new VisionTranscriber(claude, { prompt: 'Copy the text.' });
    const text = await vision.transcribe({
      bytes: fixture('scan.png'),
      mediaType: 'image/png',
      sourceName: 'scan.png',
      pageNumber: 1,
    });
    expect(text).toBe('Invoice 4217');
    const body = anthropicBodies.at(-1)!;
    expect(body.system).toBe('Copy the text.');
    const content = (body.messages as Array<{ content: Array<Record<string, unknown>> }>)[0]!.content;
    expect(content[0]).toMatchObject({ type: 'image', source: { type: 'base64', media_type: 'image/png' } });
    expect(Buffer.from((content[0]!.source as { data: string }).data, 'base64')).toEqual(
      Buffer.from(fixture('scan.png')),
    );
    expect(content[1]).toEqual({ type: 'text', text: 'Transcribe page 1.' });
    expect(vision.id).not.toBe(new VisionTranscriber(claude).id);
  });
});
