/**
 * An independent Okapi BM25 scorer for the conformance suite: what SQLite FTS5's `bm25()` returns
 * (negated) for a corpus of plain ASCII-and-Latin text, with the `porter unicode61
 * remove_diacritics 2` tokenizer and column weights. Written from FTS5's documented formula
 * (https://sqlite.org/fts5.html#the_bm25_function) and `fts5_aux.c`: k1 = 1.2, b = 0.75,
 * IDF = ln((N − n + 0.5) / (n + 0.5)), replaced by 1e-6 when not positive; a phrase's frequency
 * is the weighted sum of its hits per column, while document and average lengths count every
 * token once.
 * @module
 */
import { stemmer } from 'stemmer';

const K1 = 1.2;
const B = 0.75;

/** One chunk of the corpus: its id, text, heading path, document field and context field. */
export interface ReferenceChunk {
  id: string;
  text: string;
  headings: readonly string[];
  document: string;
  context: string;
}

function tokens(text: string): string[] {
  const folded = text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  return (folded.match(/[a-z0-9]+/g) ?? []).map((token) => stemmer(token));
}

/**
 * The chunks that match any query word, with their BM25 scores (higher is better), best first;
 * ties keep corpus order.
 * @param weights Column weights: text 1, and the other fields' weights.
 */
export function bm25Reference(
  corpus: readonly ReferenceChunk[],
  query: string,
  weights: { headings: number; document: number; context: number },
): Array<{ id: string; score: number }> {
  const rows = corpus.map((chunk) => {
    const fields: Array<[string[], number]> = [
      [tokens(chunk.text), 1],
      [tokens(chunk.headings.join('\n')), weights.headings],
      [tokens(chunk.document), weights.document],
      [tokens(chunk.context), weights.context],
    ];
    const length = fields.reduce((sum, [field]) => sum + field.length, 0);
    return { id: chunk.id, fields, length };
  });
  const average = rows.reduce((sum, row) => sum + row.length, 0) / rows.length;
  const words = [...new Set(query.toLowerCase().match(/[a-z0-9]+/g) ?? [])];
  const phrases = words.map((word) => stemmer(word));
  const scored = rows.map((row) => {
    let score = 0;
    let matched = false;
    for (const phrase of phrases) {
      const frequency = row.fields.reduce(
        (sum, [field, weight]) => sum + weight * field.filter((token) => token === phrase).length,
        0,
      );
      if (frequency === 0) continue;
      matched = true;
      const containing = rows.filter((other) =>
        other.fields.some(([field]) => field.includes(phrase)),
      ).length;
      let idf = Math.log((rows.length - containing + 0.5) / (containing + 0.5));
      if (idf <= 0) idf = 1e-6;
      score += (idf * (frequency * (K1 + 1))) / (frequency + K1 * (1 - B + (B * row.length) / average));
    }
    return { id: row.id, score, matched };
  });
  return scored
    .filter((row) => row.matched)
    .sort((a, b) => b.score - a.score)
    .map(({ id, score }) => ({ id, score }));
}

/**
 * An independent scorer of Lucene's `BM25Similarity` (Lucene 8+, OpenSearch's default), for
 * backends that declare `lucene_bm25`: per field, idf = ln(1 + (N − n + 0.5) / (n + 0.5)) with
 * N the documents that have the field and n those holding the term, and a term scores
 * idf · f / (f + k1 · (1 − b + b · dl / avgdl)) (k1 = 1.2, b = 0.75; Lucene 8 dropped the
 * constant (k1 + 1) factor). The text, heading, document and context fields (each weighted as
 * `weights` says, text 1) are summed, as a `bool` of one `match` query per field does. Lengths are exact here; Lucene keeps them in
 * one byte, which is exact for the short texts of the suite's fixture.
 */
export function luceneBm25Reference(
  corpus: readonly ReferenceChunk[],
  query: string,
  weights: { headings: number; document: number; context: number },
): Array<{ id: string; score: number }> {
  const rows = corpus.map((chunk) => ({
    id: chunk.id,
    fields: [
      tokens(chunk.text),
      tokens(chunk.headings.join('\n')),
      tokens(chunk.document),
      tokens(chunk.context),
    ] as const,
  }));
  const phrases = [...new Set((query.toLowerCase().match(/[a-z0-9]+/g) ?? []).map((word) => stemmer(word)))];
  const boosts = [1, weights.headings, weights.document, weights.context];
  const scored = rows.map((row) => {
    let score = 0;
    let matched = false;
    for (const field of [0, 1, 2, 3] as const) {
      const having = rows.filter((other) => other.fields[field].length > 0);
      if (having.length === 0) continue;
      const average = having.reduce((sum, other) => sum + other.fields[field].length, 0) / having.length;
      const length = row.fields[field].length;
      for (const phrase of phrases) {
        const frequency = row.fields[field].filter((token) => token === phrase).length;
        if (frequency === 0) continue;
        matched = true;
        const containing = having.filter((other) => other.fields[field].includes(phrase)).length;
        const idf = Math.log(1 + (having.length - containing + 0.5) / (containing + 0.5));
        score += (boosts[field]! * idf * frequency) / (frequency + K1 * (1 - B + (B * length) / average));
      }
    }
    return { id: row.id, score, matched };
  });
  return scored
    .filter((row) => row.matched)
    .sort((a, b) => b.score - a.score)
    .map(({ id, score }) => ({ id, score }));
}
