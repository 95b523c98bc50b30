/**
 * Questions that ask for a measure by an adjective of its dimension: "How loud is the
 * dehumidifier?", "How heavy is the kayak?", "What is the tallest vehicle the ferry takes?",
 * "What is the largest room it can dry?". The answer writes the measure, not the adjective: "Noise
 * level | 39 dB(A)", "Weight: 18 kg", "up to 2.3 metres high", "Suitable room size | up to 40
 * square metres". A passage naming the dimension (a noun of it: "noise", "weight", "height") or
 * stating a figure in one of its units holds the adjective (see `holdOtherForms` in
 * `extractive-answerer.ts`).
 *
 * The plain adjective counts after "how" only ("how large"), or after "too" outside a yes-or-no
 * question ("What range before it is too hot?"); its comparative and superlative forms count
 * anywhere ("the tallest vehicle"). "Largest", "biggest", "smallest" and
 * "highest" also rank what is not measured in a unit ("the largest customer", "the highest
 * revenue"): they are held by a figure in a unit of size only, not by a noun, or by the bound a
 * document states ("maximum attachment size" for "the largest attachment"; "minimum" for "the
 * smallest"). A noun naming a dimension is held the same way ("At what temperature should it be
 * stored?" of "Store below 25°C"), and one asked as an amount right after "how much" ("How much
 * electricity did the panels generate?" of "Generated (kWh): 4812").
 * @module
 */
import { wordTokens } from '../retrieve/terms.js';
import { unitKindsStated } from './units.js';

/** A dimension: the adjective's forms, the nouns naming it, and the kinds of unit measuring it. */
interface Dimension {
  /** Base adjectives, read after "how", or "too" outside a yes-or-no question, only. */
  readonly plain: readonly string[];
  /** Comparative and superlative forms, read anywhere. */
  readonly ranked: readonly string[];
  /** Ranked forms that also rank things measured in no unit: held by a unit only. */
  readonly loose?: readonly string[];
  /** Words naming the dimension ("weight", "noise"), lower-case. */
  readonly nouns: readonly string[];
  /** Kinds of unit (js-quantities' kinds, and `loudness` for decibels). */
  readonly kinds: readonly string[];
  /**
   * Nouns a question asks the dimension by ("At what temperature …?", "What is the weight of …?"),
   * read anywhere and held as the adjectives are; only nouns no other sense shares ("length" is
   * also a span of time, "capacity" also a count of seats, "volume" also loudness).
   */
  readonly named?: readonly string[];
  /** Nouns asked as an amount, right after "how much" only ("How much electricity …?"). */
  readonly amount?: readonly string[];
}

/** Dimensions asked by adjective. Nouns are the words a specification or a manual labels them with. */
const DIMENSIONS: readonly Dimension[] = [
  {
    plain: ['heavy'],
    ranked: ['heavier', 'heaviest'],
    nouns: ['weight', 'weighs', 'weighing', 'mass'],
    kinds: ['mass'],
    named: ['weight'],
  },
  {
    plain: ['tall', 'high'],
    ranked: ['taller', 'tallest', 'higher', 'highest'],
    loose: ['higher', 'highest'],
    nouns: ['height', 'high', 'tall', 'headroom', 'clearance'],
    kinds: ['length'],
    named: ['height'],
  },
  // "How long" asks for a span of time as often as a length: the extractive answerer's span rule
  // reads it (see `ASKS_HOW_LONG`); only the ranked forms are read here.
  { plain: [], ranked: ['longer', 'longest'], nouns: ['length', 'long'], kinds: ['length'] },
  {
    plain: ['wide', 'broad'],
    ranked: ['wider', 'widest'],
    nouns: ['width', 'wide'],
    kinds: ['length'],
    named: ['width'],
  },
  {
    plain: ['deep'],
    ranked: ['deeper', 'deepest'],
    nouns: ['depth', 'deep'],
    kinds: ['length'],
    named: ['depth'],
  },
  {
    plain: ['far'],
    ranked: ['farther', 'farthest', 'furthest'],
    nouns: ['distance', 'away'],
    kinds: ['length'],
    named: ['distance'],
  },
  {
    plain: ['big', 'large', 'small'],
    ranked: ['bigger', 'biggest', 'larger', 'largest', 'smaller', 'smallest'],
    loose: ['bigger', 'biggest', 'larger', 'largest', 'smaller', 'smallest'],
    nouns: ['size', 'capacity', 'dimensions'],
    kinds: ['area', 'volume', 'length'],
  },
  {
    plain: ['fast', 'quick'],
    ranked: ['faster', 'fastest'],
    nouns: ['speed'],
    kinds: ['speed'],
    named: ['speed'],
  },
  {
    plain: ['hot', 'cold', 'warm'],
    ranked: ['hotter', 'hottest', 'colder', 'coldest', 'warmer', 'warmest'],
    nouns: ['temperature'],
    kinds: ['temperature'],
    named: ['temperature'],
  },
  {
    plain: ['loud', 'noisy', 'quiet'],
    ranked: ['louder', 'loudest', 'noisier', 'noisiest', 'quieter', 'quietest'],
    nouns: ['noise', 'sound', 'loudness', 'decibels'],
    kinds: ['loudness'],
    named: ['noise', 'loudness'],
  },
  // Electricity is asked as an amount ("How much electricity did the panels generate?") and given
  // in kilowatt-hours ("Generated (kWh): 4812"); "the electricity bill" asks no amount of it.
  {
    plain: [],
    ranked: [],
    nouns: ['energy', 'electricity'],
    kinds: ['energy'],
    amount: ['energy', 'electricity'],
  },
  {
    plain: ['powerful'],
    ranked: [],
    nouns: ['power', 'wattage', 'output'],
    kinds: ['power'],
    named: ['power', 'wattage'],
  },
];

