/**
 * Units of measure a question names in words and a document writes as a symbol after a figure:
 * "How many track kilometres …?" of "6.4 km", "miles" of "12 mi", "megawatts" of "40 MW",
 * "hours" of "3 hrs". The stemmer reads "kilometr" and "km" as two words, so without this a
 * passage stating the figure does not hold the question's word. Which words and symbols are one
 * unit is read from `js-quantities`' unit tables (its aliases and SI prefixes), loaded on first
 * use: a question naming no unit never loads them.
 * @module
 */
import { createRequire } from 'node:module';
import { wordTokens } from '../retrieve/terms.js';

interface Quantity {
  kind(): string;
  toBase(): { scalar: number };
}
interface QuantityParser {
  parse(value: string): Quantity | null;
}

let parser: QuantityParser | undefined;
/** Unit keys already read, by word ('' for a word that names no unit), at most {@link KEYS_KEPT}. */
const keys = new Map<string, string>();
const KEYS_KEPT = 4096;

/**
 * A band of sizes: its lower figure (group 1), that figure's unit if written (group 2), its upper
 * figure (group 3) and unit (group 4): "8.00 m – 9.99 m", "10 to 12 kg", "5-8mm". Read in a text by
 * the "not found" check and at a label's opening by the answer (round128).
 */
export const SIZE_BAND =
  /(\d+(?:\.\d+)?)\s?(\p{L}+)?\s*(?:–|—|-|to)\s*(\d+(?:\.\d+)?)\s?(\p{L}+)(?![\p{L}\d])/u;

/** A unit's name: one word ("km", "kilometres") or two ("kilowatt hours"). */
const UNIT_NAME = /^[\p{L}%°µ][\p{L}²³/]*(?: \p{L}+)?$/u;

/**
 * The unit `word` names, as a key two spellings of one unit share ("km", "kilometre" and
 * "kilometers" alike; "kWh" and "kilowatt hour": its kind of quantity and its size in base
 * units); undefined when it names none, or only a unitless count ("cells").
 */
export function unitKey(word: string): string | undefined {
  let key = keys.get(word);
  if (key === undefined) {
    parser ??= createRequire(import.meta.url)('js-quantities') as QuantityParser;
    const parse = (name: string): Quantity | null => {
      try {
        return UNIT_NAME.test(name) ? parser!.parse(`1 ${name}`) : null;
      } catch {
        return null;
      }
    };
    // js-quantities knows some units only in the singular ("tonne", "hectare"; not "tonnes").
    const quantity = parse(word) ?? (/[a-z]{3}s$/.test(word) ? parse(word.slice(0, -1)) : null);
    key =
      quantity === null || quantity.kind() === 'unitless'
        ? ''
        : `${quantity.kind()}@${quantity.toBase().scalar}`;
    if (keys.size >= KEYS_KEPT) keys.clear();
    keys.set(word, key);
  }
  return key === '' ? undefined : key;
}

/**
 * The units `question`'s words name in full (three letters or more: "kilometres", "miles",
 * "hours"; a symbol it writes is matched as written), as their keys (see {@link unitKey}) by the
 * word, lower-cased. Two words that name one unit together ("kilowatt hours": energy, written
 * "kWh") are each keyed by it, not by what each names alone (power, time).
 */
export function namedUnits(question: string): Map<string, string> {
  const out = new Map<string, string>();
  const words = wordTokens(question).filter((word) => word.length >= 3 && /^\p{L}+$/u.test(word));
  for (const word of words) {
    const key = unitKey(word);
    if (key !== undefined) out.set(word, key);
  }
  for (const [i, word] of words.entries()) {
    const next = words[i + 1];
    if (next === undefined || !out.has(word) || !out.has(next)) continue;
    const key = unitKey(`${word} ${next}`);
    if (key === undefined) continue;
    out.set(word, key);
    out.set(next, key);
  }
  return out;
}

/** A figure and the word or symbol right after it ("6.4 km", "40MW", "3 hrs"). */
const FIGURE_UNIT = /\d(?:[\d,]*\d)?(?:\.\d+)?\s?([\p{L}%°µ][\p{L}²³/]*)/gu;

/**
 * The words of `units` (see {@link namedUnits}) whose unit `text` writes after a figure, in any
 * spelling: `["kilometres"]` of "6.4 km of the route" for "kilometres".
 */
export function unitsStated(text: string, units: ReadonlyMap<string, string>): string[] {
  if (units.size === 0) return [];
  const written = new Set<string>();
  for (const m of text.matchAll(FIGURE_UNIT)) {
    const key = unitKey(m[1]!);
    if (key !== undefined) written.add(key);
  }
  return [...units].filter(([, key]) => written.has(key)).map(([word]) => word);
}

/**
 * A figure and the unit written after it, read for its kind: one word or symbol, or "square" or
 * "cubic" and a length ("40 square metres"), or a weighted decibel ("39 dB(A)"). Wider than
 * {@link FIGURE_UNIT}, whose single word `unitsStated` matches against a question's unit words.
 */
const FIGURE_UNIT_KIND =
  /\d(?:[\d,]*\d)?(?:\.\d+)?\s?((?:sq(?:uare|\.)?\s+|cubic\s+)?[\p{L}°µ][\p{L}²³/]*(?:\([A-Z]\))?)/gu;

/**
 * A label naming its unit in brackets before its figure, as a form's field or a table row writes
 * it ("Generated (kWh): 4812", "| Weight (kg) | 18 |"); group 1: the unit.
 */
const LABEL_UNIT_KIND = /\(([\p{L}°µ][\p{L}²³/]*)\)\s*[:|]\s*[~≈<>≤≥]?\s*\d/gu;

/** The kind of quantity `unit` (as written after a figure) measures, or undefined. */
function unitKind(unit: string): string | undefined {
  if (/^(?:db(?:\([a-z]\)|a)?|decibels?)$/i.test(unit)) return 'loudness';
  if (/^°[cf]?$|^degrees?$/i.test(unit)) return 'temperature';
  const squared = /^(sq(?:uare|\.)?|cubic)\s+(.+)$/i.exec(unit);
  if (squared) {
    const key = unitKey(squared[2]!) ?? unitKey(squared[2]!.replace(/s$/, ''));
    if (key?.startsWith('length@')) return squared[1]!.toLowerCase() === 'cubic' ? 'volume' : 'area';
    return undefined;
  }
  return unitKey(unit)?.split('@')[0];
}

/**
 * The kinds of quantity `text` states figures in: js-quantities' kinds ("mass", "length",
 * "volume", "power") of its units after a figure, then of those in brackets on a figure's label
 * ("Generated (kWh): 4812"), `area` and `volume` of a square or cubic length, `temperature` of
 * degrees, `loudness` of decibels (unitless to js-quantities). Units are read on first use, as
 * {@link unitKey} reads them.
 */
export function unitKindsStated(text: string): string[] {
  const kinds: string[] = [];
  for (const m of [...text.matchAll(FIGURE_UNIT_KIND), ...text.matchAll(LABEL_UNIT_KIND)]) {
    const kind = unitKind(m[1]!);
    if (kind !== undefined && !kinds.includes(kind)) kinds.push(kind);
  }
  return kinds;
}
