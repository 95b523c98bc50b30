/**
 * The key figure of a reference answer, and whether another answer states it.
 *
 * A figure is a number as written in prose: `$82,959 million`, `15.7%`, `46.2 million`, `7,442`.
 * The key figure is the first one written as a quantity — with a currency sign, a percent sign, a
 * scale word (thousand, million, billion, trillion), decimals or thousands separators — else the
 * first whole number counting something (`38 patients`, `8 knots`, `30-degree`); dates
 * (`June 25, 2022`), years, list numbers and labels (`Note 7`, `Item 2`, `10-Q`, `Q3`) never are. An answer states it when one of its numbers, read at the reference's scale, rounds to
 * the reference's digits: `82,959` (a table cell in millions) states `$82,959 million`, and `7,696`
 * states `$7.7 billion`; `$83 billion` does not state `$82,959 million`.
 * @module
 */

/** A number found in text. */
export interface Figure {
  /** The figure as written, e.g. `$82,959 million`. */
  text: string;
  /** The number without sign, separators or scale: `82959`. */
  value: number;
  /** Digits after the decimal point as written. */
  decimals: number;
  /** The scale word's factor (1e6 for million), or undefined when none is written. */
  scale: number | undefined;
  /**
   * `notation` when written with a currency sign, `%`, a scale word, decimals or thousands
   * separators; `count` for a whole number (not a year or a day) followed by a lower-case word
   * other than a preposition or conjunction (`38 patients`, `30-degree`) and not preceded by a
   * label word (`Note`, `Item`, `Section`…); undefined for any other number.
   */
  quantity: 'notation' | 'count' | undefined;
}

const SCALES: Readonly<Record<string, number>> = {
  thousand: 1e3,
  million: 1e6,
  mn: 1e6,
  billion: 1e9,
  bn: 1e9,
  trillion: 1e12,
  m: 1e6,
  k: 1e3,
};

const MONTH =
  /(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s$/i;

/** Words after which a number is a label or a reference, not a quantity. */
const LABEL_BEFORE =
  /\b(?:note|item|part|section|rule|chapter|figure|fig|table|page|pages|class|no|nos|number|runway|version|step|phase|grade|level|stage|type|form|exhibit|article|schedule|appendix|occurrence)\.?\s*#?$/i;

/** Words after a number that do not make it a quantity (`30 to 50 feet`: only 50 is). */
const NOT_A_UNIT = new Set([
  'to',
  'and',
  'or',
  'of',
  'in',
  'on',
  'at',
  'by',
  'for',
  'the',
  'from',
  'with',
  'than',
]);

const NUMBER =
  /([$€£¥]\s?)?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(\s?%|\s?percent\b)?(?:\s?(thousand|million|billion|trillion|mn|bn)\b|(m|k)\b)?/gi;

/** An answer's citation marker: "[3]", "[1, 2]". */
const CITATION_MARKER = /\[\d+(?:\s*,\s*\d+)*\]/g;

/** Every number written in `text`, in order, without those inside words or codes (`Q3`, `10-Q`, `M2`). */
export function figuresIn(text: string): Figure[] {
  const figures: Figure[] = [];
  for (const match of text.matchAll(NUMBER)) {
    const start = match.index;
    const end = start + match[0].length;
    const before = text.slice(Math.max(0, start - 12), start);
    const after = text.slice(end, end + 2);
    // Part of a word or code: a letter, digit or joining mark right before or after it.
    const hyphenated = /^-\p{Ll}{2}/u.test(text.slice(end, end + 3));
    if (
      /[\p{L}\p{N}_]$|[\p{N}][.,-]$|[\p{L}]-$/u.test(before) ||
      /^[\p{L}\p{N}_]/u.test(after) ||
      (/^-[\p{L}\p{N}]/u.test(after) && !hyphenated)
    )
      continue;
    const [, currency, whole, fraction, percent, word, compact] = match;
    // A scale letter joined to a sum ("£97.8m", "$40k"); after a bare number it is a unit ("12m").
    if (compact !== undefined && !currency) continue;
    const scaleWord = word ?? compact;
    const digits = whole!.replace(/,/g, '');
    const decimals = fraction ? fraction.length - 1 : 0;
    const value = Number(`${digits}${fraction ?? ''}`);
    const scale = scaleWord ? SCALES[scaleWord.toLowerCase()] : undefined;
    const grouped = whole!.includes(',');
    const year = !currency && !percent && !scale && !fraction && !grouped && /^(?:19|20)\d\d$/.test(digits);
    const day = !currency && !percent && !scale && !fraction && MONTH.test(before);
    const unit = /^[\s-]?(\p{Ll}{2,})/u.exec(text.slice(end, end + 24))?.[1];
    const counted =
      unit !== undefined &&
      !NOT_A_UNIT.has(unit) &&
      !LABEL_BEFORE.test(text.slice(Math.max(0, start - 16), start));
    figures.push({
      text: match[0].trim(),
      value,
      decimals,
      scale,
      quantity:
        year || day
          ? undefined
          : currency || percent || scale || fraction || grouped
            ? 'notation'
            : counted
              ? 'count'
              : undefined,
    });
  }
  return figures;
}

/**
 * The key figure of a reference answer: its first quantity in notation, else its first count (see
 * the module comment), ignoring a trailing `SOURCE(S):` list. `undefined` when it states none.
 */
export function keyFigure(reference: string): Figure | undefined {
  const figures = figuresIn(reference.split(/\n\s*SOURCES?(?:\(S\))?\s*:/i)[0]!);
  return figures.find((f) => f.quantity === 'notation') ?? figures.find((f) => f.quantity === 'count');
}

/** True when `text` states `figure`: one of its numbers, read at the figure's scale, rounds to it. */
export function statesFigure(text: string, figure: Figure): boolean {
  const unit = figure.scale ?? 1;
  const target = Math.round(figure.value * 10 ** figure.decimals);
  // A citation marker ("[3]") is no figure the answer states: read, it made "£3" and "2.0" stated
  // by answers citing a third or second source (stop 70).
  return figuresIn(text.replace(CITATION_MARKER, ' ')).some((candidate) => {
    const readings =
      candidate.scale !== undefined
        ? [candidate.value * candidate.scale]
        : figure.scale !== undefined
          ? [1, 1e3, 1e6, 1e9].map((scale) => candidate.value * scale)
          : [candidate.value];
    return readings.some((reading) => Math.round((reading / unit) * 10 ** figure.decimals) === target);
  });
}
