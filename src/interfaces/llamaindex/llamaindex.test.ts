import { RetrieverQueryEngine } from '@llamaindex/core/query-engine';
import { getResponseSynthesizer } from '@llamaindex/core/response-synthesizers';
import { MetadataMode, NodeRelationship, type TextNode } from '@llamaindex/core/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerEngine } from '../../../test/support/answer-corpus.js';
import { ExtractiveLLM } from '../../../test/support/extractive-llm.js';
import type { Engine } from '../../engine/engine.js';
import { CairnRetriever } from './cairn-retriever.js';

let engine: Engine;
beforeAll(async () => {
  engine = await answerEngine();
});
afterAll(() => engine.close());

describe('CairnRetriever (LlamaIndex.TS)', () => {
  it('returns chunks as scored text nodes with metadata, provenance and their document as source', async () => {
    const nodes = await new CairnRetriever({ engine, topK: 2 }).retrieve({
      query: 'marmots hibernate granite',
    });
    expect(nodes.length).toBeLessThanOrEqual(2);
    const first = nodes[0]!;
    const node = first.node as TextNode;
    expect(node.id_).toBe('burrows.md:0');
    expect(node.text).toContain('granite boulders');
    expect(node.metadata).toMatchObject({
      topic: 'burrows',
      file_name: 'burrows.md',
      file_path: 'burrows.md',
      cairn: { documentId: 'burrows.md', headingPath: ['Field Guide', 'Burrows'], pageStart: 1 },
    });
    expect(first.score).toBeGreaterThan(0);
    expect(node.relationships[NodeRelationship.SOURCE]).toMatchObject({ nodeId: 'burrows.md' });
    // What the LLM sees: the user's metadata and the text, not cairn's bookkeeping.
    const shown = node.getContent(MetadataMode.LLM);
    expect(shown).toContain('topic: burrows');
    expect(shown).not.toContain('chunkId');
  });

  it('accepts a plain string query and applies its filter', async () => {
    const nodes = await new CairnRetriever({ engine, filter: { topic: 'diet' } }).retrieve('marmots');
    expect(nodes.map((n) => n.node.id_)).toEqual(['diet.md:0']);
  });

  it('answers through a RetrieverQueryEngine offline, with its source nodes', async () => {
    const llm = new ExtractiveLLM();
    const queryEngine = new RetrieverQueryEngine(
      new CairnRetriever({ engine, topK: 2 }),
      getResponseSynthesizer('compact', { llm }),
    );
    const response = await queryEngine.query({ query: 'What did the Piper hit near Tallahassee?' });
    expect(response.message.content).toBe(
      'On final approach near Tallahassee the Piper PA-22-150 struck trees and then utility wires.',
    );
    expect(response.sourceNodes?.map((n) => n.node.id_)).toContain('piper.md:0');
    expect(llm.prompts.at(-1)).toMatch(/Context information is below[\s\S]*struck trees/);
  });

  it('streams a query engine answer', async () => {
    const queryEngine = new RetrieverQueryEngine(
      new CairnRetriever({ engine, topK: 1 }),
      getResponseSynthesizer('compact', { llm: new ExtractiveLLM() }),
    );
    let text = '';
    for await (const chunk of await queryEngine.query({ query: 'What do marmots eat?', stream: true })) {
      text += chunk.delta;
    }
    expect(text).toBe('Marmots eat grasses, flowers and seeds.');
  });
});
