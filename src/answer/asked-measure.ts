/**
 * Questions that ask for a measure of a named subject: "What revenue did the company report from
 * Gaming?", "What interest rate does the trust pay on its mortgage?", "How much income did the
 * charity receive from trading?". A document that names the subject without the measure ("Vision
 * Pro … expected to be available in early 2024") does not answer it: the stated-evidence check
 * (`statedEvidence`) needs a passage holding the subject, the measure and a figure of it (see
 * `judgeMeasure` in `stated-evidence.ts`). "What was X's <measure>?" is not read: documents write
 * its subject in other words too often ("AWS" for "the Amazon Web Services segment";
 * `time-eval-stop60-a.json`).
 * @module
 */

/**
 * Measure nouns, as alternatives of a regular expression: what a subject earns (revenue, sales,
 * income), what it costs or is paid (price, fee, rent, salary, payment, dividend, value) and the
 * rates it bears (rate, yield, margin, share).
 */
const MEASURE_NOUN =
  'revenues?|sales|income|earnings|turnover|receipts|proceeds|profits?|prices?|costs?|fees?|charges?|rents?|fares?|salar(?:y|ies)|wages?|payments?|premiums?|dividends?|values?|valuations?|rates?|yields?|margins?|share';

/** Words after a measure noun that name its unit, not another measure ("gross margin percentage"). */
const UNIT_TAIL = String.raw`(?:\s+(?:percentages?|percent|amounts?|figures?|levels?))?`;

/** "per share", "per student": the unit a measure is asked per. */
const PER = String.raw`(?:\s+per\s+[\p{L}-]+)?`;

/** An auxiliary after the measure, opening the rest of the question. */
const AUXILIARY = '(?:did|does|do|has|have|had|will|would)';

/**
 * "What <measure> did <owner> <verb> (from|for|on|per) <subject> …?" or "What <measure> of
 * <subject> did <owner> <verb>?": group 1 the measure, group 2 its "of" subject, group 3 the rest.
 */
const WHAT_MEASURE = new RegExp(
  String.raw`^\s*(?:in\s[^,?]{1,80},\s*)?what\s+((?:[\p{L}-]+\s+){0,3}?(?:${MEASURE_NOUN})${UNIT_TAIL}${PER})(?:\s+of\s+([^?]{1,80}?))?\s+${AUXILIARY}\s+([^?]+)`,
  'iu',
);

/** "How much <measure> did <owner> <verb> …?": group 1 the measure, group 2 the rest. */
const HOW_MUCH_MEASURE = new RegExp(
  String.raw`^\s*(?:in\s[^,?]{1,80},\s*)?how\s+much\s+((?:[\p{L}-]+\s+){0,2}?(?:${MEASURE_NOUN}))\s+${AUXILIARY}\s+([^?]+)`,
  'iu',
);

/** Where the subject ends: a clause naming where or when, a second question, punctuation. */
const SUBJECT_END =
  /\s(?:in|on|by|as|at|during|within|over|since|under|according|mentioned|disclosed|reported|described|listed|noted|and\s+(?:what|how|which|why|when|where|who))\b|[?,;:]/i;

/** The preposition a verb takes before the subject of its measure ("earn from", "report for", "pay on"). */
const SUBJECT_PREPOSITION = /\s(from|for|on|per)\s/i;

/** Measure nouns of a rate: answered by a percentage. */
const RATE_NOUN = /^(?:rates?|yields?|margins?|share)$/i;
/**
 * The names what is earned goes by, which documents write for one another ("net sales" for
 * revenue, "Income from: …" for what a charity received).
 */
export const EARNED_NAMES: readonly string[] = [
  'revenue',
  'sales',
  'income',
  'earnings',
  'turnover',
  'receipts',
  'proceeds',
];

/** Measure nouns of what is earned: {@link EARNED_NAMES}, singular or plural, and profit. */
const EARNED_NOUN = new RegExp(
  `^(?:${EARNED_NAMES.map((n) => n.replace(/s$/, '')).join('|')}|profit)s?$`,
  'i',
);

