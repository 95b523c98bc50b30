/**
 * Ages a question states and ages a table's labels bound: "I'm 70" of "| Concession (over 65) |
 * £45 |" (see `ageRows` in `extractive-answerer.ts`), and the words of "my 7-year-old", which are
 * no topic a document must write (see `topicWords` in `evidence-check.ts`).
 * @module
 */

import { unitKey } from './units.js';

/** An age stated in years or months: "7-year-old", "9 years old", "18 months old" (group 1 the number). */
export const AGE_IN_YEARS = /\b(\d{1,3})(?:-|\s+)(?:years?|yrs?|months?)(?:-|\s+)old\b/gi;

/**
 * The asker's age a question states: "I'm 70", "I am 70", "aged 15", "I'm 67 – how much …"; not a
 * range ("aged 15-17", "aged 15 – 17") nor a measure ("I'm 6 feet").
 */
const STATED_AGE = /\b(?:i['’]m|i\s+am|aged?)\s+(\d{1,3})\b(?!\s*(?:%|\p{L})|\s?[-–]\s?\d|[-–])/iu;

/**
 * The age in years `question` states of the asker or whom it asks for ("I'm 70", "aged 15", "my
 * 7-year-old", "a 9 year old"); undefined when it states none (an age in months is none).
 */
export function askerAge(question: string): number | undefined {
  const stated = STATED_AGE.exec(question)?.[1];
  if (stated !== undefined) return Number(stated);
  const years = [...question.matchAll(AGE_IN_YEARS)].find((m) => /years?|yrs?/i.test(m[0]));
  return years === undefined ? undefined : Number(years[1]);
}

/**
 * Whether the word after a bound's figure is a unit other than years ("over 10 kg", "under 12
 * months", "over 30 minutes"): the bound is then of no age. A word of a sentence ("under 12 must be
 * supervised") or "years" leaves it an age.
 */
function measureAfter(text: string, match: RegExpMatchArray): boolean {
  const next = /^\s*(\p{L}+)/u.exec(text.slice(match.index! + match[0].length))?.[1];
  if (next === undefined || /^(?:years?|yrs?|s)$/i.test(next)) return false;
  return /^(?:months?|weeks?|days?|hours?|hrs?|minutes?|mins?)$/i.test(next) || unitKey(next) !== undefined;
}

/**
 * The ages a table's label bounds, as inclusive ranges: "over 65" and "65 and over" (65 up), "65+",
 * "under 8" and "under-8s" (up to 7), "8 and under" (up to 8), "13–17 years", "aged 6 to 14". Not a
 * sum ("over £50") nor a range of another unit ("Stages 1–3"). In a column of ages (`ageColumn`:
 * its header reads "Age", "Age group"), a bare range is one too: "| 13 to 17 | Seniors | £38.00 |"
 * (round130, after its only run).
 */
export function ageBounds(label: string, ageColumn = false): Array<{ low: number; high: number }> {
  const out: Array<{ low: number; high: number }> = [];
  for (const m of label.matchAll(/(?<![£$€\d.])\b(?:over|aged\s+over)\s+(\d{1,3})\b(?!\s*%)/giu))
    if (!measureAfter(label, m)) out.push({ low: Number(m[1]), high: Infinity });
  for (const m of label.matchAll(
    /(?<![£$€\d.])\b(\d{1,3})\s*(?:\+|and\s+(?:over|older)|or\s+(?:over|older))/giu,
  ))
    out.push({ low: Number(m[1]), high: Infinity });
  for (const m of label.matchAll(/(?<![£$€\d.])\bunder[-\s]+(\d{1,3})s?\b(?!\s*%)/giu))
    if (!measureAfter(label, m)) out.push({ low: 0, high: Number(m[1]) - 1 });
  for (const m of label.matchAll(/(?<![£$€\d.])\b(\d{1,3})\s+(?:and|or)\s+(?:under|younger)\b/giu))
    out.push({ low: 0, high: Number(m[1]) });
  for (const m of label.matchAll(
    /(?<![£$€\d.])\b(?:(?:aged?|ages)\s+(\d{1,3})\s*(?:-|–|to)\s*(\d{1,3})|(\d{1,3})\s*(?:-|–|to)\s*(\d{1,3})\s*(?:years?|yrs?)\b)/giu,
  ))
    out.push({ low: Number(m[1] ?? m[3]), high: Number(m[2] ?? m[4]) });
  if (ageColumn && out.length === 0)
    for (const m of label.matchAll(/(?<![£$€\d.])\b(\d{1,3})\s*(?:-|–|to)\s*(\d{1,3})\b(?!\s*%|[.,]\d)/gu))
      if (!measureAfter(label, m)) out.push({ low: Number(m[1]), high: Number(m[2]) });
  return out;
}
