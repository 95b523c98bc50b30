/**
 * An irregular verb's past participle where the Porter stemmer does not join it to the verb's
 * other forms: "frozen" and "freeze" ("freezing", "freezes"), "written" and "write", "taken" and
 * "take", "chosen" and "choose" each stem apart, so "How long can the loaf be frozen?" read
 * "frozen" as absent beside "Suitable for freezing: … use within 3 months". Read by the answer's
 * checks (`derivedForm`), as a noun's other number is (see `noun-forms.ts`). The pairs are
 * `en-inflectors`' table of irregular verbs, participles ending in "n" only (the "-en" and "-n"
 * forms, which no other word shares as often as "found", "left" or "rose" do), kept where the two
 * stem apart; a dictionary of irregular forms beside a suffix stemmer, as the Krovetz stemmer
 * keeps one (Krovetz, SIGIR 1993).
 * @module
 */
import { createRequire } from 'node:module';
import { apartStems } from './noun-forms.js';

/** Participles left out: words read more often as another word ("born" of a bear, "sawn", "lain"), and "been". */
const LEFT_OUT = new Set(['been', 'born', 'lain', 'sawn', 'underlain']);

let pairs: Map<string, Set<string>> | undefined;

/** Each participle's stem to its verb's stem, and back (see `apartStems`). */
function table(): Map<string, Set<string>> {
  if (pairs) return pairs;
  // Loaded on the first call (some 500 verbs), not when the module is.
  const { irregular } = createRequire(import.meta.url)('en-inflectors/dist/verb/solve_lookup.js') as {
    irregular: string[][];
  };
  pairs = apartStems(
    irregular.flatMap(([verb, , participle]) =>
      verb !== undefined &&
      participle !== undefined &&
      !LEFT_OUT.has(participle) &&
      /^[a-z]+n$/.test(participle) &&
      /^[a-z]+$/.test(verb)
        ? [[participle, verb] as const]
        : [],
    ),
  );
  return pairs;
}

/**
 * Whether two content terms (Porter stems) are an irregular verb and its past participle that the
 * stemmer keeps apart (`frozen` and `freez`, `written` and `write`); false for equal terms.
 */
export function participleStems(a: string, b: string): boolean {
  return a !== b && (table().get(a)?.has(b) ?? false);
}
