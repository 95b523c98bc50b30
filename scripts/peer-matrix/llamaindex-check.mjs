// Runs inside a scratch app that installed the packed cairn tarball and one minor of
// @llamaindex/core (0.x: each minor is a major; see scripts/peer-matrix.mjs): what a
// LlamaIndex.TS user does with cairn/llamaindex, over an embedded SQLite file and cairn/testing's
// deterministic fakes (no network, no model). Exits non-zero on the first failed check; prints one
// line per check passed.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BaseLLM } from '@llamaindex/core/llms';
import { RetrieverQueryEngine } from '@llamaindex/core/query-engine';
import { getResponseSynthesizer } from '@llamaindex/core/response-synthesizers';
import { MetadataMode, NodeRelationship, TextNode } from '@llamaindex/core/schema';
import { extractText } from '@llamaindex/core/utils';
import { openSqliteStore } from 'cairn';
import { CairnRetriever } from 'cairn/llamaindex';
import { createTestEngine } from 'cairn/testing';

// Its exports do not list package.json: read from the app's node_modules (the check's cwd).
const version = JSON.parse(readFileSync('node_modules/@llamaindex/core/package.json', 'utf8')).version;
const pass = (what) => console.log(`ok  @llamaindex/core@${version}  ${what}`);

/** An offline LLM that replies with the context sentence sharing most words with the query. */
class ExtractiveLLM extends BaseLLM {
  metadata = {
    model: 'extractive',
    temperature: 0,
    topP: 1,
    contextWindow: 4096,
    tokenizer: undefined,
    structuredOutput: false,
  };
  async chat(params) {
    const prompt = params.messages.map((m) => extractText(m.content)).join('\n');
    const at = prompt.lastIndexOf('Query:');
    const words = (text) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []);
    const wanted = words(prompt.slice(at + 'Query:'.length));
    let reply = 'Not found.';
    let most = 0;
    for (const sentence of prompt.slice(0, at).split(/(?<=[.!?])\s+|\n+/)) {
      const shared = [...words(sentence)].filter((w) => wanted.has(w)).length;
      if (shared > most) [reply, most] = [sentence.trim(), shared];
    }
    if (!params.stream) return { message: { role: 'assistant', content: reply }, raw: null };
    return (async function* () {
      for (const piece of reply.split(/(?<= )/)) yield { delta: piece, raw: null };
    })();
  }
}

const dir = mkdtempSync(path.join(tmpdir(), 'cairn-llamaindex-'));
try {
  const store = await openSqliteStore({ path: path.join(dir, 'engine.db') });
  const { engine, close } = await createTestEngine({ store });
  const notes = {
    'guide/burrows.md':
      '# Field Guide\n\n## Burrows\n\nMarmots hibernate in burrows under granite boulders.\n',
    'guide/diet.md': '# Field Guide\n\n## Diet\n\nMarmots eat grasses, flowers and seeds.\n',
  };
  for (const [name, text] of Object.entries(notes)) {
    await engine.ingestSource(
      { name, bytes: new TextEncoder().encode(text), mediaType: 'text/markdown' },
      { metadata: { topic: path.basename(name, '.md') } },
    );
  }

  const nodes = await new CairnRetriever({ engine, topK: 2 }).retrieve({
    query: 'marmots hibernate granite',
  });
  assert.ok(nodes.length >= 1 && nodes.length <= 2);
  const [first] = nodes;
  assert.ok(first.node instanceof TextNode, 'a TextNode of the installed @llamaindex/core');
  assert.match(first.node.text, /granite boulders/);
  assert.ok(first.score > 0 && first.score <= 1, `score in (0, 1]: ${first.score}`);
  assert.equal(first.node.metadata.file_name, 'burrows.md');
  assert.equal(first.node.metadata.file_path, 'guide/burrows.md');
  assert.equal(first.node.metadata.topic, 'burrows');
  assert.equal(first.node.relationships[NodeRelationship.SOURCE].nodeId, 'guide/burrows.md');
  const shown = first.node.getContent(MetadataMode.LLM);
  assert.match(shown, /file_name: burrows\.md/);
  assert.doesNotMatch(shown, /chunkId/);
  pass('CairnRetriever.retrieve returns scored TextNodes with file_name, file_path and metadata');

  const filtered = await new CairnRetriever({ engine, filter: { topic: 'diet' } }).retrieve('marmots');
  assert.deepEqual(
    filtered.map((n) => n.node.metadata.file_name),
    ['diet.md'],
  );
  pass('CairnRetriever accepts a string query and applies its filter');

  const queryEngine = new RetrieverQueryEngine(
    new CairnRetriever({ engine, topK: 2 }),
    getResponseSynthesizer('compact', { llm: new ExtractiveLLM() }),
  );
  const response = await queryEngine.query({ query: 'What do marmots eat?' });
  assert.equal(response.message.content, 'Marmots eat grasses, flowers and seeds.');
  assert.ok(response.sourceNodes.some((n) => n.node.metadata.file_name === 'diet.md'));
  let text = '';
  for await (const chunk of await queryEngine.query({ query: 'Where do marmots hibernate?', stream: true })) {
    text += chunk.delta;
  }
  assert.equal(text, 'Marmots hibernate in burrows under granite boulders.');
  pass('RetrieverQueryEngine answers and streams from the retrieved nodes');
  await close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