/**
 * What kind of measure a question asks for: `rate` (a rate, yield, margin or share: a
 * percentage, or a sum "at" which something is paid: "at 45p a mile"), `earned` (revenue, sales, income and their like, which documents write for one
 * another), `amount` (anything else: a price, fee, payment, value).
 */
export type MeasureKind = 'rate' | 'earned' | 'amount';

/** What a measure question asks (see {@link askedMeasure}). */
export interface AskedMeasure {
  /** The measure as asked, its unit tail and "per" phrase included ("average selling price", "price per share"). */
  measure: string;
  /** What kind of measure it is (see {@link MeasureKind}). */
  kind: MeasureKind;
  /** The measure's noun ("price" of "average selling price"). */
  noun: string;
  /**
   * What the measure is of, as asked ("Gaming", "its warehouse mortgage", "its teachers" of "What
   * salary did the district pay its teachers?"); empty when the question names only the owner
   * ("What dividend per share did Contoso declare?", "How much revenue did Litware contribute to
   * Contoso?").
   */
  subject: string;
  /** The unit the measure is asked per ("share" of "price per share", "thousand gallons of water"), when one is. */
  per?: string;
  /**
   * The owner's verb as written ("receive" of "How much revenue did the Trust receive from
   * trading?"), when the question has one: a word of the question's framing, which documents need
   * not write ("Income from: Legacies").
   */
  verb?: string;
}

/**
 * Reads a question asking for a measure of a subject (see the module comment): "what" or "how
 * much", the measure (up to three words and a measure noun, see {@link MEASURE_NOUN}), an
 * auxiliary, the owner and its verb, then what the measure is of after "from", "for" or "on" (not a
 * time: "for the quarter"; not a manner: "on average"), or the verb's object ("pay its teachers"),
 * or a thing the owner's possessor owns ("Apple's automotive business"; not a document: "NVIDIA's
 * latest filing"), or nothing but the owner. Undefined for other questions.
 */
export function askedMeasure(question: string): AskedMeasure | undefined {
  const what = WHAT_MEASURE.exec(question);
  if (what) return fromRest(what[1]!, what[2], what[3]!);
  const much = HOW_MUCH_MEASURE.exec(question);
  if (much) return fromRest(much[1]!, undefined, much[2]!);
  return undefined;
}

/**
 * A phrase naming a time, not a subject: one with a noun of a period or a year ("for the quarter
 * of its latest 10-Q", "for its most recent quarter", "for the first nine months", "for 2024").
 */
const TIME_PHRASE =
  /\b(?:quarters?|periods?|years?|half|halves|months?|weeks?|fiscal|year-to-date|(?:19|20)\d\d)\b/i;

/** A phrase telling how a measure is taken, not what of ("on average", "in total", "on a diluted basis"). */
const MANNER_PHRASE = /^(?:average|total|aggregate|balance|a\s+[\p{L}-]+\s+basis)\b/iu;

/** A word relating the owner's clause to a time or another thing ("two filings before its most recent one"). */
const BETWEEN = /\b(?:before|after|than|since|until|of|with|into|about|between|through|during|ago|back)\b/i;

/**
 * A word naming a document or a part of one ("filing", "Form 10-Q", "report", "accounts"): a
 * possessor's document is where the measure is asked, not what it is of.
 */
const DOCUMENT_WORD =
  /\b(?:filings?|forms?|reports?|10-[qk]|statements?|accounts|minutes|newsletters?|bulletins?|notices?|letters?|policy|policies|summary|summaries|judgments?|judgements?|deeds?|receipts?|agreements?|documents?|updates?|releases?|editions?|issues?|versions?|handbooks?|guides?|manuals?|pages?|websites?|sites?|presentations?|slides?|submissions?|returns?|disclosures?)\b/i;

/** A determiner opening the object of the owner's verb ("pay its teachers", "charge the members"). */
const OBJECT_DETERMINER = /\s(?:its|their|the|his|her|our|each|every)\s/i;

