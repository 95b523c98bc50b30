/**
 * The `lexicalWeights` option of the SQL stores, one schema for both.
 * @module
 */
import { z } from 'zod';
import { DEFAULT_LEXICAL_WEIGHTS } from '../collection/lexical-weights.js';

const weight = (fallback: number) => z.number().finite().min(0).default(fallback);

/**
 * Weights of the lexical fields: `content` (the chunk text), `headings` (its heading path),
 * `document` (its document's title and file name) and `context` (its contextualizer text); each a
 * finite number ≥ 0, defaults {@link DEFAULT_LEXICAL_WEIGHTS}.
 */
export const lexicalWeightsSchema = z
  .object({
    content: weight(DEFAULT_LEXICAL_WEIGHTS.content),
    headings: weight(DEFAULT_LEXICAL_WEIGHTS.headings),
    document: weight(DEFAULT_LEXICAL_WEIGHTS.document),
    context: weight(DEFAULT_LEXICAL_WEIGHTS.context),
  })
  .prefault({});
