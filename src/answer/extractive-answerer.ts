/**
 * The offline answerer: quotes the passages of the top hits that best match the question, each
 * followed by its citation marker.
 *
 * Candidates are single sentences and windows of two consecutive sentences (an answer often
 * sits in the sentence after the one naming the subject). A candidate scores the IDF-weighted
 * share of the question's content terms it holds (IDF over all candidate sentences), times 0.9
 * for a two-sentence window, 0.5 for a key/value or table line (labels echo the question's
 * words without answering it), and a small decay by source rank. Headings are never quoted, and
 * every quoted passage scores at least half the best one's.
 * @module
 */
import type { Hit } from '../core/types.js';
import { contentTerms } from '../retrieve/terms.js';

/** Options of {@link extractAnswer}. */
export interface ExtractiveOptions {
  /** Sentences to quote at most; default 3. */
  maxSentences?: number;
  /** Minimum IDF-weighted share of the question's terms a passage must hold; default 0.2. */
  minScore?: number;
}

interface Sentence {
  text: string;
  source: number;
  /** Position within the source, for adjacency and output order. */
  order: number;
  /** Block the sentence belongs to; windows never cross blocks. */
  block: number;
  tabular: boolean;
  terms: Set<string>;
}

/** Share of the best passage's score any other quoted passage needs. */
const RELATIVE_FLOOR = 0.5;

const sentenceSegmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
const keyValueLine = /\s\|\s|^\|/;
const labelLine = /^[\p{L}][\p{L}\p{N} /&().#'-]{0,40}:\s/u;

function sentencesOf(text: string, source: number): Sentence[] {
  const out: Sentence[] = [];
  let block = 0;
  for (const paragraph of text.split(/\n{2,}/)) {
    block++;
    const lines = paragraph.split('\n');
    const tabular = lines.filter((l) => keyValueLine.test(l) || labelLine.test(l) || /^#/.test(l)).length;
    const units = tabular >= lines.length / 2 ? lines : [paragraph.replace(/\s+/g, ' ')];
    for (const unit of units) {
      const isTable = units === lines;
      for (const s of isTable ? [unit] : [...sentenceSegmenter.segment(unit)].map((x) => x.segment)) {
        const sentence = s.replace(/\s+/g, ' ').trim();
        if (!/[\p{L}\p{N}]/u.test(sentence)) continue;
        // A heading names the subject but answers nothing; the sentences under it do.
        if (/^#{1,6}\s/.test(sentence)) continue;
        out.push({
          text: sentence.replace(/^#+\s*/, ''),
          source,
          order: out.length,
          block: isTable ? -out.length - 1 : block,
          tabular: isTable,
          terms: new Set(contentTerms(sentence)),
        });
      }
    }
  }
  return out;
}

/**
 * Picks passages from `hits` (source n = `hits[n-1]`) that answer `question`.
 * Returns the answer text and the source numbers it cites; empty text when nothing qualifies.
 */
export function extractAnswer(
  question: string,
  hits: Hit[],
  options: ExtractiveOptions = {},
): { text: string; cited: number[] } {
  const maxSentences = options.maxSentences ?? 3;
  const minScore = options.minScore ?? 0.2;
  const queryTerms = [...new Set(contentTerms(question))];
  if (queryTerms.length === 0) return { text: '', cited: [] };

  const sentences = hits.flatMap((hit, i) => sentencesOf(hit.chunk.text, i + 1));
  const idf = new Map<string, number>();
  for (const term of queryTerms) {
    const df = sentences.filter((s) => s.terms.has(term)).length;
    idf.set(term, Math.log(1 + (sentences.length + 1) / (df + 0.5)));
  }
  const total = queryTerms.reduce((sum, t) => sum + idf.get(t)!, 0);
  const coverage = (group: Sentence[]) =>
    queryTerms.filter((t) => group.some((s) => s.terms.has(t))).reduce((sum, t) => sum + idf.get(t)!, 0) /
    total;

  const windows: Array<{ members: Sentence[]; score: number }> = [];
  sentences.forEach((s, i) => {
    const decay = 1 - 0.03 * (s.source - 1);
    const single = coverage([s]) * (s.tabular ? 0.5 : 1) * (s.text.length > 400 ? 0.8 : 1) * decay;
    windows.push({ members: [s], score: single });
    const next = sentences[i + 1];
    if (next && !s.tabular && next.source === s.source && next.block === s.block) {
      windows.push({ members: [s, next], score: coverage([s, next]) * 0.9 * decay });
    }
  });

  const chosen: Sentence[] = [];
  const ranked = windows.sort((a, b) => b.score - a.score);
  // Quotes after the best must be at least half as good: a sentence sharing one common word
  // with the question ("fire" for "when the pager fires") is not part of its answer.
  const floor = Math.max(minScore, (ranked[0]?.score ?? 0) * RELATIVE_FLOOR);
  for (const window of ranked) {
    if (window.score < floor || chosen.length >= maxSentences) break;
    if (window.members.some((m) => chosen.includes(m))) continue;
    if (chosen.length + window.members.length > maxSentences) continue;
    chosen.push(...window.members);
  }
  chosen.sort((a, b) => a.source - b.source || a.order - b.order);
  const cited = [...new Set(chosen.map((c) => c.source))];
  return { text: chosen.map((c) => `${c.text} [${c.source}]`).join(' '), cited };
}