/** The measure of `measure` read from the rest of a "what <measure> did …" question. */
function fromRest(measure: string, of: string | undefined, rest: string): AskedMeasure | undefined {
  const padded = ` ${rest.trim()} `;
  const end = SUBJECT_END.exec(padded);
  let clause = padded.slice(0, end?.index ?? padded.length);
  const lastWord = (text: string) => text.trim().split(/\s+/).at(-1);
  if (of !== undefined) return measureOf(measure, of, lastWord(clause));
  const preposition = SUBJECT_PREPOSITION.exec(padded);
  if (preposition && (end === null || preposition.index <= end.index)) {
    clause = padded.slice(0, preposition.index);
    const after = padded.slice(preposition.index + preposition[0].length);
    const stop = SUBJECT_END.exec(` ${after}`);
    const object = (stop ? ` ${after}`.slice(0, stop.index) : after).trim();
    // "charge per thousand gallons of water": the unit it is asked per; its subject is the owner's.
    if (preposition[1]!.toLowerCase() === 'per') return measureOf(measure, '', lastWord(clause), object);
    // "report for the quarter of its latest 10-Q" names when, "pay … on average" how; the subject
    // is then in the clause before.
    if (!TIME_PHRASE.test(object) && !MANNER_PHRASE.test(object))
      return measureOf(measure, object, lastWord(clause));
  }
  // "contribute to Contoso": what the owner gave to is no subject of the measure.
  clause = clause.replace(/\sto\s.*$/i, '');
  // "pay its teachers": the verb's object is what the measure is of. (A determiner opening the
  // owner, "the district", is none.)
  const owner = clause.trimStart();
  const object = OBJECT_DETERMINER.exec(owner);
  if (object && !BETWEEN.test(owner.slice(0, object.index)) && !TIME_PHRASE.test(owner.slice(object.index)))
    return measureOf(measure, owner.slice(object.index).trim(), lastWord(owner.slice(0, object.index)));
  // A thing the owner owns ("Apple's automotive business bring"), when it is no document ("NVIDIA's
  // latest filing report", "Contoso's Form 10-Q"), is the subject.
  const words = owner.trim().split(/\s+/);
  const owned = /^.*(?:['’]s|s['’])\s+/.exec(words.slice(0, -1).join(' '));
  const thing = owned ? words.slice(0, -1).join(' ').slice(owned[0].length) : '';
  if (thing !== '' && !DOCUMENT_WORD.test(thing) && !TIME_PHRASE.test(thing))
    return measureOf(measure, thing, words.at(-1));
  // Otherwise the clause names the owner ("Contoso report", "Fabrikam's latest filing report"),
  // whose documents are the asked ones and who need not be named where the measure is given ("the
  // Company's effective tax rate"): no subject.
  return measureOf(measure, '', lastWord(clause));
}

/**
 * The {@link AskedMeasure} of `measure` as asked, of `subject`, the owner's `verb`, asked per
 * `perUnit` (or the "per" phrase `measure` ends with); undefined when `measure` holds no measure
 * noun.
 */
function measureOf(
  measure: string,
  subject: string,
  verb: string | undefined,
  perUnit?: string,
): AskedMeasure | undefined {
  const written = measure.trim().replace(/\s+/g, ' ');
  const per = /\sper\s+(.+)$/i.exec(written)?.[1] ?? perUnit;
  const head = new RegExp(String.raw`\b(${MEASURE_NOUN})\b`, 'gi');
  const nouns = [...written.replace(/\sper\s.+$/i, '').matchAll(head)].map((m) => m[1]!);
  const noun = nouns.at(-1);
  const what = subject.trim().replace(/\s+/g, ' ');
  if (noun === undefined) return undefined;
  const kind: MeasureKind = RATE_NOUN.test(noun) ? 'rate' : EARNED_NOUN.test(noun) ? 'earned' : 'amount';
  return {
    measure: written,
    kind,
    noun,
    subject: what,
    ...(per === undefined ? {} : { per: per.trim() }),
    ...(verb === undefined || verb === '' ? {} : { verb }),
  };
}
