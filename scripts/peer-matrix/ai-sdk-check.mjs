// Runs inside a scratch app that installed the packed cairn tarball and one major of `ai` (see
// scripts/peer-matrix.mjs): what a user of that major does with cairn/ai-sdk. Exits non-zero on
// the first failed check; prints one line per check passed.
import assert from 'node:assert/strict';
import { generateText, readUIMessageStream, simulateReadableStream, stepCountIs, streamText } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { openEngine } from 'cairn';
import { cairnTools, streamAnswer, toTextStreamResponse, toUIMessageStreamResponse } from 'cairn/ai-sdk';

const aiVersion = (await import('ai/package.json', { with: { type: 'json' } })).default.version;
const pass = (what) => console.log(`ok  ai@${aiVersion}  ${what}`);

const engine = await openEngine({ store: 'memory:', env: {} });
const notes = {
  'burrows.md': '# Field Guide\n\n## Burrows\n\nMarmots hibernate in burrows under granite boulders.\n',
  'diet.md': '# Field Guide\n\n## Diet\n\nMarmots eat grasses, flowers and seeds.\n',
};
for (const [name, text] of Object.entries(notes)) {
  await engine.ingestSource({ name, bytes: new TextEncoder().encode(text), mediaType: 'text/markdown' });
}

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};
const searchCall = (question) => ({
  type: 'tool-call',
  toolCallId: 'call-1',
  toolName: 'search',
  input: JSON.stringify({ query: question, topK: 1 }),
});
/** The first hit's text and document, read from the tool result the SDK put into the prompt. */
function answerFrom(prompt) {
  const tool = prompt.find((m) => m.role === 'tool');
  const part = tool.content.find((p) => p.type === 'tool-result');
  const hit = part.output.value.hits[0];
  return `${hit.text.trim()} (${hit.documentId})`;
}
const userText = (prompt) =>
  prompt
    .find((m) => m.role === 'user')
    .content.map((p) => (p.type === 'text' ? p.text : ''))
    .join('');

// 1. A tool call through generateText.
const generating = new MockLanguageModelV3({
  doGenerate: async ({ prompt }) =>
    prompt.some((m) => m.role === 'tool')
      ? {
          content: [{ type: 'text', text: answerFrom(prompt) }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage,
          warnings: [],
        }
      : {
          content: [searchCall(userText(prompt))],
          finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
          usage,
          warnings: [],
        },
});
const generated = await generateText({
  model: generating,
  tools: cairnTools(engine),
  stopWhen: stepCountIs(3),
  prompt: 'marmots hibernate granite',
});
assert.match(generated.text, /Marmots hibernate in burrows under granite boulders\. \(burrows\.md\)$/);
assert.equal(generated.steps[0].toolResults[0].toolName, 'search');
pass('generateText calls the search tool and answers from its hits');

// 2. The same through streamText, read as a text stream.
const streaming = new MockLanguageModelV3({
  doStream: async ({ prompt }) => {
    const chunks = prompt.some((m) => m.role === 'tool')
      ? [
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: answerFrom(prompt) },
          { type: 'text-end', id: 't' },
          { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
        ]
      : [
          searchCall(userText(prompt)),
          { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
        ];
    return {
      stream: simulateReadableStream({ chunks: [{ type: 'stream-start', warnings: [] }, ...chunks] }),
    };
  },
});
const streamed = streamText({
  model: streaming,
  tools: cairnTools(engine),
  stopWhen: stepCountIs(3),
  prompt: 'what do marmots eat',
});
let text = '';
for await (const delta of streamed.textStream) text += delta;
assert.match(text, /Marmots eat grasses, flowers and seeds\. \(diet\.md\)$/);
pass('streamText streams an answer after a search tool call');

// 3. cairn's own streamed answer as a useChat response, read back with the SDK's reader.
const { textStream, sources, answer } = streamAnswer(engine, 'What do marmots eat?');
const response = toUIMessageStreamResponse(textStream, { sources });
assert.match(response.headers.get('content-type'), /^text\/event-stream/);
const events = (await response.text())
  .split('\n\n')
  .map((block) => block.replace(/^data: /, '').trim())
  .filter((data) => data !== '' && data !== '[DONE]')
  .map((data) => JSON.parse(data));
let message;
for await (const m of readUIMessageStream({ stream: simulateReadableStream({ chunks: events }) }))
  message = m;
const finished = await answer;
assert.equal(message.parts[0].type, 'text');
assert.equal(message.parts[0].text, finished.text);
assert.ok(message.parts.some((p) => p.type === 'source-document' && p.filename === 'diet.md'));
pass('toUIMessageStreamResponse streams text and cited sources that readUIMessageStream reads');

// 4. A plain text stream response.
const plain = toTextStreamResponse(streamAnswer(engine, 'Where do marmots hibernate?').textStream, {
  headers: { 'x-app': '1' },
});
assert.equal(plain.headers.get('content-type'), 'text/plain; charset=utf-8');
assert.equal(plain.headers.get('x-app'), '1');
assert.match(await plain.text(), /granite/);
pass('toTextStreamResponse streams the answer as UTF-8 text');

await engine.close();
