/**
 * A noun's other number where the Porter stemmer does not join the two: "child" and "children",
 * "person" and "people", "woman" and "women", "mouse" and "mice", "analysis" and "analyses",
 * "criterion" and "criteria", "half" and "halves" each stem apart, so a question about "a child"
 * was not answered by "Children aged 7 to 11" (its word read as absent). Regular plurals
 * ("tablets") stem alike and need nothing. Read by the answer's checks (`derivedForm`,
 * `irregularForms`), not by the lexical search: searched with the other form too (OR-ed in the
 * query), SciFact train fell on its measure part (0.7203 to 0.7168, tune 0.6966 to 0.6967:
 * `bench/results/scifact-other-number-forms-stop64.json`; "bacteria" then also finds
 * "bacterium", "mice" "mouse"). The pairs are `en-inflectors`' table of exceptional plurals (its
 * `singular2plural`), kept where the two forms stem apart; a dictionary of irregular forms beside
 * a suffix stemmer, as the Krovetz stemmer keeps one (Krovetz, SIGIR 1993).
 * @module
 */
import { createRequire } from 'node:module';
import { stemmer } from 'stemmer';

/**
 * Entries of the table left out: words read far more often as another part of speech or another
 * word ("die" and "dice", "try" and "tries", "this" and "these", "opus" and "opera"), and
 * non-English plurals of words no question writes.
 */
const LEFT_OUT = new Set([
  'die',
  'try',
  'that',
  'this',
  'des',
  'opus',
  'gens',
  'iter',
  'vas',
  'ornis',
  'genu',
]);

let forms: Map<string, string[]> | undefined;

/** Each word of the table (lower-case) to its other-number forms that stem apart from it. */
function table(): Map<string, string[]> {
  if (forms) return forms;
  forms = new Map();
  const add = (from: string, to: string) => {
    const list = forms!.get(from) ?? [];
    if (!list.includes(to)) list.push(to);
    forms!.set(from, list);
  };
  // Loaded on the first call (a table of some 700 nouns), not when the module is.
  const { singular2plural } = createRequire(import.meta.url)(
    'en-inflectors/dist/noun/list_exceptions.js',
  ) as typeof import('en-inflectors/dist/noun/list_exceptions.js');
  for (const [singular, plurals] of Object.entries(singular2plural)) {
    if (LEFT_OUT.has(singular) || !/^[a-z]+$/.test(singular)) continue;
    for (const plural of plurals) {
      if (!/^[a-z]+$/.test(plural) || stemmer(plural) === stemmer(singular)) continue;
      add(singular, plural);
      add(plural, singular);
    }
  }
  return forms;
}

/**
 * The other-number forms of `word` (any case) that the stemmer does not join to it: `children` for
 * "child", `person` for "people", `analyses` for "analysis"; empty for a regular noun or no noun.
 */
export function otherNumberForms(word: string): readonly string[] {
  return table().get(word.toLowerCase()) ?? [];
}

/**
 * Pairs of words (two forms of one word) as their Porter stems, each stem to the stems of its other
 * forms, both ways; pairs that stem alike are left out (the stemmer joins them already).
 */
export function apartStems(pairs: Iterable<readonly [string, string]>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const add = (from: string, to: string) => out.set(from, (out.get(from) ?? new Set()).add(to));
  for (const [a, b] of pairs) {
    const [x, y] = [stemmer(a), stemmer(b)];
    if (x === y) continue;
    add(x, y);
    add(y, x);
  }
  return out;
}

let stems: Map<string, Set<string>> | undefined;

/**
 * Whether two content terms (Porter stems) are one noun's two numbers that the stemmer keeps apart
 * (`child` and `children`, `person` and `peopl`); false for equal terms.
 */
export function otherNumberStems(a: string, b: string): boolean {
  stems ??= apartStems([...table()].flatMap(([word, others]) => others.map((o) => [word, o] as const)));
  return a !== b && (stems.get(a)?.has(b) ?? false);
}