/** Ranked forms toward less of a dimension (they ask a minimum); the others ask a maximum. */
/** A yes-or-no question: it opens with an auxiliary or modal verb. */
const YES_NO =
  /^\s*(?:is|are|was|were|am|can|could|will|would|should|shall|may|might|does|do|did|has|have|had)\b/i;

const LEAST = /^(?:small|short|narrow|shallow|light|slow|cold|cool|quiet|low)(?:er|est)$/;
/** Ranked forms toward more (they ask a maximum). */
const MOST = /(?:er|est)$/;

/** What a question's dimension word asks, and what holds it in a passage (see {@link statesDimension}). */
export interface AskedDimension {
  /** The adjective as the question writes it, lower-case ("loud", "tallest"). */
  readonly word: string;
  /**
   * Words naming the dimension ("noise", "weight") and, for a superlative, the bound a document
   * states ("maximum", "minimum"), lower-case; only the bound for "largest" and its like.
   */
  readonly nouns: readonly string[];
  /** Kinds of unit measuring it: js-quantities' kinds ("mass", "length", "area"), or `loudness`. */
  readonly kinds: readonly string[];
}

/**
 * The dimensions `question` asks a measure of by adjective (see the module comment), in the
 * question's order; empty when it asks none.
 */
export function askedDimensions(question: string): AskedDimension[] {
  const words = wordTokens(question);
  const yesNo = YES_NO.test(question);
  const out: AskedDimension[] = [];
  words.forEach((word, i) => {
    for (const d of DIMENSIONS) {
      const amount = words[i - 2] === 'how' && words[i - 1] === 'much' && (d.amount ?? []).includes(word);
      if (amount || (d.named ?? []).includes(word)) {
        out.push({ word, nouns: d.nouns, kinds: d.kinds });
        continue;
      }
      // "Too hot or too cold" asks the bounds of the dimension as "how hot" asks it ("What's the
      // temperature range before it warns me the room is too hot or too cold?", round151); not in a
      // yes-or-no question, which asks a judgement ("Is the hall too loud for a wedding?").
      const afterHow =
        (words[i - 1] === 'how' || (words[i - 1] === 'too' && !yesNo)) && d.plain.includes(word);
      if (!afterHow && !d.ranked.includes(word)) continue;
      const loose = !afterHow && (d.loose ?? []).includes(word);
      // A superlative is the bound a document states: "the largest attachment" is its "maximum
      // attachment size", "the smallest group" its "minimum group size".
      const bound = afterHow
        ? []
        : LEAST.test(word)
          ? ['minimum', 'min']
          : MOST.test(word)
            ? ['maximum', 'max']
            : [];
      out.push({ word, nouns: [...(loose ? [] : d.nouns), ...bound], kinds: d.kinds });
    }
  });
  return out;
}

/**
 * True when `text` names `dimension` (one of its nouns, as a word) or states a figure in one of
 * its kinds of unit ("39 dB(A)", "40 square metres", "2.3 metres").
 */
export function statesDimension(text: string, dimension: AskedDimension): boolean {
  if (dimension.nouns.length > 0) {
    const words = new Set(wordTokens(text));
    if (dimension.nouns.some((noun) => words.has(noun))) return true;
  }
  return unitKindsStated(text).some((kind) => dimension.kinds.includes(kind));
}
