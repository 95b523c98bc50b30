// Type-checked (strict, skipLibCheck: false) in the scratch app with the installed @llamaindex/core:
// cairn/llamaindex's shipped types against that minor's, as a TypeScript user compiles them.
import type { BaseRetriever } from '@llamaindex/core/retriever';
import type { NodeWithScore } from '@llamaindex/core/schema';
import { openEngine } from 'cairn';
import { CairnRetriever } from 'cairn/llamaindex';

const engine = await openEngine({ store: 'x.db', env: {} });
const retriever: BaseRetriever = new CairnRetriever({ engine, topK: 2 });
const nodes: NodeWithScore[] = await retriever.retrieve({ query: 'q' });
const score: number | undefined = nodes[0]?.score;
export const used = score;
