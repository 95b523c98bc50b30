/**
 * Abbreviations a query asks by and the phrases the searched documents spell them out with. A
 * question asks for "R&D expenses" or "SG&A" while a statement's row reads "Research and
 * development" or "Selling, general and administrative": the abbreviation's letters are no words a
 * lexical index can match ("R" and "D" are dropped as single letters), so the row is never found by
 * them. The spelled-out phrase is read from the documents themselves, from the passages a first
 * lexical search of the query finds, and added to the query's lexical side; nothing is looked up in
 * a list of known abbreviations (a form of query expansion from the searched text, like
 * pseudo-relevance feedback: Rocchio 1971; Lavrenko & Croft 2001).
 *
 * Initials joined by "&" ("R&D", "SG&A", "PP&E", "O&M") are read: the "&" stands for "and", so
 * such an abbreviation is spelled out by words with the initials before it, "and" (or "&"), and
 * words with the initials after it ("Property, plant and equipment"). Of the phrases found, the
 * one written most often as a whole name wins (a row label "Research and development |", not the
 * start of "Revenue and deferred income"), then the one written most often.
 *
 * Acronyms of capitals ("DNA", "AVL") are not: they are words of the index, which finds the
 * passages that write them. Spelled out from the passages that define them ("deoxyribonucleic acid
 * (DNA)"), they added words the passages about them rarely write, and SciFact train nDCG@10 fell
 * from 0.7075 to 0.6994 (`bench/results/scifact-eval-stop39-acronyms.json`).
 * @module
 */

import { isStopWord } from './terms.js';

/** An abbreviation of a query and the phrase the searched passages spell it out with. */
export interface AbbreviationExpansion {
  /** As the query writes it: `R&D`, `SG&A`. */
  abbreviation: string;
  /** The spelled-out phrase, lower case, as the documents write it: `research and development`. */
  expansion: string;
}

/** Initials joined by "&": one to four capitals on each side ("R&D", "SG&A", "PP&E"). */
const AMPERSAND = /(?<![\p{L}\p{N}&])([A-Z]{1,4})\s?&\s?([A-Z]{1,4})(?![\p{L}\p{N}&])/gu;

/** An abbreviation found in a query: as written, and its lower-case initials before and after the "&". */
interface Abbreviation {
  text: string;
  before: string;
  after: string;
}

/** The abbreviations `query` asks by, each once, in order (see the module comment). */
export function queryAbbreviations(query: string): string[] {
  return [...new Set(abbreviationsOf(query).map((a) => a.text))];
}

/**
 * Abbreviations of one query read at most: eight. Each is one scan of the first search's passages;
 * a query of a hundred abbreviations is not a hundred scans.
 */
export const MAX_ABBREVIATIONS = 8;

function abbreviationsOf(query: string): Abbreviation[] {
  return [...query.matchAll(AMPERSAND)].map((m) => ({
    text: m[0].replace(/\s/g, ''),
    before: m[1]!.toLowerCase(),
    after: m[2]!.toLowerCase(),
  }));
}

/** Words with `initials`, one each, separated by spaces, commas or hyphens ("property, plant"). */
function initialWords(initials: string): string {
  return [...initials].map((letter) => `${letter}[\\p{L}]+`).join('[\\s,-]+');
}

/** How often a phrase is written: in all, ending a noun phrase, capitalised; and when first. */
interface PhraseCount {
  count: number;
  complete: number;
  capitalised: number;
  first: number;
}

/**
 * True when the text after a phrase ends it as a name: punctuation, a table cell's bar, a line's
 * end or the text's, or a stop word ("Research and development |", "Repairs and renewals of
 * mains"). "Revenue and deferred income" goes on: "Revenue and deferred" names nothing.
 */
function endsPhrase(after: string): boolean {
  const next = /^\s*([\p{L}\p{N}]+)?/u.exec(after)!;
  return next[1] === undefined ? true : isStopWord(next[1].toLowerCase());
}

/**
 * The phrase `texts` spell the "&" abbreviation out with (see the module comment): the one written
 * most often as a whole name (see {@link endsPhrase}), then most often at all, then capitalised
 * most often, then first found. Undefined when none does.
 */
function spelledAmpersand(abbreviation: Abbreviation, texts: readonly string[]): string | undefined {
  const phrase = new RegExp(
    `(?<![\\p{L}\\p{N}])${initialWords(abbreviation.before)},?\\s+(?:and|&)\\s+${initialWords(abbreviation.after)}(?![\\p{L}\\p{N}])`,
    'giu',
  );
  const counts = new Map<string, PhraseCount>();
  for (const text of texts) {
    for (const m of text.matchAll(phrase)) {
      const key = m[0].toLowerCase().replace(/\s+/g, ' ');
      const entry = counts.get(key) ?? { count: 0, complete: 0, capitalised: 0, first: counts.size };
      entry.count++;
      if (endsPhrase(text.slice(m.index + m[0].length, m.index + m[0].length + 40))) entry.complete++;
      if (/^\p{Lu}/u.test(m[0])) entry.capitalised++;
      counts.set(key, entry);
    }
  }
  const order = (a: PhraseCount, b: PhraseCount) =>
    b.complete - a.complete || b.count - a.count || b.capitalised - a.capitalised || a.first - b.first;
  return [...counts].sort(([, a], [, b]) => order(a, b))[0]?.[0];
}

/**
 * The expansions of the abbreviations `query` asks by (see {@link queryAbbreviations}), read from
 * `texts` (the passages a first search found): one per abbreviation spelled out there, in the
 * query's order, of its first {@link MAX_ABBREVIATIONS}. An abbreviation that no passage spells
 * out, or whose phrase the query already holds, is left out.
 */
export function spelledOutAbbreviations(query: string, texts: readonly string[]): AbbreviationExpansion[] {
  const out: AbbreviationExpansion[] = [];
  const lower = query.toLowerCase();
  const seen = new Set<string>();
  for (const abbreviation of abbreviationsOf(query)) {
    if (seen.has(abbreviation.text)) continue;
    if (seen.size >= MAX_ABBREVIATIONS) break;
    seen.add(abbreviation.text);
    const expansion = spelledAmpersand(abbreviation, texts);
    if (expansion !== undefined && !lower.includes(expansion)) {
      out.push({ abbreviation: abbreviation.text, expansion });
    }
  }
  return out;
}

/**
 * `query` with each expansion written in brackets after its abbreviation's first occurrence
 * ("R&D (research and development) expenses"): the text a lexical search and an extractive answer
 * read for it. Unchanged without expansions.
 */
export function withExpansions(query: string, expansions: readonly AbbreviationExpansion[]): string {
  let out = query;
  for (const { abbreviation, expansion } of expansions) {
    const at = new RegExp(
      `(?<![\\p{L}\\p{N}&])${[...abbreviation].map((c) => (c === '&' ? '\\s?&\\s?' : c)).join('')}s?(?![\\p{L}\\p{N}&])`,
      'u',
    ).exec(out);
    out =
      at === null
        ? `${out} (${expansion})`
        : `${out.slice(0, at.index + at[0].length)} (${expansion})${out.slice(at.index + at[0].length)}`;
  }
  return out;
}
