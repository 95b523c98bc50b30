/**
 * The offline answerer: quotes the passages of the sources that best match the question, each
 * followed by its citation marker.
 *
 * Passages are sentences, key/value lines and table rows (see {@link passagesOf}), and windows of
 * two consecutive sentences (an answer often sits in the sentence after the one naming the
 * subject). A passage scores the IDF-weighted share of the question's terms it holds (IDF over all
 * passages; a row holds the terms of its table's header and of the sentence introducing the table,
 * `Revenue … was as follows:`; a term only in the chunk's heading path counts half; in a passage
 * that states a figure, a term it lacks counts up to half by the share it holds of the terms that
 * accompany that term in the other passages, see {@link cooccurringTerms}), times 0.9 for
 * a window, 0.5 for a key/value line or a table row without figures (labels echo the question's
 * words without answering it) — up to twice that when the question names the line's or the row's
 * label (the field or row asked for) —, 0.8 for a sentence over 400 characters, 0.3 for boilerplate — a
 * passage that recurs verbatim in another chunk —, 0.5 for a sentence that supposes rather than
 * states (a modal verb, a condition: see `supposes`) and writes no number, when the question does
 * not suppose, 0.3 for reference material (an index row, a certification, a cross-reference: see
 * `isReferenceMaterial`), 1.3 for a sentence telling an event with its amount and time (see
 * `statesEvent`), and a decay of 5%
 * per source rank; a passage that holds the question's time words but none of its other terms
 * (nor a companion of one) scores 0 — the line that dates a report (see `subjectTerms`). For a
 * question asking when, a passage writing a date is ordered as if it scored 1.5 times as much (see
 * {@link DATE_BONUS}; for one asking how long, a passage writing a span of time or a length; the
 * floors that admit quotes read its own score) and figures get no bonus. A cross-reference frames
 * the section it points to: passages under a heading
 * `Note 9 …` of its document count its terms as heading terms (see {@link referredTerms}). Every quoted passage scores at least half the best one's; a passage that recurs
 * is quoted once; rows are quoted under their table's header row (at most three rows of a table,
 * and its bare `Total` row); when no passage reaches the floor, the best passage of the first
 * source is quoted rather than nothing. Headings are never quoted. For a question that does not
 * suppose, quotes made only of supposing sentences follow the others; quotes made only of reference
 * material come last. The answer leads with its best stating quote of the first source, or of a
 * passage stating the kind of thing asked in another chunk of its document (a table row stating a
 * figure whose label the question names, "Water tank | 2.5 litres"; a date, for a question asking
 * when), the rest in source and document order. Quotes from documents of
 * different dates lead with the period the question asks for and say which period each belongs to
 * (see {@link orderByPeriod}). The passages of the version a time cue picked (the first source's
 * document) are measured against their own best, not another version's; a question term no
 * passage writes is held by those that write a word derived from it, or, asking for a sum of
 * money, by those that state one (see `holdOtherForms`).
 * @module
 */
import type { Hit } from '../core/types.js';
import {
  DAY_MONTH,
  MONTH_NAMES,
  monthsSpanned,
  NUMBER_WORDS,
  WRITTEN_DATE,
  wordsNumber,
} from '../ingest/document-date.js';
import { contentTerms, isPronounTerm, readTerms, wordTokens } from '../retrieve/terms.js';
import { documentPhrase, escapeRegExp, timeCue } from '../retrieve/time-preference.js';
import { ageBounds, askerAge } from './asked-age.js';
import { CURRENCY_CODES, priceTerms, statesMoney } from './asked-amount.js';
import { askedDimensions, statesDimension } from './asked-dimension.js';
import { askedExtreme, extremeOf, rankedColumn, rankValue, recordFields } from './asked-record.js';
import { repeatedPassages } from './boilerplate.js';
import { askedPhrases } from './everyday-phrases.js';
import {
  fieldLabel,
  type Passage,
  passageKey,
  passagesOf,
  quoteRows,
  type TableHead,
  tableCells,
  withoutMarks,
} from './passages.js';
import { ASKS_WHEN, askedSection, orderByPeriod, sectionDate } from './period-order.js';
import { headingSection, isReferenceMaterial, pointedSections, statesEvent } from './reference-material.js';
import { isRequestTerm, questionTerms } from './relevance.js';
import { askedRevision } from './revision-history.js';
import { derivedForm, statesQuantity } from './stated-evidence.js';
import { supposes, supposesWithoutFigure } from './supposition.js';
import { SIZE_BAND, unitKey, unitKindsStated } from './units.js';
import { isFormTerm, timeWords, unwrittenTerms } from './unwritten-words.js';

/** Options of {@link extractAnswer}. */
export interface ExtractiveOptions {
  /** Passages to quote at most (a table's rows count as one); default 6. */
  maxSentences?: number;
  /** Minimum IDF-weighted share of the question's terms a passage must hold; default 0.2. */
  minScore?: number;
  /**
   * The first source is the record the question picked of a table (see `askedRecordHit`: "the
   * most recent month", "the race with the most finishers"): its fields are quoted whole and lead,
   * as the row is the answer whichever field the question's words name. Default false.
   */
  record?: boolean;
}

interface Candidate extends Passage {
  source: number;
  terms: Set<string>;
  /** Content terms of the passage's own text (a row: without its table's header). */
  own: Set<string>;
  /**
   * For a row: the content terms of its label (first cell); for a form's field line, of its label
   * (see `fieldLabel`): a question that names it asks for the field's value.
   */
  label?: string[];
  /**
   * For a row whose label adds a note in brackets ("Adult swim (16 and over)", "Quarterly (3
   * months)"): the content terms of the label without it, the thing the row names; and for one
   * naming alternatives ("Beef stew or casserole", "Cat / dog"), each one's terms (round124).
   */
  heads?: string[][];
  /** Terms of the chunk's heading path, which frame every passage under it. */
  context: Set<string>;
  /**
   * Terms of the chunk's own section heading (the last of a heading path of two or more; not a
   * document's title): "Station Road" of a bulletin's section, which the passages under it are about.
   */
  section: Set<string>;
  boilerplate: boolean;
  figure: boolean;
  /** A sentence that supposes rather than states (see `supposes`) and writes no number. */
  supposing: boolean;
  /** Reference material: an index row, a certification, a cross-reference (see `isReferenceMaterial`). */
  reference: boolean;
  /** A sentence telling an event with its amount and time (see `statesEvent`). */
  event: boolean;
  /** The passage writes a date (see {@link DATED}), or a day of the week's time (see {@link WEEKDAY_TIME}). */
  dated: boolean;
  /** The span of time or length the passage writes, time first (see {@link TIME_SPAN}, {@link LENGTH_SPAN}). */
  span: 'time' | 'length' | undefined;
  /** A line that is a name alone (see {@link isNameLine}): a letterhead, a cover's title. */
  nameLine: boolean;
  /** A record's field line another source wrote first: read in its record's run only (see `candidatesOf`). */
  recurs?: boolean;
}

interface Window {
  members: Candidate[];
  /** Its score, companion terms counted (see {@link cooccurringTerms}): the order of quoting. */
  score: number;
  /** Its score from the question's own terms alone: what the quoting floors are measured on. */
  base: number;
  /**
   * It states the kind of thing asked: a table row stating a figure whose whole label the
   * question names (see `labelled`: "Water tank" of "the water tank capacity"; half a label,
   * "Library members" of "the library's total expenditure", was measured to mislead), unless the
   * question asks why (see {@link ASKS_REASON}), or a date for a question asking when, or an
   * interval for one asking how often ("Every 10,000 miles or 12 months"), or the row a superlative
   * picks of its table (see `extremeRows`).
   */
  statesAsked?: boolean;
  /** It states the condition the question asks the outcome of (see `ASKED_CONDITION`). */
  condition?: boolean;
  /** It is the row a superlative picks of its table (see `extremeRows`). */
  extreme?: boolean;
  /** It is the row the question names by its number (see `numberedRows`). */
  numbered?: boolean;
  /**
   * It counts the noun a "how many" question counts (see `countedPhrase`, `statesQuantity`: "| 6
   * tablets |", not "200 mg" of a tablet), beside this share of the question's other terms (in its
   * words or its section's; not those naming the document, its time or form; 1 when there are
   * none): beside half of them at least, it may lead when the first source's best quote does not
   * count beside half of them.
   */
  counts?: number;
}

/** Share of the best passage's score any other quoted passage needs. */
const RELATIVE_FLOOR = 0.5;
/** Share of the best passage's score a passage that states a figure needs. */
const FIGURE_FLOOR = 0.3;
/** A sentence that introduces what follows (`… were as follows (in millions):`): it answers nothing itself. */
const LEAD_IN = /(?:as follows|following table[^.]*|below)\s*(?:\([^)]*\))?\s*:?$|:$/i;
/**
 * A sentence that asks (a FAQ's "**Do you offer discounts for charities?**"): it answers nothing
 * itself, as a lead-in does; the answer follows it.
 */
const ASKING = /\?[*_"”’)]*\s*$/;
/** Factor for a passage that states a figure: a question about a document mostly wants one. */
const FIGURE_BONUS = 1.25;
/** Further factor for a table row that states a figure: the row is the figure with its labels. */
const ROW_BONUS = 1.3;
/** Largest extra weight of a row whose label the question names. */
const LABEL_BONUS = 1;
/**
 * Factor for a sentence that supposes rather than states (see `supposes`: "may cause higher
 * operating expenses") and writes no number, when the question does not suppose itself: a risk
 * factor shares a factual question's words without answering it. A sentence with a number states
 * it ("Each employee may take 2 paid volunteering days a year": "may" grants).
 */
const SUPPOSING = 0.5;
/**
 * Factor for reference material (see `isReferenceMaterial`: a table of contents or exhibit index
 * row, a certification, a cross-reference): it names the question's subject without stating it,
 * as boilerplate (0.3) does.
 */
const REFERENCE = 0.3;
/**
 * Factor for a sentence that tells an event with its amount and time (see `statesEvent`: "In March
 * 2024 we issued $45.0 million of notes"): over a table row (its figure bonus times
 * {@link ROW_BONUS}), the event is what a broad question ("what changes in debt …") asks for.
 */
const EVENT_BONUS = 1.3;
/**
 * Factor on the order of a passage that writes a date (see `WRITTEN_DATE`: "3 February 2025",
 * "July 2023") when the question asks when ("When was version 4.2 released?"): the date is the
 * answer, and a passage naming the subject without one ("Quillon Reader 4.2 needs Android 8") is
 * none, so "Released 3 February 2025", which holds the subject only through its heading, leads.
 * Likewise a span of time or a length (see {@link TIME_SPAN}, {@link LENGTH_SPAN}) when the question asks how long.
 */
const DATE_BONUS = 1.5;
/**
 * The verb of the condition a question asks the outcome of, its subject a pronoun: "lose" of
 * "What happens if I lose a book I borrowed …?", "use" of "What happens if I use up all my data
 * …?", "missing" of "What happens if I keep missing meetings?" (group 1).
 */
const ASKED_CONDITION =
  /\bwhat\s+(?:happens|will\s+happen|would\s+happen)\s+(?:if|when)\s+(?:i|we|you)\s+(?:(?:just|ever|accidentally|still|then|really)\s+)?(?:(?:don['’]t|do\s+not|didn['’]t|did\s+not|never|can['’]t|cannot)\s+)?(?:keep\s+)?(\p{L}+)/iu;
/**
 * A clause stating a condition, group 1 its verb: "If you lose or damage an item", "When you have
 * used your data", "If a hirer cancels", "a member who misses four meetings" (round126), "If you
 * will arrive after 8pm" (round125).
 */
const CONDITION_CLAUSE =
  /\b(?:(?:if|when|once)\s+(?:you|we|(?:a|an|the|your)\s+\p{L}+)|(?:a|an|any)\s+\p{L}+\s+who)\s+(?:have\s+|has\s+|do\s+not\s+|don't\s+|will\s+)?(\p{L}+)/giu;
/**
 * Factor for a line that is a name alone (see {@link isNameLine}: "Riverside Housing Association"
 * atop a letter): it holds the question's name words and states nothing, as reference material
 * ({@link REFERENCE}) does.
 */
const NAME_LINE = 0.3;

/**
 * A question opening with "which", "what" or "whose" (after a preposition): group 1 the words up to
 * its first auxiliary or modal verb or preposition, the noun phrase it asks of ("PostgreSQL version" of "Which
 * PostgreSQL version does Larkspur Server 3.1 require?").
 */
const WH_PHRASE =
  /^\s*(?:(?:in|on|at|for|from|by|to|with)\s+)?(?:which|what|whose)\s+((?:(?!(?:is|are|was|were|do|does|did|has|have|had|can|could|will|would|should|must|may|might|at|in|on|for|from|by|to|with|of)\b)[\p{L}\p{N}'’.-]+\s+)*)/iu;

/**
 * How many times the first source's best score another window of the first document must score to
 * lead the answer (see `extractAnswer`): twice, set on the round95 blind set (a table's row
 * scoring 2.4 times the sentence of the chunk the search ranked first) and measured over the
 * bench.
 */
const LEAD_MARGIN = 2;
/** Words a name writes in lower case between its capitalised ones ("Bank of England", "Fees and Charges"). */
const NAME_JOINERS = new Set([
  'of',
  'and',
  'the',
  'for',
  'in',
  'on',
  'at',
  'to',
  'de',
  'du',
  'la',
  'von',
  'van',
  '&',
]);

/**
 * True when `text` is a name alone: two to eight words, each capitalised but for the joining words
 * of names (see {@link NAME_JOINERS}), no digit, no colon (a label's), no sentence's end
 * ("Riverside Housing Association", "Kessock Harbour Board"). A letter's sender, a cover's title, a
 * slide's footer.
 */
export function isNameLine(text: string): boolean {
  const words = text.trim().split(/\s+/);
  if (words.length < 2 || words.length > 8 || /\d|[:;!?]|\.$/.test(text.trim())) return false;
  return words.every((word) => /^[\p{Lu}]/u.test(word) || NAME_JOINERS.has(word));
}

/** A written date anywhere in a passage (see `WRITTEN_DATE`), or a day of a month (see `DAY_MONTH`). */
const DATED = new RegExp(String.raw`\b(?:${WRITTEN_DATE}|${DAY_MONTH})(?![\w])`, 'i');
/**
 * A day of the week with a time of day, as a recurring event is dated: "Wednesdays at 11:00am",
 * "Saturdays 9:00am – 12 noon", "every Monday from 7pm" (round110: "When were the Parent and Baby
 * screenings held?"). It answers a question asking when, as a date does (`Candidate.dated`).
 */
const WEEKDAY_TIME =
  /\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\s+(?:at\s+|from\s+)?(?:[01]?\d|2[0-3])(?:[.:][0-5]\d)?\s?(?:am|pm)\b/i;

/**
 * A sentence opening on what the one before it told: "After that point, …", "Until then, …",
 * "Otherwise, …", "In that case, …", "If so, …", "If not, …".
 */
const GOES_ON =
  /^\W*(?:(?:after|before|from|at|until|till|by|beyond)\s+(?:that|this|then|which)(?:\s+(?:point|time|date|period|day))?\b|otherwise\b|in\s+(?:that|this|which)\s+case\b|if\s+(?:so|not)\b|even\s+so\b)/i;

/** A table header cell naming when: "Time", "Start", "Starts", "Date", "When", "Departs", "Arrives". */
const WHEN_HEADER =
  /^(?:times?|start(?:s|ing)?(?:\s+time)?|dates?|when|depart(?:s|ure)?|arriv(?:es|al)|from)$/i;
/** A time of day written alone in a cell: "9.15", "09:15", "9am", "7.30 pm". */
const TIME_CELL = /^(?:[01]?\d|2[0-3])[.:][0-5]\d(?:\s?[ap]\.?m\.?)?$|^(?:1[0-2]|0?[1-9])\s?[ap]\.?m\.?$/i;

/**
 * True when a table row gives a time of day in a column its header names as when ("| 9.15 |
 * Opening keynote |" under "| Time | Session |"), or the times it runs between ("| Early swim |
 * Monday to Friday | 6.30am to 8.30am |" under "| Session | Days | Times |"): a programme's or a
 * timetable's row dates what it names, for a question asking when.
 */
function timedRow(passage: Passage): boolean {
  if (passage.kind !== 'row' || passage.table === undefined) return false;
  const header = tableCells(passage.table.header);
  const cells = tableCells(passage.text);
  return header.some((name, i) => {
    // Or the span of times it runs between, from its start ("6.30am to 8.30am", "10:00–14:00").
    const cell = (cells[i] ?? '').trim();
    const start = /^(.+?)\s*(?:to|-|–|until)\s*(.+)$/i.exec(cell);
    return (
      WHEN_HEADER.test(name) &&
      (TIME_CELL.test(cell) || (start !== null && TIME_CELL.test(start[1]!) && TIME_CELL.test(start[2]!)))
    );
  });
}

/** A question asking for an amount: how long, far, much, many, big, heavy, old … */
const ASKS_AMOUNT = /\bhow\s+(?:long|far|much|many|big|large|tall|high|heavy|old|wide|deep|often)\b/i;

/**
 * A question asking how much notice or warning ("How much notice do I need to give to get a
 * make-up lesson?"): a span of time before what it asks of answers it ("If you tell the Lessons
 * Coordinator at least 48 hours before the lesson …", see {@link NOTICE_SPAN}), whether or not its
 * passage writes "notice"; a lesson's length ("| Adult lessons | 30 minutes | £10.00 |") does not
 * (found on round117, held out, after its only run).
 */
const ASKS_NOTICE = /\bhow\s+much\s+(?:notice|warning)\b/i;
/** A question asking how long or how far: a span of time or a length answers it (see {@link TIME_SPAN}, {@link LENGTH_SPAN}). */
const ASKS_HOW_LONG = new RegExp(String.raw`\bhow\s+(?:long|far)\b|${ASKS_NOTICE.source}`, 'i');
/**
 * A question asking how long something takes or lasts ("How long does the battery take to
 * charge?", "How long do access tokens last?"): a span of time answers it, not a length ("up to
 * 80 km").
 */
const ASKS_DURATION = /\bhow\s+long\s+(?:do|does|did|will|would|can|could|should|must|has|have|had)\b/i;
/** A figure, or a range of two, before the unit of a span. */
const SPAN_FIGURE = String.raw`\b\d[\d.,]*(?:\s*(?:-|–|to)\s*\d[\d.,]*)?(?:\s*|-)`;
/** A figure of a span of time: "20 minutes", "18 months", "1 to 30 days", "2.5 hrs". */
const TIME_SPAN = new RegExp(
  `${SPAN_FIGURE}(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|wks?|months?|years?|yrs?|decades?)\\b`,
  'i',
);
/**
 * A span of time given as notice: before, ahead of or in advance of something, or named notice
 * ("48 hours before the lesson", "6 weeks' notice", "24 hours in advance").
 */
const NOTICE_SPAN = new RegExp(
  String.raw`${TIME_SPAN.source}['’]?s?\s+(?:notice|before|ahead|in\s+advance|beforehand|prior)\b`,
  'i',
);
/** A figure of a length: "15 m", "3 km", "12 ft". */
const LENGTH_SPAN = new RegExp(
  `${SPAN_FIGURE}(?:mm|cm|m|km|metres?|meters?|kilometres?|kilometers?|miles?|feet|foot|ft|yards?)\\b`,
  'i',
);
/** A question asking which thing has a property: "Which match was abandoned?". */
const ASKS_WHICH = /^\s*which\b/i;
/** A question asking how many: a figure in words answers it (see `supposesWithoutFigure`). */
const ASKS_HOW_MANY = /\bhow\s+many\b|\bnumber\s+of\b/i;

/**
 * What a "how many" question counts, as content terms: the run of words after "how many" up to its
 * first stop word ("dexolin", "tablet" of "How many Dexolin tablets can an adult take?"), whose
 * last is the noun counted; empty for other questions.
 */
function countedPhrase(question: string): string[] {
  const words = wordTokens(question);
  const at = words.findIndex((w, i) => w === 'how' && words[i + 1] === 'many');
  if (at < 0) return [];
  const out: string[] = [];
  for (const word of words.slice(at + 2)) {
    const [term] = contentTerms(word);
    if (term === undefined) break;
    out.push(term);
  }
  return out;
}

/**
 * A question asking whether something may be done: opening with "can" or "may", or asking whether
 * something is allowed, permitted or welcome, or what rules or restrictions there are ("Are there
 * rules for dogs?", "Does the ferry allow bikes?").
 */
const ASKS_PERMISSION =
  /^\s*(?:can|may)\b|^\s*(?:is|are|am|do|does)\b[^?]{0,80}\b(?:allow(?:s|ed)?|permit(?:s|ted)?|welcome|able\s+to|rules?|restrictions?)\b/i;
/**
 * Whether `question` asks what is the case, so that sentences supposing it (see `supposes`) answer
 * it worse than those stating it. Not a question that supposes itself, nor one asking whether
 * something may be done ({@link ASKS_PERMISSION}: "Are dogs allowed on board?"), which a rule
 * answers, granting on a condition ("welcome if kept on a lead") or with a modal ("may go in the
 * cabin").
 */
function asksFact(question: string): boolean {
  return !supposes(question) && !ASKS_PERMISSION.test(question);
}

/** A question asking why: "why", "reason", "driver", "cause", "explain". */
const ASKS_REASON = /\b(?:why|reasons?|drivers?|driven|causes?|caused|explain(?:s|ed)?)\b/i;
/**
 * A row label that says only that the row is the table's total (`Total`, `Totals:`, `Grand
 * total`), or the total due of the period the table covers ("Total for this period", "Total amount
 * due for the year", "Total payable").
 */
const TOTAL_LABEL =
  /^\s*(?:grand\s+)?totals?(?:\s+(?:amount\s+)?(?:due|payable|to\s+pay))?(?:\s+(?:for|in)\s+(?:this|the)\s+(?:period|year|month|quarter|bill))?\s*:?\s*$/i;
/** Field lines of a record quoted together at most (see `scoredWindows`): a CSV record's, a short form's. */
const MAX_RECORD_LINES = 12;
/** Rows of one table quoted at most (its bare total row aside, see {@link TOTAL_LABEL}). */
const MAX_ROWS = 3;
/** Items of a bulleted list quoted whole with its lead-in (see `extractAnswer`): eight, a judgement. */
const LIST_ITEMS = 8;

/**
 * Companion terms kept per question term (see {@link cooccurringTerms}): Anserini's RM3 default
 * fbTerms = 10, as the retriever's own feedback stage (src/retrieve/pseudo-relevance-feedback.ts).
 */
const FEEDBACK_TERMS = 10;
/**
 * Most a question term counts in a passage stating a figure that lacks the term but holds all its
 * companions: half, as a term only in the heading path, so a passage that writes the question's
 * own words still leads.
 */
const FEEDBACK_WEIGHT = 0.5;

/**
 * A cell that is a figure: a number, with a currency's sign or code before or after it ("$1,204",
 * "EUR 439.50", "12.00 CHF"), brackets or a percent sign; a sum of money may be followed by what it
 * is paid per, up to three words ("£25.00 per person", "£4 a day", "£12 each", "£32.00 in total":
 * the price of a belay induction was no figure, round120; "£20.00 for each 15 minutes or part",
 * round129).
 */
const NUMERIC_CELL = new RegExp(
  String.raw`^(?:(?:${CURRENCY_CODES})\s?)?[($€£¥\s—–-]*\d[\d.,]*\s*\)?\s*%?(?:\s?(?:${CURRENCY_CODES}))?$|^\s*[$€£¥]\s?\d[\d.,]*p?\s+(?:(?:per|a|an|each|every|in|for\s+each|for\s+every)\s+(?:\d+\s+)?\p{L}+(?:\s+\p{L}+){0,2}|each)\s*$`,
  'iu',
);
const NOTATION = /[$€£¥]\s?\d|\d\s?%|\d,\d{3}|\d\.\d/;
/**
 * A cell opening with a sum of money, whatever words of what it is for follow: "£9.50 for each
 * calendar day the service is not repaired" (round105's compensation table); not sums alone ("$0.07
 * $0.41" of a filing's highlights, whose first cell is a sum too), nor a sum in a scale ("£1.3
 * million"), which an annual report's tables of spending write and which counts as no figure.
 */
const MONEY_OPENING_CELL =
  /^\s*(?:from\s+)?[$€£¥]\s?\d[\d.,]*p?\s+(?!(?:thousand|million|billion|trillion|bn|m|k)\b)\p{L}/iu;
/** A cell that is a time of a race or a lap: minutes, seconds and a fraction ("1:01.88"), not a time of day. */
const RACE_TIME_CELL = /^\d{1,2}:\d{2}\.\d{1,3}$/;
/**
 * A cell that is a quantity: a number (or a range of two) and up to five words of its unit and
 * what it is measured on, as a specification table writes it ("2.5 litres", "10.4 kg", "12–15
 * °C", "3 years", "39 dB(A) on the low fan setting"), or a compound of such ("2 hours 15 minutes",
 * "5 ft 11 in"); after a bound ("up to 40 square metres", "max. 6 kg") and before a remark in
 * brackets ("12 litres a day (at 30°C, 80% relative humidity)").
 */
const QUANTITY_CELL =
  /^\s*(?:(?:up\s+to|about|around|approx(?:\.|imately)?|max(?:\.|imum)?|min(?:\.|imum)?|at\s+(?:least|most)|(?:less|more)\s+than|under|over)\s+)?[~≈<>≤≥±]?\s*\d[\d.,]*(?:\s*[-–]\s*\d[\d.,]*)?\s*(?:%|[\p{L}°µ²³/]+(?:\([A-Z]\))?\.?)(?:\s+\d[\d.,]*\s*[\p{L}°µ²³/]+\.?)*(?:\s+[\p{L}°µ²³/%]+\.?){0,5}(?:\s*\([^()]*\))?\s*$/u;

/**
 * A cell stating how often, as a service schedule writes it: "every" or "each" and a quantity, or
 * a choice of two ("Every 2 years", "Every 10,000 miles or 12 months").
 */
const INTERVAL_CELL = /^\s*(?:every|each)\s+\d[\d.,]*\s*\p{L}+(?:\s+or\s+\d[\d.,]*\s*\p{L}+)?\b/iu;

/** A question asking how often: "How often does it need an oil change?". */
const ASKS_HOW_OFTEN = /\bhow\s+(?:often|frequently)\b/i;
/** Prose stating an interval: "every 2 years", "each 10,000 miles". */
const EVERY = /\b(?:every|each)\s+\d/i;

/** A bulleted list item's marker ("- ", "• "), a list's cell (see `passages.ts`). */
const LIST_ITEM = /^\s*[-*+•]\s+/;

/** A numbered list's item: a step of a procedure, or a clause of numbered terms ("2. Ask your vet …"). */
const NUMBERED_ITEM = /^\s*\d{1,2}[.)]\s+\S/;

/**
 * A question asking how to do something: "How do I claim …?", "how can we book", "how to reset",
 * "What are the steps to …?", "What should I do if …?" (a judgement, with examples).
 */
const ASKS_PROCEDURE =
  /\bhow\s+(?:do|can|should|would|could|will|must)\s+(?:i|we|you|one|they)\b|\bhow\s+to\b|\bsteps?\b|\bwhat\s+(?:do|should|must)\s+(?:i|we|you)\s+(?:(?:have|need|ought)\s+to\s+)?do\b/i;

/**
 * A question reporting a fault of something the asker has: it fails to work ("My stove won't light
 * when I press the igniter", "the app keeps crashing", "it has stopped heating") or shows a
 * warning ("is showing E20", "is flashing red", "shows as offline in the app", round127). What to do about it is the remedy a manual gives
 * for the fault ("If the stove has not lit after 3 presses, close the valve …"), not its
 * procedure for normal use quoted from step 1 (found on round117, held out, after its only run).
 * Not the asker's own failing ("if I can't attend", "if we don't turn up").
 */
const REPORTS_FAULT =
  /\b(?!(?:i|we|you)\b)[\p{L}\d]+\s+(?:won['’]?t|will\s+not|doesn['’]?t|does\s+not|isn['’]?t|keeps|(?:has\s+)?stopped|shows\s+as|displays)\s+\p{L}|\b(?:is|are|keeps)\s+(?:showing|flashing|beeping|displaying)\b/iu;

/**
 * Factor for a troubleshooting table's row (see `TROUBLESHOOTING_HEADER`) for a question reporting
 * a fault, where a row without a figure scores half: between that and a sentence's whole, so that a
 * manual's own remedy step ("6. If the stove has not lit after 3 presses …", round117) keeps its
 * place beside it.
 */
const REMEDY_ROW_FACTOR = 0.75;
/** A troubleshooting table's header: it names a problem, fault or symptom, its cause, or what to do. */
const TROUBLESHOOTING_HEADER =
  /\b(?:problems?|faults?|symptoms?|issues?|error|possible\s+causes?|what\s+to\s+do|remed(?:y|ies)|solutions?|fix)\b/i;

/**
 * The steps of the procedure `c` is part of: the passages of its block from the block's first
 * numbered item to its end, when `c` is one of them, the block has 2 to {@link LIST_ITEMS} items
 * and the block's heading or the sentence leading into it (closing on a colon) holds one of
 * `asked` that the document's `title` does not (the heading "How to claim" for "How do I claim
 * …?"; not "Running a wash" for "My washing machine is showing E20 - what should I do?" of a
 * washing machine's manual: found on round113, held out, after its only run). A list of numbered
 * terms under another heading ("Terms and conditions") is of clauses that each stand alone:
 * undefined.
 */
function procedureSteps<P extends Candidate>(
  c: P,
  passages: readonly P[],
  asked: readonly string[],
  title: ReadonlySet<string> = new Set(),
): P[] | undefined {
  if (c.kind !== 'sentence') return undefined;
  const block = passages.filter((p) => p.source === c.source && p.block === c.block && p.kind === 'sentence');
  const opening = block.findIndex((p) => NUMBERED_ITEM.test(p.text));
  if (opening < 0) return undefined;
  const steps = block.slice(opening);
  const items = steps.filter((p) => NUMBERED_ITEM.test(p.text)).length;
  if (items < 2 || items > LIST_ITEMS || !steps.some((p) => p.order === c.order)) return undefined;
  const leadIn = passages.find(
    (p) =>
      p.source === c.source && p.order === steps[0]!.order - 1 && p.kind === 'sentence' && /:$/.test(p.text),
  );
  const about = new Set([...c.section, ...(leadIn === undefined ? [] : readTerms(leadIn.text))]);
  return asked.some((t) => about.has(t) && !title.has(t))
    ? [...(leadIn === undefined ? [] : [leadIn]), ...steps]
    : undefined;
}

/**
 * The first item of the bulleted list `c` leads into, when `c` closes on a colon and the passage
 * right after it among `passages` is a list's item ("contact us within 6 months of the event:",
 * "- in the app …"); undefined otherwise.
 */
function listAfter<P extends Pick<Passage, 'text' | 'order'> & { source: number }>(
  c: P,
  passages: readonly P[],
): P | undefined {
  if (!/:$/.test(c.text)) return undefined;
  const next = passages.find((p) => p.source === c.source && p.order === c.order + 1);
  return next !== undefined && LIST_ITEM.test(next.text) ? next : undefined;
}

/**
 * True when a passage states a figure: a table row with a number (or a quantity with its unit,
 * "2.5 litres", see {@link QUANTITY_CELL}, or a cell opening with a sum, see
 * {@link MONEY_OPENING_CELL}) after its label (not just a page number closing a
 * table-of-contents line) or an interval ("Every 2 years", see {@link INTERVAL_CELL}), a list
 * item that is such a quantity ("- 400 ml buttermilk", as a cell), or text with an amount in
 * notation (`$1.5 billion`, `2%`, `82,959`, `4.2`).
 */
function hasFigure(passage: Pick<Passage, 'kind' | 'text'>): boolean {
  if (passage.kind !== 'row') {
    const item = LIST_ITEM.exec(passage.text);
    return (
      NOTATION.test(passage.text) || (item !== null && QUANTITY_CELL.test(passage.text.slice(item[0].length)))
    );
  }
  const cells = tableCells(passage.text).slice(1);
  const numeric = cells.filter(
    (cell) =>
      NUMERIC_CELL.test(cell) ||
      MONEY_OPENING_CELL.test(cell) ||
      QUANTITY_CELL.test(cell) ||
      INTERVAL_CELL.test(cell) ||
      RACE_TIME_CELL.test(cell),
  );
  const pageNumber =
    numeric.length === 1 && cells.at(-1) === numeric[0] && /^\d{1,3}$/.test(numeric[0]!.trim());
  return numeric.length > 0 && !pageNumber;
}

/**
 * The span of time or length `passage` writes (see {@link TIME_SPAN}, {@link LENGTH_SPAN}), time
 * first: in a row, a cell that is a quantity or an interval only ("| Quiet | Low | 180 minutes |"),
 * not one in a description ("2 hygienist appointments (30 minutes), small X-rays as needed" is no
 * answer to how long a guarantee lasts, round138, after its only run).
 */
function spanOf(passage: Pick<Passage, 'kind' | 'text'>): Candidate['span'] {
  const texts =
    passage.kind === 'row'
      ? tableCells(passage.text).filter((cell) => QUANTITY_CELL.test(cell) || INTERVAL_CELL.test(cell))
      : [passage.text];
  if (texts.some((text) => TIME_SPAN.test(text))) return 'time';
  return texts.some((text) => LENGTH_SPAN.test(text)) ? 'length' : undefined;
}

/**
 * The terms of the sentence that introduces each table (`Revenue, classified by significant
 * product and service offerings, was as follows:`), by the table's block: the last sentence of the
 * paragraph right before it, when it is a lead-in (see {@link LEAD_IN}). A table's rows are what
 * it introduces: a `Total` row under it is that total.
 */
function leadInTerms(passages: readonly Passage[]): Map<number, string[]> {
  const out = new Map<number, string[]>();
  passages.forEach((p, i) => {
    const next = passages[i + 1];
    if (p.kind === 'sentence' && next?.kind === 'row' && next.block === p.block + 1 && LEAD_IN.test(p.text))
      out.set(next.block, contentTerms(p.text));
  });
  return out;
}

/**
 * The terms cross-references give the sections they point to, by document and section key (see
 * `pointedSections`): "Refer to Note 9, Commitments and Contingencies, for a description of our
 * legal proceedings" says what Note 9 of its document is about — "legal proceedings" — in words its
 * own text may not write ("filed suit", "settled a claim").
 */
function referredTerms(hits: readonly Hit[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const hit of hits) {
    for (const passage of passagesOf(hit.chunk.text)) {
      if (passage.kind !== 'sentence') continue;
      for (const section of pointedSections(passage.text)) {
        const key = `${hit.chunk.documentId}\u0000${section}`;
        out.set(key, [...(out.get(key) ?? []), ...contentTerms(passage.text)]);
      }
    }
  }
  return out;
}

/**
 * The terms framing a hit's passages: its heading path's, and those of the cross-references among
 * `referrers` that point to a section its heading path opens (see {@link referredTerms}).
 */
function framingOf(hit: Hit, referred: ReadonlyMap<string, string[]>): Set<string> {
  const framing = new Set(contentTerms(hit.chunk.headingPath.join(' ')));
  for (const heading of hit.chunk.headingPath) {
    const section = headingSection(heading);
    if (section === undefined) continue;
    for (const t of referred.get(`${hit.chunk.documentId}\u0000${section}`) ?? []) framing.add(t);
  }
  return framing;
}

/**
 * "Need to", the asker's modal ("if I need to call off a lesson"): documents write what is to be
 * done ("please give 48 hours’ notice"), and a passage writing "need" of something else ("Holiday
 * courses need a minimum of 4 pupils") is no answer for it (round133, after its only run). Not
 * "need" as the verb of a requirement ("What insurance does a stall need?" of "Every stall needs
 * public liability insurance", `r102-15`, which the first version lost).
 */
const NEED_VERB = /\bneed(?:s|ed)?\s+to\b/i;

/** `terms` without "need" where `question` writes "need to" (see {@link NEED_VERB}), when others remain. */
function withoutNeed(question: string, terms: string[]): string[] {
  if (!NEED_VERB.test(question)) return terms;
  const rest = terms.filter((t) => t !== 'need');
  return rest.length > 0 ? rest : terms;
}

/** Stems of the periods a rate is written per ("a month", "monthly"). */
const PERIOD_STEMS = new Set(['hour', 'dai', 'night', 'week', 'fortnight', 'month', 'quarter', 'year']);

/**
 * `terms` with each period's adjective beside its noun and the other way round: "| Monthly fee |"
 * holds the "month" of "How much a month …?", "£38 a month" the "monthly" of "What is the monthly
 * fee?" (round130, after its only run). The stemmer parts them ("monthli", "month").
 */
function withPeriodForms(terms: Set<string>): Set<string> {
  for (const term of [...terms]) {
    if (PERIOD_STEMS.has(term)) terms.add(`${term}li`);
    else if (term.endsWith('li') && PERIOD_STEMS.has(term.slice(0, -2))) terms.add(term.slice(0, -2));
  }
  return terms;
}

function candidatesOf(
  hits: readonly Hit[],
  referrers: readonly Hit[] = hits,
  countWords = false,
  recurring = false,
): Candidate[] {
  const passages = hits.map((hit) => passagesOf(hit.chunk.text));
  const repeated = repeatedPassages(
    hits,
    passages.map((list) => list.map((p) => p.text)),
  );
  const referred = referredTerms(referrers);
  const seen = new Set<string>();
  const out: Candidate[] = [];
  passages.forEach((list, i) => {
    const framing = framingOf(hits[i]!, referred);
    const path = hits[i]!.chunk.headingPath;
    const section = new Set(path.length >= 2 ? contentTerms(path.at(-1)!) : []);
    const leadIns = leadInTerms(list);
    const marks = markColumns(list);
    // A record's field lines ("route: 62", "day type: Saturday") recur in record after record:
    // with `recurring`, each is kept (marked `recurs`) for its record's run of lines (see
    // `fieldRuns`), which is quoted whole (round143, after its only run).
    const record = recurring && recordFields(hits[i]!.chunk) !== undefined;
    for (const passage of list) {
      const key = passageKey(passage.text);
      // A passage that recurs is quoted once, from its first source.
      const recurs = seen.has(key);
      if (recurs && !(record && passage.kind === 'line')) continue;
      seen.add(key);
      const header = passage.table
        ? [...rowHeaderTerms(passage, marks.get(passage.block)), ...(leadIns.get(passage.block) ?? [])]
        : passage.itemLabel !== undefined
          ? contentTerms(passage.itemLabel)
          : [];
      const own = new Set([...readTerms(passage.text), ...markedTerms(passage, marks.get(passage.block))]);
      const reference = isReferenceMaterial(passage);
      out.push({
        ...passage,
        source: i + 1,
        terms: withPeriodForms(new Set([...own, ...header])),
        own,
        ...(passage.kind === 'row'
          ? rowLabel(tableCells(passage.text)[0] ?? '')
          : passage.kind === 'line'
            ? { label: [...new Set(contentTerms(fieldLabel(passage.text) ?? ''))] }
            : {}),
        context: framing,
        section,
        boilerplate: repeated.has(key),
        // An index row's numbers (an exhibit number, a page, a filing date) are no figure.
        figure: !reference && hasFigure(passage),
        reference,
        event: statesEvent(passage),
        dated: DATED.test(passage.text) || WEEKDAY_TIME.test(passage.text) || timedRow(passage),
        span: spanOf(passage),
        nameLine: passage.kind === 'sentence' && isNameLine(passage.text),
        ...(recurs ? { recurs: true } : {}),
        // "Each employee may take 2 paid volunteering days" grants what it states: a figure stated
        // is no supposition ("may cause higher operating expenses" states none).
        supposing: passage.kind === 'sentence' && supposesWithoutFigure(passage.text, countWords),
      });
    }
  });
  return out;
}

/** How a unit of quoted text looks in the answer. */
function render(
  units: ReadonlyArray<{ source: number; passages: Candidate[] }>,
  labels: ReadonlyMap<number, string> = new Map(),
): string {
  const parts: string[] = [];
  let prose = false;
  let labelled: number | undefined;
  for (const unit of units) {
    const first = unit.passages[0]!;
    // A quote from a dated source among sources of other dates says which period it is from.
    const label = labels.get(unit.source);
    const lead = label !== undefined && labelled !== unit.source ? `${label}: ` : '';
    labelled = unit.source;
    if (lead !== '') prose = false;
    if (first.kind === 'row') {
      parts.push(
        `${lead}${quoteRows(
          first.table as TableHead,
          unit.passages.map((p) => p.text),
        )} [${unit.source}]`,
      );
      prose = false;
      continue;
    }
    // A record's field lines, quoted together, are one quote ("Description: Garden hose 15 m;
    // Price (inc VAT): £16.75").
    const quotes: string[] = [];
    unit.passages.forEach((p, i) => {
      const before = unit.passages[i - 1];
      if (p.kind === 'line' && before?.kind === 'line' && before.block === p.block)
        quotes[quotes.length - 1] = `${quotes.at(-1)}; ${p.text}`;
      else quotes.push(p.text);
    });
    const text = lead + quotes.map((quote) => `${quote} [${unit.source}]`).join(' ');
    if (prose) parts[parts.length - 1] = `${parts.at(-1)} ${text}`;
    else parts.push(text);
    prose = true;
  }
  return parts.join('\n\n');
}

/**
 * For each of the question's terms, the terms that accompany it in the passages that write it: a
 * term-to-term translation model (Berger & Lafferty, "Information Retrieval as Statistical
 * Translation", SIGIR 1999) estimated, as pseudo-relevance feedback is, from the retrieved text
 * alone. Each passage holding the term in its own text gives equal shares to its other content terms
 * that some passage without the term writes too (only those can stand for it there);
 * each share is scaled by the term's IDF over all the passages (words every passage writes,
 * "thousand", "ended", say nothing of the subject); the {@link FEEDBACK_TERMS} terms of most weight
 * — not the question's, a request word, a number or a term of one letter — are kept, with weights
 * summing to 1. A question says "debt"; the passages that say "debt" say "notes" and "borrowings"
 * too, and the passage stating the figure may say only those.
 */
export function cooccurringTerms(
  queryTerms: readonly string[],
  passages: ReadonlyArray<{ own: ReadonlySet<string> }>,
): Map<string, Map<string, number>> {
  const asked = new Set(queryTerms);
  const df = new Map<string, number>();
  for (const passage of passages) for (const t of passage.own) df.set(t, (df.get(t) ?? 0) + 1);
  const idf = (t: string) => Math.log(1 + (passages.length + 1) / ((df.get(t) ?? 0) + 0.5));
  const out = new Map<string, Map<string, number>>();
  for (const q of asked) {
    // Only a companion that a passage without the term writes can stand for the term there.
    const elsewhere = new Set<string>();
    for (const passage of passages) if (!passage.own.has(q)) for (const t of passage.own) elsewhere.add(t);
    const model = new Map<string, number>();
    for (const passage of passages) {
      if (!passage.own.has(q)) continue;
      for (const t of passage.own) {
        if (asked.has(t) || !elsewhere.has(t) || t.length < 2 || /\d/.test(t) || isRequestTerm(t)) continue;
        model.set(t, (model.get(t) ?? 0) + idf(t) / passage.own.size);
      }
    }
    const kept = [...model].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, FEEDBACK_TERMS);
    const sum = kept.reduce((total, [, w]) => total + w, 0);
    if (sum > 0) out.set(q, new Map(kept.map(([t, w]) => [t, w / sum])));
  }
  return out;
}

/**
 * The question's terms that say what it asks, not when: when it names a time, its terms (see
 * `questionTerms`) less the words of its time cue (see `timeWords`: "December 31, 2022", "the
 * third quarter of fiscal 2024", "latest"), those that say which documents it counts (see
 * `documentPhrase`: "Elm Street garden" of "the Elm Street garden's latest post", unless only
 * names would be left) and the words that name a span around a date ("quarter", "ended": see
 * `PERIOD_WORDS`). Empty when it has no other.
 */
function subjectTerms(question: string, terms: readonly string[]): Set<string> {
  const words = timeWords(question);
  if (words.size === 0) return new Set(terms);
  periodTerms ??= new Set(PERIOD_WORDS.flatMap((word) => contentTerms(word)));
  // The words that say which documents the cue counts ("the Elm Street garden's latest post")
  // name the documents, not what is asked of them.
  const naming = documentPhrase(question, timeCue(question)).naming;
  const time = new Set([...words, ...naming].flatMap((word) => contentTerms(word)));
  const subject = new Set(terms.filter((term) => !time.has(term) && !periodTerms!.has(term)));
  // Unless that leaves only the names the question writes while the phrase has a word of its own:
  // the phrase is what is asked, its noun a word the collection's titles also use ("the latest full
  // day fee at Little Acorns Day Nursery" of documents titled "… fees for 2027-28").
  const names = capitalisedTerms(question);
  const phrase = naming.flatMap((word) => contentTerms(word));
  if (subject.size > 0 && [...subject].every((t) => names.has(t)) && phrase.some((t) => !names.has(t))) {
    const cue = new Set([...words].flatMap((word) => contentTerms(word)));
    return new Set(terms.filter((term) => !cue.has(term) && !periodTerms!.has(term)));
  }
  return subject;
}

let periodTerms: Set<string> | undefined;

/** Words that name a span of time around a stated date ("the quarter ended", "six months ended"). */
const PERIOD_WORDS = [
  'quarter',
  'quarterly',
  'month',
  'months',
  'week',
  'weeks',
  'year',
  'half',
  'period',
  'ended',
  'ending',
  'fiscal',
  'financial',
  'calendar',
];

/**
 * Gives a question term that no candidate writes to the candidates that hold it in other words:
 * a word derived from it or it from (see `derivedForm`: "When does the MOT expire?" of "Expiry
 * date: 14 May 2025", which the stemmer reads as "expiri"), or, for a word asking for a sum of
 * money (see `priceTerms`: "What did the service cost?"), a sum ("Invoice total: £168.50", see
 * `statesMoney`), and for an adjective asking a dimension (see `askedDimensions`: "How loud is
 * the dehumidifier?", "the tallest vehicle"), a passage naming the dimension or stating a figure
 * in its unit ("Noise level | 39 dB(A)", "2.3 metres high"), which also states a figure. A term
 * some candidate writes is left as it is.
 */
function holdOtherForms(question: string, queryTerms: readonly string[], candidates: Candidate[]): void {
  const price = new Set(priceTerms(question));
  const asked = askedDimensions(question);
  const dimensions = new Map(asked.map((d) => [contentTerms(d.word)[0], d]));
  // A quantity in the asked dimension's unit is the figure asked for, in prose too ("Store upright
  // … between 5°C and 30°C" for "At what temperature should it be stored?"), which writes no
  // notation (see `hasFigure`).
  const units = new Set(asked.flatMap((d) => d.kinds));
  if (units.size > 0)
    for (const c of candidates)
      if (!c.figure && !c.reference && unitKindsStated(c.text).some((kind) => units.has(kind)))
        c.figure = true;
  // A term of an everyday phrase no candidate holds is held by one writing the phrase's word (see
  // `askedPhrases`: "pick" of "What's the latest I can pick up my cat …?" by "collection",
  // round116; "money" of "… to get all my money back" by "refund", round112). Not where one holds
  // it: "ring the practice number" holds "ring", and a "call-out" fee holds no ringing (round112;
  // tried at stop 74 for "sign" of "sign in" against "sign up").
  for (const { terms, forms } of askedPhrases(question)) {
    for (const term of terms) {
      if (!queryTerms.includes(term) || candidates.some((c) => c.terms.has(term))) continue;
      for (const c of candidates)
        if (forms.some((f) => c.own.has(f))) {
          c.terms.add(term);
          c.own.add(term);
        }
    }
  }
  for (const term of queryTerms) {
    if (candidates.some((c) => c.terms.has(term))) continue;
    const dimension = dimensions.get(term);
    for (const c of candidates) {
      const holds = price.has(term)
        ? statesMoney(c.text)
        : dimension !== undefined
          ? statesDimension(c.text, dimension)
          : [...c.own].some((t) => derivedForm(t, term));
      if (!holds) continue;
      c.terms.add(term);
      c.own.add(term);
    }
  }
}

/**
 * The rows a superlative question picks of each table among `candidates` (see `askedExtreme`:
 * "Which improvement would save the most each year?"): of each table, the row holding the most (or
 * least) in the column of figures the question names (see `rankedColumn`: "Typical yearly
 * saving"); none for a table with no such column or with a tie for it. The row is what is
 * asked: it scores as a row whose label the question names, and it may lead (`Window.statesAsked`).
 */
function extremeRows(question: string, candidates: readonly Candidate[]): Set<Candidate> {
  const out = new Set<Candidate>();
  const extreme = askedExtreme(question);
  if (extreme === undefined) return out;
  const tables = new Map<string, Candidate[]>();
  for (const c of candidates) {
    if (c.kind !== 'row' || c.table === undefined) continue;
    const key = `${c.source}:${c.block}`;
    tables.set(key, [...(tables.get(key) ?? []), c]);
  }
  for (const rows of tables.values()) {
    // Its columns of figures (not the label column), each with one of its figures.
    const columns = tableCells(rows[0]!.table!.header).flatMap((label, j) => {
      const value = rows
        .map((r) => tableCells(r.text)[j] ?? '')
        .find((cell) => !Number.isNaN(rankValue(cell)));
      return j === 0 || value === undefined ? [] : [{ label, value, j }];
    });
    const column = rankedColumn(question, columns, extreme);
    if (column === undefined) continue;
    const best = extremeOf(rows, (r) => rankValue(tableCells(r.text)[column.j] ?? ''), extreme);
    if (best !== undefined) out.add(best);
  }
  // A list's items (or a form's lines) labelled by what is asked ("- Bedroom 3: 2.6 m x 2.2 m."
  // for "the smallest bedroom"): of each list, the item with the most (or least) figure after its
  // label, a size "a x b" by its area. What is asked is a question's word two items' labels or
  // more hold ("bedroom" of "Bedroom 1", "Bedroom 2", …).
  const asked = new Set(questionTerms(question));
  const lists = new Map<string, Array<{ c: Candidate; label: Set<string>; value: number }>>();
  for (const c of candidates) {
    if (c.kind === 'row') continue;
    const m = LABELLED_ITEM.exec(c.text);
    if (!m) continue;
    const key = `${c.source}:${c.block}`;
    lists.set(key, [
      ...(lists.get(key) ?? []),
      { c, label: new Set(contentTerms(m[1]!)), value: itemValue(m[2]!) },
    ]);
  }
  for (const items of lists.values()) {
    const terms = [...asked].filter((t) => items.filter((item) => item.label.has(t)).length >= 2);
    if (terms.length === 0) continue;
    const named = items.filter((item) => terms.some((t) => item.label.has(t)));
    const best = extremeOf(named, (item) => item.value, extreme);
    if (best !== undefined) out.add(best.c);
  }
  // A sentence stating the bound itself, with its figure, answers too ("… from 30 minutes up to a
  // maximum of 20 hours" for "What's the longest I can set the timer for?", round124), when it
  // holds one of the question's terms.
  const bound = extreme === 'most' ? STATES_MAXIMUM : STATES_MINIMUM;
  for (const c of candidates)
    if (c.kind === 'sentence' && bound.test(c.text) && [...asked].some((t) => c.own.has(t))) out.add(c);
  return out;
}

/** A sentence stating an upper bound before its figure: "up to a maximum of 20 hours", "no more than 6". */
const STATES_MAXIMUM =
  /\b(?:maximum|max\.?|up\s+to|at\s+most|no\s+more\s+than|not\s+more\s+than)\b[^.;]{0,20}?\d/i;
/** A sentence stating a lower bound before its figure: "a minimum of 2 hours", "at least 18". */
const STATES_MINIMUM = /\b(?:minimum|min\.?|at\s+least|no\s+less\s+than|not\s+less\s+than)\b[^.;]{0,20}?\d/i;

/**
 * The rows or record lines whose label bounds what the question states ("up to 4 hours" for "How
 * much does it cost to park for 3 hours?"): of the passages opening (a row's first cell, a line's
 * value) with a bound in the kind of a figure the question writes, the one with the tightest bound
 * holding the figure, or the sentence stating such a bound on what the question says its figure is
 * of (see {@link SENTENCE_BOUNDS}). A bound is an upper one ("up to", "under", "less than", "no
 * more than", "max", "within"), a lower one ("over", "more than", "at least", "7 days or more", "65 and
 * over") or a band ("8.00 m – 9.99 m" for "a 9.5 m yacht", round128; "Between 48 hours and 7 days
 * before" for "if I cancel 3 days before", round136). Figures of units js-quantities knows are
 * compared in base units (3 days is 72 hours, see `unitKey`), others when they count one thing
 * ("players"). Each is what is asked, as the row a question names by its number (see
 * `numberedRows`): no floor is measured on it, and it leads.
 */
function boundingRows(question: string, candidates: readonly Candidate[]): Set<Candidate> {
  const out = new Set<Candidate>();
  const asked = [...question.matchAll(STATED_AMOUNT), ...question.matchAll(STATED_AMOUNT_IN_WORDS)].flatMap(
    (m) => {
      const size = measure(m[1]!, m[2]!);
      const after = /^\s+(\p{L}+)/u.exec(question.slice(m.index + m[0].length))?.[1]?.toLowerCase();
      return size === undefined ? [] : [{ ...size, after }];
    },
  );
  if (asked.length === 0) return out;
  const bounded = candidates.flatMap((c): Bound[] => {
    if (c.kind === 'sentence') return sentenceBounds(c.text).map((b) => ({ c, ...b }));
    const label = c.kind === 'line' ? (fieldLabel(c.text) ?? '') : '';
    const opening =
      c.kind === 'row'
        ? (tableCells(c.text)[0] ?? '')
        : c.kind === 'line'
          ? c.text.slice(label.length + 1)
          : '';
    const bound = labelBound(opening.trim()) ?? fieldRange(label, opening.trim());
    return bound === undefined ? [] : [{ c, ...bound }];
  });
  for (const value of asked) {
    const fitting = bounded.filter(
      (b) =>
        b.kind === value.kind &&
        (b.after === undefined || b.after === value.after) &&
        (b.low === undefined || b.low <= value.size) &&
        (b.high === undefined || b.high >= value.size),
    );
    // The tightest: the least upper bound, then the greatest lower one.
    const least = Math.min(...fitting.map((b) => b.high ?? Infinity));
    const tight = fitting.filter((b) => (b.high ?? Infinity) === least);
    const most = Math.max(...tight.map((b) => b.low ?? -Infinity));
    for (const b of tight) if ((b.low ?? -Infinity) === most) out.add(b.c);
  }
  return out;
}

/**
 * A passage's bound (see `boundingRows`): its kind of figure, its ends, and for a sentence's, the
 * word written after it, lower-cased ("late", "before").
 */
interface Bound {
  c: Candidate;
  kind: string;
  low?: number;
  high?: number;
  after?: string;
}

/**
 * A record field's range of a unit its label names ("boat_length_m: min: 10, max: 12", "Length
 * (m): min: 10, max: 12", as a JSON record's nested bounds are read), as {@link labelBound} gives
 * a bound; undefined for other fields.
 */
function fieldRange(label: string, value: string): { kind: string; low: number; high: number } | undefined {
  const range = FIELD_RANGE.exec(value);
  const unit = /(?:_|\s\(?)(\p{L}+)\)?$/u.exec(label)?.[1];
  if (range === null || unit === undefined || unitKey(unit) === undefined) return undefined;
  const low = measure(range[1]!, unit);
  const high = measure(range[2]!, unit);
  return low && high ? { kind: low.kind, low: low.size, high: high.size } : undefined;
}

/** A field's value giving a least and a greatest figure: "min: 10, max: 12" (groups 1 and 2). */
const FIELD_RANGE = /^min(?:imum)?:\s*(\d+(?:\.\d+)?)[,;]\s*max(?:imum)?:\s*(\d+(?:\.\d+)?)$/i;

/**
 * The head of a row's label: its last content term before a note in brackets or after a comma
 * ("examin" of "Routine examination (existing patients)"); undefined for a passage of no row.
 */
function labelHead(c: Candidate): string | undefined {
  if (c.kind !== 'row') return undefined;
  const label = withoutMarks(tableCells(c.text)[0] ?? '').split(/[(,]/)[0] ?? '';
  return contentTerms(label).at(-1);
}

/**
 * A figure in its unit, as a kind and a size comparable across spellings and sizes of unit: the
 * kind and base scalar of a unit js-quantities knows ("3 days" and "72 hours" alike, see
 * `unitKey`), else the word's term with the figure as written ("5 players"); undefined when the
 * word is no content word ("3 of them").
 */
function measure(figure: string, word: string): { kind: string; size: number } | undefined {
  const [term] = contentTerms(word);
  const number = /^\d/.test(figure) ? Number(figure) : wordsNumber(figure);
  if (term === undefined || number === undefined) return undefined;
  const key = unitKey(word);
  if (key === undefined) return { kind: `term:${term}`, size: number };
  const [kind, base] = key.split('@');
  return { kind: kind!, size: number * Number(base) };
}

/**
 * The bound a label opens with (see `boundingRows`), with the kind of its figures and their sizes;
 * `low` or `high` undefined when it has no such end; a figure alone is both ends. A band's two
 * units may differ ("48 hours and 7 days"), and its first may go unwritten ("10 to 12 kg").
 */
function labelBound(opening: string): { kind: string; low?: number; high?: number } | undefined {
  const upper = UPPER_BOUND.exec(opening);
  const upperSize = upper ? measure(upper[1]!, upper[2]!) : undefined;
  if (upperSize) return { kind: upperSize.kind, high: upperSize.size };
  const lower = LOWER_BOUND.exec(opening) ?? LOWER_BOUND_AFTER.exec(opening);
  const lowerSize = lower ? measure(lower[1]!, lower[2]!) : undefined;
  if (lowerSize) return { kind: lowerSize.kind, low: lowerSize.size };
  const band = BAND_LABEL.exec(opening) ?? BETWEEN_LABEL.exec(opening);
  if (!band) {
    // A figure alone bounds itself: "50 sq ft (4.6 m²)" for "the 50 sq ft unit" (round140); not
    // a number before a name ("9 Fennel Street").
    const figure = EXACT_LABEL.exec(opening);
    const size = figure ? measure(figure[1]!, figure[2]!) : undefined;
    return size && { kind: size.kind, low: size.size, high: size.size };
  }
  const high = measure(band[3]!, band[4]!);
  const low = measure(band[1]!, band[2] ?? band[4]!);
  return high && low && low.kind === high.kind
    ? { kind: high.kind, low: low.size, high: high.size }
    : undefined;
}

/** A header of a column of ages: "Age", "Ages", "Age group", "Aged", "Age range". */
const AGE_HEADER = /^\W*(?:ages?|aged)\b/i;

/**
 * The rows whose label bounds the asker's age (see `askerAge`, `ageBounds`): "|
 * Concession (over 65, or receiving means-tested benefits) | £45 |" for "I'm 70 — how much is the
 * choir's subscription for me each term?" (round123); of several, those of the narrowest bound
 * (not "Adult (18+)" beside it). Each is what is asked, as a row whose bound a question's figure
 * falls under (see {@link boundingRows}). Sentences stating an age bound count too ("Children under
 * 12 must be supervised …").
 */
function ageRows(question: string, candidates: readonly Candidate[]): Set<Candidate> {
  const out = new Set<Candidate>();
  const age = askerAge(question);
  if (age === undefined) return out;
  const fitting = candidates.flatMap((c) => {
    if (c.kind === 'line') return [];
    // The label's bound, or the next cell's when the label states none ("| Concession | Aged 65 or
    // over, … | £30 |", round128); a sentence's own ("Children under 12 must be supervised on court
    // by an adult" for "Does my 10-year-old need an adult …?", round126).
    const cells = c.kind === 'row' ? tableCells(c.text) : [c.text];
    const [label = '', next = ''] = cells;
    // A bare range is an age's under a header of ages ("| Age group | … |", see `ageBounds`), in
    // whichever column ("| Junior 5-day course | 7 to 12 | £215 |" under "| Lesson | Ages | Price
    // |", round142).
    const ages =
      c.kind === 'row' ? tableCells(c.table?.header ?? '').findIndex((h) => AGE_HEADER.test(h)) : -1;
    const stated = ageBounds(label, ages === 0);
    const bounds =
      stated.length > 0 ? stated : ages > 0 ? ageBounds(cells[ages] ?? '', true) : ageBounds(next);
    const spans = bounds
      .filter((b) => b.low <= age && age <= b.high)
      .map((b) => (b.high === Infinity ? 150 : b.high) - b.low);
    return spans.length === 0 ? [] : [{ c, span: Math.min(...spans) }];
  });
  const narrowest = Math.min(...fitting.map((f) => f.span));
  for (const f of fitting) if (f.span === narrowest) out.add(f.c);
  return out;
}

/** A figure and the word after it a question states ("3 hours", "20 kg"): group 1 the figure, group 2 the word. */
const STATED_AMOUNT = /(?<![\p{L}\p{N}.,£$€])(\d+(?:\.\d+)?)\s*-?\s*(\p{L}+)/gu;

/**
 * A figure in words and the word after it a question states ("three weeks", "two hours"); groups
 * as {@link STATED_AMOUNT}'s.
 */
const STATED_AMOUNT_IN_WORDS = new RegExp(String.raw`\b(${NUMBER_WORDS})\s*-?\s*(\p{L}+)`, 'giu');

/**
 * A band of sizes opening a label (see {@link SIZE_BAND}): "8.00 m – 9.99 m", "10 to 12 kg",
 * "From 2 to 4 hours".
 */
const BAND_LABEL = new RegExp(`^(?:from\\s+)?${SIZE_BAND.source}`, 'iu');

/**
 * A band written "between … and …" opening a label: "Between 48 hours and 7 days before" (groups
 * as {@link SIZE_BAND}'s).
 */
const BETWEEN_LABEL = /^between\s+(\d+(?:\.\d+)?)\s*-?\s*(\p{L}+)?\s+and\s+(\d+(?:\.\d+)?)\s*-?\s*(\p{L}+)/iu;

/** An upper bound opening a label: "up to 4 hours", "under 10 kg" (group 1 the figure, group 2 its unit). */
const UPPER_BOUND =
  /^(?:up\s+to|under|less\s+than|no\s+more\s+than|max(?:imum)?\.?|within)\s+(\d+(?:\.\d+)?)\s*-?\s*(\p{L}+)/iu;

/** A figure in digits or words, as a pattern's source ("28", "2.5", "three", "twenty-one"). */
const FIGURE = String.raw`(\d+(?:\.\d+)?|${NUMBER_WORDS})`;

/**
 * Bounds a sentence states on a figure and the word after its unit, which a question must write
 * after its own figure to be bounded by it ("If you are up to 15 minutes late, we will still run
 * your game" for "What happens if we turn up 10 minutes late?", round136; "If you cancel between
 * 28 and 8 days before arrival" for "if I cancel three weeks before we're due to arrive",
 * round139). `before`: the bound's words, the figure, its unit, the word after; `after`: the
 * figure, its unit, the bound's words, the word after; `between`: a figure and its unit (which
 * may go unwritten), another and its unit, the word after.
 */
const SENTENCE_BOUNDS = {
  before: new RegExp(
    String.raw`\b(up\s+to|under|less\s+than|fewer\s+than|no\s+more\s+than|within|over|more\s+than|at\s+least)\s+${FIGURE}\s*-?\s*(\p{L}+)\s+(\p{L}+)`,
    'giu',
  ),
  after: new RegExp(
    String.raw`\b${FIGURE}\s*-?\s*(\p{L}+)\s+(or\s+(?:less|fewer|under|more|over|longer)|and\s+(?:under|over))\s+(\p{L}+)`,
    'giu',
  ),
  between: new RegExp(
    String.raw`\bbetween\s+${FIGURE}\s*-?\s*(\p{L}+)?\s+and\s+${FIGURE}\s*-?\s*(\p{L}+)\s+(\p{L}+)`,
    'giu',
  ),
};

/** The words of an upper bound (see {@link SENTENCE_BOUNDS}); the others are of a lower one. */
const UPPER_WORDS = /^(?:up|under|less|fewer|no|within|or\s+(?:less|fewer|under)|and\s+under)/i;

/**
 * The bounds `text` (a sentence) states (see {@link SENTENCE_BOUNDS}), each with the word it
 * bounds; emphasis marks are read through ("**more than 28 days** before").
 */
function sentenceBounds(text: string): Array<Omit<Bound, 'c'>> {
  const plain = text.replace(/[*_]+/g, '');
  const out: Array<Omit<Bound, 'c'>> = [];
  const push = (figure: string, unit: string, words: string, word: string) => {
    const size = measure(figure, unit);
    const after = word.toLowerCase();
    if (size === undefined) return;
    out.push(
      UPPER_WORDS.test(words)
        ? { kind: size.kind, after, high: size.size }
        : { kind: size.kind, after, low: size.size },
    );
  };
  for (const m of plain.matchAll(SENTENCE_BOUNDS.before)) push(m[2]!, m[3]!, m[1]!, m[4]!);
  for (const m of plain.matchAll(SENTENCE_BOUNDS.after)) push(m[1]!, m[2]!, m[3]!, m[4]!);
  for (const m of plain.matchAll(SENTENCE_BOUNDS.between)) {
    const one = measure(m[1]!, m[2] ?? m[4]!);
    const two = measure(m[3]!, m[4]!);
    const after = m[5]!.toLowerCase();
    if (one === undefined || two === undefined || one.kind !== two.kind) continue;
    // Either order: "between 28 and 8 days before".
    out.push({
      kind: one.kind,
      after,
      low: Math.min(one.size, two.size),
      high: Math.max(one.size, two.size),
    });
  }
  return out;
}

/**
 * A figure and its unit opening a label: "50 sq ft (4.6 m²)", "12 weeks", "20 kW" (groups as
 * {@link UPPER_BOUND}'s); a word of more than three letters after it is in lower case.
 */
const EXACT_LABEL = /^(\d+(?:\.\d+)?)\s*-?\s*(\p{Ll}[\p{L}²³]*|[\p{Lu}\p{Ll}]{1,3}\b)/u;

/**
 * A lower bound opening a label: "over 4 hours", "more than 20 kg", "at least 7 days" (groups as
 * {@link UPPER_BOUND}'s).
 */
const LOWER_BOUND = /^(?:over|more\s+than|at\s+least|min(?:imum)?\.?)\s+(\d+(?:\.\d+)?)\s*-?\s*(\p{L}+)/iu;

/** A lower bound written after its figure: "7 days or more before", "4 hours and over", "10 kg+". */
const LOWER_BOUND_AFTER =
  /^(\d+(?:\.\d+)?)\s*-?\s*(\p{L}+)(?:\s+(?:or|and)\s+(?:more|over|longer|above)\b|\+)/iu;

/** A month a question names ("in August", "mid-August", "early March"): group 1 its name. */
const ASKED_MONTH = new RegExp(String.raw`(?<![\p{L}])(${MONTH_NAMES.join('|')})(?![\p{L}])`, 'giu');

/**
 * The rows whose dates span the months the question names (see `monthsSpanned`): "| Peak | 24 July
 * to 4 September | … |" for "a week … in mid-August" (round144, after its only run), not "| Mid |
 * 20 March to 22 May; 11 September to 30 October | … |". "May" is read only with a capital, as a
 * month.
 */
function monthRows(question: string, candidates: readonly Candidate[]): Set<Candidate> {
  const months = [...question.matchAll(ASKED_MONTH)]
    .filter((m) => m[1]!.toLowerCase() !== 'may' || m[1] === 'May')
    .map((m) => (MONTH_NAMES as readonly string[]).indexOf(m[1]!.toLowerCase()));
  const out = new Set<Candidate>();
  if (months.length === 0) return out;
  for (const c of candidates) {
    if (c.kind !== 'row') continue;
    const spanned = monthsSpanned(c.text);
    if (months.every((m) => spanned.has(m))) out.add(c);
  }
  return out;
}

/**
 * The rows a question names by a noun and a number ("class 3", "gate 12", "route 7") or by a number
 * and the noun it counts ("a 3-player game", see {@link NUMBER_LABEL}): of a table whose first
 * column's header holds the noun ("Class", "Players"), the row whose first cell is the number
 * ("| 3 | Heaviest marrow | Vegetables |"), or by a signal's count (see {@link COUNT_TIMES}).
 * The number is no term the question's scoring reads (numbers are not: see `questionTerms`), and
 * the row holds the noun only through its header, as every row does: without this, any row holding
 * another of its words led. Each such row is what is asked, as the row a superlative picks (see
 * `extremeRows`).
 */
function numberedRows(question: string, candidates: readonly Candidate[]): Set<Candidate> {
  const named = [
    ...[...question.matchAll(LABEL_NUMBER)].map((m) => [m[1]!, m[2]!] as const),
    ...[...question.matchAll(NUMBER_LABEL)].map((m) => [m[2]!, m[1]!] as const),
    ...[...question.matchAll(GROUP_OF)].map((m) => [m[1]!, m[2]!] as const),
    ...[...question.matchAll(COUNT_TIMES)].map((m) => [m[1]!, String(wordsNumber(m[2]!) ?? m[2]!)] as const),
  ].flatMap(([noun, number]) => {
    const [term] = contentTerms(noun);
    return term === undefined ? [] : [{ term, number: number.toLowerCase() }];
  });
  const out = new Set<Candidate>();
  if (named.length === 0) return out;
  for (const c of candidates) {
    if (c.kind !== 'row' || c.table === undefined) continue;
    const label = withoutMarks(tableCells(c.text)[0] ?? '')
      .trim()
      .toLowerCase();
    const heads = new Set(readTerms(tableCells(c.table.header)[0] ?? ''));
    // The number alone, or with what it counts ("| 5 players | £115 |" under "| Group size | … |").
    const count = /^(\d{1,3})\s+\p{L}+$/u.exec(label)?.[1];
    if (named.some((n) => (n.number === label || n.number === count) && heads.has(n.term))) out.add(c);
  }
  return out;
}

/**
 * The passages writing the label a question names one of a kind by, a noun and a capital letter
 * ("Band B", "Zone C"): "Band B (stalls rows K to R …) is £26." for "How much is a Band B
 * ticket?", beside "Band A … is £32." and "Band C … is £18.", which hold the same words. Each is
 * what is asked, as the row a superlative picks (see `extremeRows`). Table rows are named by their
 * first cell (see `numberedRows`).
 */
function namedLabels(question: string, candidates: readonly Candidate[]): Set<Candidate> {
  const out = new Set<Candidate>();
  const pairs = [...question.matchAll(NAMED_LABEL)].filter((m) => contentTerms(m[1]!).length > 0);
  if (pairs.length === 0) return out;
  const written = pairs.map(
    (m) =>
      new RegExp(
        String.raw`(?<![\p{L}\p{N}])${escapeRegExp(m[1]!)}\s+${escapeRegExp(m[2]!)}(?![\p{L}\p{N}])`,
        'iu',
      ),
  );
  for (const c of candidates) if (c.kind !== 'row' && written.some((re) => re.test(c.text))) out.add(c);
  return out;
}

/**
 * A noun and the capital letter naming one of its kind: "Band B", "Zone C" (group 1 the noun, group
 * 2 the letter); not after a capitalised word, where both are part of a name. Not a number: "July
 * 1", "version 2" and "Voltway Home 7" date, version and name, and led 13 answers astray on the
 * bench.
 */
const NAMED_LABEL = /(?<![\p{Lu}][\p{L}'’.-]*\s+|[\p{L}\p{N}])(\p{L}{2,})\s+(\p{Lu})(?![\p{L}\p{N}'’-])/gu;

/** A noun and a number naming one of its kind ("class 3", "gate 12B"); group 1: the noun, group 2: the number. */
const LABEL_NUMBER = /(?<![\p{L}\p{N}])(\p{L}{2,})\s+(\d{1,3}[a-z]?)(?![\p{L}\p{N}%]|[.,]\d)/giu;

/**
 * A signal and how many times it repeats ("flashing red three times", "beeps 4 times"), naming the
 * row of a table of signals by their count ("| 3 | Side brush tangled | … |" under "| Red flashes
 * | Problem | … |", round138, after its only run); group 1: the signal (one word may follow it),
 * group 2: the count in figures or words.
 */
const COUNT_TIMES = new RegExp(
  String.raw`\b(\p{L}{3,})(?:\s+\p{L}+)?\s+(\d{1,2}|${NUMBER_WORDS})\s+times\b`,
  'giu',
);

/** A group and its size ("a group of 5", "a party of 8"); group 1: the noun, group 2: the number. */
const GROUP_OF = /\b(group|party|team|family)\s+of\s+(\d{1,3})(?![\p{L}\p{N}%]|[.,]\d)/giu;

/**
 * A number and the noun it counts naming a row of a table by its count ("a 3-player game", "for 4
 * players", "a 2-bedroom flat"): the row whose first cell is the number under a first column
 * headed by the noun ("| 3 | 52 | 16 |" under "| Players | River tiles | … |"); group 1: the
 * number, group 2: the noun.
 */
const NUMBER_LABEL = /(?<![\p{L}\p{N}.,£$€%-])(\d{1,3})(?:-|\s)(\p{L}{2,})(?![\p{L}\p{N}])/giu;

/**
 * A list's item or a form's line led by a label and a colon ("- Bedroom 3: 2.6 m x 2.2 m.");
 * group 1: the label, group 2: what follows it.
 */
const LABELLED_ITEM = /^\s*(?:[-*+•]\s+)?(\p{L}[\p{L}\p{N} ()/&'’-]{0,40}):\s+(.+)$/u;

/** The figure a labelled item ranks by: the area of a size "a x b" it opens with, else its first number; NaN for none. */
function itemValue(text: string): number {
  const size = /^(\d+(?:\.\d+)?)\s*(?:\p{L}+\s*)?[x×]\s*(\d+(?:\.\d+)?)/u.exec(text.trim());
  if (size) return Number(size[1]) * Number(size[2]);
  const first = /(?<![\p{L}\d])\d[\d,]*(?:\.\d+)?/u.exec(text);
  return first ? Number(first[0].replace(/,/g, '')) : Number.NaN;
}

/**
 * The columns of each table of `passages` (by block) that are a chart's marks: every row's cell
 * under it is a mark saying "yes" (see {@link MARK}) or blank, one at least a mark ("| Falafel
 * flatbread | ✓ | | | | ✓ |" under "| Dish | Gluten | Dairy | Eggs | Nuts | Sesame |").
 */
function markColumns(passages: readonly Passage[]): Map<number, Set<number>> {
  const tables = new Map<number, string[][]>();
  for (const p of passages)
    if (p.kind === 'row' && p.table !== undefined)
      tables.set(p.block, [...(tables.get(p.block) ?? []), tableCells(p.text).map((cell) => cell.trim())]);
  const out = new Map<number, Set<number>>();
  for (const [block, rows] of tables) {
    const width = Math.max(...rows.map((row) => row.length));
    const columns = new Set<number>();
    for (let j = 1; j < width; j++) {
      const cells = rows.map((row) => row[j] ?? '');
      if (cells.every((cell) => cell === '' || MARK.test(cell)) && cells.some((cell) => cell !== ''))
        columns.add(j);
    }
    if (columns.size > 0) out.set(block, columns);
  }
  return out;
}

/**
 * A row's header terms: those of every column's header, but a chart's marks column (see
 * `markColumns`) under which the row's cell is blank ("Nuts" over a dish without nuts).
 */
function rowHeaderTerms(passage: Passage, marks: ReadonlySet<number> | undefined): string[] {
  if (marks === undefined) return readTerms(passage.table!.header);
  const cells = tableCells(passage.text);
  return tableCells(passage.table!.header).flatMap((header, j) =>
    marks.has(j) && (cells[j] ?? '').trim() === '' ? [] : readTerms(header),
  );
}

/**
 * The terms of a chart's marks columns (see `markColumns`) under which the row's cell is a mark:
 * the row holds "sesame" as its own, as if its cell wrote it.
 */
function markedTerms(passage: Passage, marks: ReadonlySet<number> | undefined): string[] {
  if (marks === undefined) return [];
  const headers = tableCells(passage.table!.header);
  return tableCells(passage.text).flatMap((cell, j) =>
    marks.has(j) && cell.trim() !== '' ? readTerms(headers[j] ?? '') : [],
  );
}

/** A table cell that says "yes" by a mark alone: a tick, a check box ticked, "Yes", "Y". */
const MARK = /^(?:[✓✔☑✅]|yes|y)$/iu;

/** Passages and two-sentence windows of `hits` with their scores, best first; see the module comment. */
function scoredWindows(
  question: string,
  hits: readonly Hit[],
  decay: boolean,
  feedback = false,
  referrers: readonly Hit[] = hits,
): Window[] {
  const queryTerms = withoutNeed(question, [...new Set(questionTerms(question))]);
  if (queryTerms.length === 0) return [];
  // A passage holding none of the terms that say what is asked ("visitors") but those of its time
  // ("For the quarter ended December 31, 2022 (second quarter of fiscal 2023)", the line that
  // dates the document, under a heading that names it) states nothing asked: it scores 0.
  const subject = subjectTerms(question, queryTerms);
  const everyLine = candidatesOf(hits, referrers, ASKS_HOW_MANY.test(question), true);
  const candidates = everyLine.filter((c) => !c.recurs);
  holdOtherForms(question, queryTerms, candidates);
  const idf = new Map<string, number>();
  for (const term of queryTerms) {
    const df = candidates.filter((c) => c.terms.has(term)).length;
    idf.set(term, Math.log(1 + (candidates.length + 1) / (df + 0.5)));
  }
  const total = queryTerms.reduce((sum, t) => sum + idf.get(t)!, 0);
  // The terms that name each hit's document: the question's words its focus boost names it by
  // (see `HitBoost.words`). A sentence holding only those ("Brackenridge Water Company provides
  // regulated water …" for "How many customer connections did Brackenridge Water serve?") is not
  // quoted in a two-sentence window: it would open the quote of the one that counts the
  // connections.
  const naming = hits.map(
    (hit) =>
      new Set(
        (hit.boosts ?? [])
          .filter((b) => b.kind === 'focus')
          // Words of letters only: "Q2" and "2023" say when, not whose.
          .flatMap((b) => contentTerms((b.words ?? []).filter((w) => !/\d/.test(w)).join(' '))),
      ),
  );
  // So does one holding of the question's terms only the names it writes (see `capitalisedTerms`;
  // a word in capitals only, "API", is as often a common noun; a name in the question's "which" or
  // "what" phrase is what it asks of: "PostgreSQL" of "Which PostgreSQL version …?"), when it
  // writes others: "Property: 9 Fennel Street, Castlebury." for "What make is the boiler at 9
  // Fennel Street?" scores as a line that is a name alone.
  const asking = new Set(contentTerms(WH_PHRASE.exec(question)?.[1] ?? ''));
  const names = new Set([...capitalisedTerms(question, false)].filter((t) => !asking.has(t)));
  const asksOther = queryTerms.some((t) => !names.has(t));
  // A span for a question asking how long or how far ("Harrowfield Central is a 7-minute walk.")
  // answers it, whatever names it holds.
  const asksHowLong = ASKS_HOW_LONG.test(question);
  const namesAlone = (...group: Candidate[]) => {
    if (!asksOther || group.some((c) => c.figure || c.event || (asksHowLong && c.span !== undefined)))
      return false;
    const held = queryTerms.filter((t) => group.some((c) => c.terms.has(t)));
    return held.length > 0 && held.every((t) => names.has(t));
  };
  // A passage whose question terms all name its document, with no figure and no event of its own,
  // says nothing asked of it ("In May the Group bought Kestrel Labels Ltd for £5.2 million" does).
  const onlyNames = (c: Candidate) => {
    if (c.figure || c.event) return false;
    const held = queryTerms.filter((t) => c.terms.has(t));
    return held.length > 0 && held.every((t) => naming[c.source - 1]!.has(t));
  };
  // A term in the passage (a row: or its table's header) counts whole; one only in the heading
  // path counts half. In a passage (not a window) that states a figure, a term it lacks counts up
  // to FEEDBACK_WEIGHT by the share of the term's companions it holds (see cooccurringTerms): the
  // figure is often written in the document's words, not the question's.
  const companions = feedback
    ? cooccurringTerms(
        queryTerms,
        candidates.filter((c) => !c.boilerplate && !c.reference),
      )
    : new Map<string, Map<string, number>>();
  const translated = (group: Candidate[], t: string) => {
    const model = companions.get(t);
    if (!model) return 0;
    if (group.length !== 1 || !group[0]!.figure) return 0;
    let share = 0;
    for (const [u, w] of model) if (group.some((c) => c.terms.has(u))) share += w;
    return FEEDBACK_WEIGHT * share;
  };
  // A passage that writes the question's time words must write a term of its subject too (or a
  // companion of one: a sentence on "senior notes" is about debt); its heading's do not count.
  // Unless the question asks when, no dated passage writes its subject and this one writes a date:
  // "When did the 2025 prices take effect?" is answered by the line that dates them ("Prices from
  // 1 April 2025"), "When is the beach clean-up, according to the May 2024 issue?" by the sentence
  // dating the clean-up, not by "Issue 13 · May 2024".
  const asksWhen = ASKS_WHEN.test(question);
  const datesDocument =
    asksWhen && !candidates.some((c) => c.dated && [...subject].some((t) => c.terms.has(t)));
  const timeOnly = (group: Candidate[]) =>
    !(datesDocument && group.some((c) => c.dated)) &&
    subject.size > 0 &&
    queryTerms.some((t) => !subject.has(t) && group.some((c) => c.terms.has(t))) &&
    ![...subject].some((t) => group.some((c) => c.terms.has(t)) || translated(group, t) > 0);
  const coverage = (group: Candidate[], companion: boolean) =>
    timeOnly(group)
      ? 0
      : queryTerms.reduce((sum, t) => {
          const weight = group.some((c) => c.terms.has(t))
            ? 1
            : Math.max(group.some((c) => c.context.has(t)) ? 0.5 : 0, companion ? translated(group, t) : 0);
          return sum + weight * idf.get(t)!;
        }, 0) / total;
  const asked = new Set(queryTerms);
  const factual = asksFact(question);
  // A figure row answers what, not why: "the primary driver behind the change in net income" is
  // told in a sentence; the net income row gains nothing by its label (and so does not lead it
  // from another chunk, see `Window.statesAsked`) nor by its figure.
  const asksReason = ASKS_REASON.test(question);
  const asksProcedure = ASKS_PROCEDURE.test(question);
  // A row whose label the question names ("total net sales", "research and development") is the
  // row asked for, as a form's field line whose label it names ("food hygiene rating") is the
  // field: up to twice, by the share of its label's terms the question holds (half of them at
  // least).
  // A row the question names by its number ("class 3") has its label named (see `numberedRows`).
  // So is the row or record line whose bound the question's figure falls under (see `boundingRows`).
  // So are the rows whose label bounds the age the asker states (see `ageRows`).
  const numbered = new Set([
    ...numberedRows(question, candidates),
    ...monthRows(question, candidates),
    ...boundingRows(question, candidates),
    ...ageRows(question, candidates),
  ]);
  // Not a row of another kind of thing than a "which" question asks for: "| Cat | £16 | £26 |" of a
  // price table names the cat of "Which vaccinations does a cat need …?", and holds no vaccination
  // (nor does its header).
  const which = ASKS_WHICH.test(question) ? [...asking] : [];
  const labelled = (c: Candidate) => {
    if (numbered.has(c)) return 1 + LABEL_BONUS;
    if (!c.label || c.label.length === 0 || asksReason) return 1;
    if (which.length > 0 && !which.some((t) => c.terms.has(t))) return 1;
    // The label without its note in brackets counts whole when the question names all of it
    // ("Adult swim (16 and over)" for "How much is an adult swim …?": found on round108, held
    // out, after its only run).
    const shareOf = (label: readonly string[]) => label.filter((t) => asked.has(t)).length / label.length;
    const share = Math.max(shareOf(c.label), ...(c.heads ?? []).map(shareOf));
    return share >= 0.5 ? 1 + LABEL_BONUS * share : 1;
  };
  // An interval answers a question asking how often ("| Brake fluid | Every 2 years |").
  const asksHowOften = ASKS_HOW_OFTEN.test(question);
  const statesInterval = (c: Candidate) =>
    c.kind === 'row'
      ? tableCells(c.text)
          .slice(1)
          .some((cell) => INTERVAL_CELL.test(cell))
      : EVERY.test(c.text);
  // A span answers "how long": of time only when it asks how long something takes or lasts.
  // Of notice, a span of time before something (see `ASKS_NOTICE`).
  const spans = ASKS_NOTICE.test(question)
    ? (c: Candidate) => c.span === 'time' && NOTICE_SPAN.test(c.text)
    : ASKS_DURATION.test(question)
      ? (c: Candidate) => c.span === 'time'
      : (c: Candidate) => c.span !== undefined;
  // A row whose label names the dimension an adjective asks ("| Weight (with battery) | 19.5 kg |"
  // for "How heavy is the K2?", "| Noise level | 39 dB(A) |" for "How loud …?") is the row asked
  // for, as one whose label the question names (see `Window.statesAsked`).
  const dimensions = askedDimensions(question).filter((d) => d.nouns.length > 0);
  const namesDimension = (c: Candidate) => {
    if (c.kind !== 'row' || dimensions.length === 0) return false;
    const label = new Set(wordTokens(tableCells(c.text)[0] ?? ''));
    return dimensions.some((d) => d.nouns.some((noun) => label.has(noun)));
  };
  // A passage holds what is asked in its own words (a row: or its table's header) or under a
  // section heading naming it ("Work is 40% complete." under "Station Road"); not under a title.
  const holdsAsked = (c: Candidate) => queryTerms.some((t) => c.terms.has(t) || c.section.has(t));
  // A sentence closing on a colon before a bulleted list ("If … it hasn't appeared on your bill,
  // contact us within 6 months of the event:", then "- in the app …", "- by phone …") states what
  // its items complete: no lead-in to a table's figures, it scores as a sentence (round105).
  const leadsList = (c: Candidate) => listAfter(c, candidates) !== undefined;
  // A sentence going on about a list item the question does not name ("Maximum vehicle height 2.1
  // m." of the Wexcombe Street item), when it names another item (Cathedral Row), is about another
  // thing (see `Passage.itemLabel`, round119).
  const namesItem = (c: Candidate) => contentTerms(c.itemLabel ?? '').some((t) => asked.has(t));
  const itemNamed = candidates.some(namesItem);
  const otherItem = (c: Candidate) => itemNamed && c.itemLabel !== undefined && !namesItem(c);
  // A row of a troubleshooting table (its header names a problem, a cause or what to do) answers a
  // question reporting a fault ("keeps making a big nest of thread loops under the fabric" of "| A
  // tangle of loops forms under the fabric | … | Cut away the tangle … |", round128).
  const reportsFault = REPORTS_FAULT.test(question);
  const remedyRow = (c: Candidate) =>
    reportsFault && c.kind === 'row' && c.table !== undefined && TROUBLESHOOTING_HEADER.test(c.table.header);
  // `holds`: whether the passage, or the record it is read in (see `closeRun`), holds the
  // question's terms.
  const factor = (c: Candidate, holds = holdsAsked(c)) =>
    labelled(c) *
    // A row without a figure is mostly a label; not a dated one for a question asking when (a
    // programme's "| 9.15 | Opening keynote |", see `timedRow`), nor a troubleshooting table's row
    // for a question reporting a fault (see `remedyRow`).
    (c.kind === 'line' || (c.kind === 'row' && !c.figure && !(asksWhen && c.dated))
      ? remedyRow(c)
        ? REMEDY_ROW_FACTOR
        : 0.5
      : 1) *
    (c.kind === 'sentence' && ((LEAD_IN.test(c.text) && !leadsList(c)) || ASKING.test(c.text)) ? 0.3 : 1) *
    (otherItem(c) ? 0.5 : 1) *
    // A question asking when is answered by a date (see `dated`), not by a figure ("version 4.2");
    // one asking why by the sentence telling the cause, not by the row of the figure that fell
    // ("Why did the plum crop fail?": "| Plums | 35 kg | 12 kg |" named twice over); one asking how
    // long by a span (see `spans`), not by "| Weight (with battery) | 19.5 kg |". A figure in a
    // passage holding none of the question's terms (a row or its header, or its section heading:
    // only the document's title does) is a figure of something else: "Doors open at 8.30am" for
    // "Who is running the RAG workshop?". One asking how to do something is answered by the
    // sentences telling how, not by a figure's row ("| Salmon fillets | 2 x 150 g | 180°C | … |" for
    // "… chips in one drawer and salmon in the other - how do I get them both ready at the same
    // time?", round114).
    (c.figure && !asksWhen && !asksReason && !asksProcedure && (!asksHowLong || spans(c)) && holds
      ? FIGURE_BONUS * (c.kind === 'row' ? ROW_BONUS : 1)
      : 1) *
    (c.text.length > 400 ? 0.8 : 1) *
    (c.boilerplate ? 0.3 : 1) *
    (c.reference ? REFERENCE : 1) *
    (c.nameLine || namesAlone(c) ? NAME_LINE : 1) *
    (c.event ? EVENT_BONUS : 1) *
    (factual && c.supposing ? SUPPOSING : 1) *
    (decay ? Math.max(0.5, 1 - 0.05 * (c.source - 1)) : 1);
  // A window writing a date answers a question asking when, whichever of its sentences writes it:
  // it orders the quotes (`score`), not which are quoted (`base`, the floors' measure): another
  // version's dated line ("Expiry date: 14 May 2024" of last year's certificate) is no answer to
  // "When does the current MOT expire?".
  // So does a span of time or a length answer a question asking how long or how far ("How long is
  // the hold time of the liquids cycle?": "121 °C held for 20 minutes", not the sentence naming
  // the liquids), in a passage holding what is asked ("open 24 hours" of a car park is no walk
  // from the station).
  const dated = (members: Candidate[]) =>
    (asksWhen && members.some((m) => m.dated)) ||
    (asksHowLong && members.some((m) => spans(m) && holdsAsked(m)))
      ? DATE_BONUS
      : 1;
  // A passage stating the condition a question asks the outcome of ("If you lose or damage an
  // item, you will be charged …" for "What happens if I lose a book …?", round106) tells what
  // happens then, whatever else of the question it writes: it may lead (`Window.condition`).
  // The verb of an everyday phrase is stated by the phrase's word ("If you miss an appointment"
  // for "What happens if I don't turn up …?", round129).
  const conditionVerb = ASKED_CONDITION.exec(question)?.[1]?.toLowerCase();
  const condition = new Set(
    conditionVerb === undefined
      ? []
      : [
          ...contentTerms(conditionVerb),
          ...askedPhrases(question)
            .filter((p) => p.words.includes(conditionVerb))
            .flatMap((p) => p.forms),
        ],
  );
  const statesCondition = (m: Candidate) =>
    condition.size > 0 &&
    [...m.text.matchAll(CONDITION_CLAUSE)].some((clause) => condition.has(contentTerms(clause[1]!)[0] ?? ''));
  // A passage counting the noun a "how many" question counts ("| 6 tablets |" for "How many
  // tablets …?", see `statesQuantity`), and the share of the question's other terms it holds in
  // its words or its section's (see `Window.counts`): "a player reaches 30 victory points" counts
  // no points a ship of three cards is worth. Not the terms naming the first document, its time
  // or its form ("Amazon", "latest", "10-Q" of "… according to its latest 10-Q?").
  const phrase = countedPhrase(question);
  const counted = phrase.at(-1);
  const unwritten = counted === undefined ? undefined : unwrittenTerms(question);
  const others = queryTerms.filter(
    (t) =>
      unwritten !== undefined &&
      !phrase.includes(t) &&
      !unwritten.has(t) &&
      !isFormTerm(t) &&
      !isPronounTerm(t) &&
      !(naming[0]?.has(t) ?? false),
  );
  const counts = (c: Candidate) => counted !== undefined && statesQuantity(c.text, [counted], 'count');
  const beside = (c: Candidate) =>
    others.length === 0 ? 1 : others.filter((t) => c.terms.has(t) || c.section.has(t)).length / others.length;
  const extreme = new Set([
    ...extremeRows(question, candidates),
    ...numbered,
    ...namedLabels(question, candidates),
  ]);
  const windows: Window[] = [];
  candidates.forEach((c, i) => {
    // A row's label may name what is asked in the document's words, its companion terms ("| Drugs
    // and medical supplies | 17,840 |" for "spend on medicines"): it holds it, for the order.
    const companion = c.kind === 'row' && queryTerms.some((t) => translated([c], t) > 0);
    // A sentence going on from the one before it ("After that point, cover … stops") is quoted
    // with it, in their window below, not alone (round144, after its only run).
    // Nor does it open a window with the sentence after it.
    const previous = candidates[i - 1];
    const goesOn =
      c.kind === 'sentence' &&
      GOES_ON.test(c.text) &&
      previous?.kind === 'sentence' &&
      previous.source === c.source &&
      previous.block === c.block;
    if (!goesOn)
      windows.push({
        members: [c],
        score:
          coverage([c], true) *
          factor(c, companion || holdsAsked(c)) *
          dated([c]) *
          (extreme.has(c) ? 1 + LABEL_BONUS : 1),
        base: coverage([c], false) * factor(c),
        ...((c.kind === 'row' && c.figure && (labelled(c) === 1 + LABEL_BONUS || namesDimension(c))) ||
        extreme.has(c) ||
        dated([c]) > 1 ||
        (asksHowOften && statesInterval(c))
          ? { statesAsked: true }
          : {}),
        ...(extreme.has(c) ? { extreme: true } : {}),
        ...(statesCondition(c) ? { condition: true } : {}),
        ...(numbered.has(c) ? { numbered: true } : {}),
        ...(counts(c) ? { counts: beside(c) } : {}),
      });
    const next = candidates[i + 1];
    if (
      !goesOn &&
      c.kind === 'sentence' &&
      next?.kind === 'sentence' &&
      next.source === c.source &&
      next.block === c.block &&
      !(onlyNames(c) && onlyNames(next))
    ) {
      // A sentence that only names the document lends its words to its neighbour, as a heading
      // does, for whether it is quoted (`base`), not for its order, and is not quoted itself.
      const quoted = onlyNames(c) ? [next] : onlyNames(next) ? [c] : [c, next];
      const holds = holdsAsked(c) || holdsAsked(next);
      windows.push({
        members: quoted,
        score:
          coverage(quoted, true) * 0.9 * Math.min(factor(c, holds), factor(next, holds)) * dated([c, next]),
        base: coverage([c, next], false) * 0.9 * Math.min(factor(c, holds), factor(next, holds)),
        ...(dated([c, next]) > 1 ? { statesAsked: true } : {}),
      });
    }
  });
  // A record of field lines (a CSV or JSON record, a form's block: "Description: Garden hose 15 m",
  // "Price (inc VAT): £16.75") is a table's row written down: a question naming one field asks
  // another's value. Each run of consecutive field lines of one paragraph is a window too, as a row
  // is quoted whole.
  for (const run of fieldRuns(everyLine)) {
    if (run.length < 2 || run.length > MAX_RECORD_LINES) continue;
    // As strong as its best line, over the terms of all its lines: a record naming what is
    // asked in one line ("name: Agapanthus Blue Storm") states it in another ("price: £12.99").
    const holds = run.some(holdsAsked);
    const best = Math.max(...run.map((c) => factor(c, holds))) * (namesAlone(...run) ? NAME_LINE : 1);
    // Dated as its lines are: a record whose note writes a date answers "when" as that line alone
    // would (round143, after its only run).
    windows.push({
      members: run,
      score: coverage(run, true) * 0.9 * best * dated(run),
      base: coverage(run, false) * 0.9 * best,
      ...(dated(run) > 1 ? { statesAsked: true } : {}),
    });
  }
  // The row the question names by its number leads (see `numberedRows`): the number is the
  // question's rarest word, and no other passage holds it as a label.
  return windows
    .filter((w) => w.base > 0)
    .sort((a, b) => Number(b.numbered ?? false) - Number(a.numbered ?? false) || b.score - a.score);
}

/**
 * How well each hit can answer `question`: the score of its best passage or window (see the
 * module comment; no decay by rank), companion terms counted (see {@link cooccurringTerms}, over
 * `hits`' passages) as when the answer orders its quotes — a sentence stating the figure in the
 * words that accompany the asked term ("debt": "senior notes", "borrowings") is a source as good as
 * the answer finds it —, 0 when it holds none of the question's terms. The
 * cross-references of `referrers` (default: `hits`) frame the sections they point to (a hit under
 * `Note 9` takes the terms of "Refer to Note 9 … for a description of our legal proceedings" in
 * its document as its heading's).
 */
export function answerability(
  question: string,
  hits: readonly Hit[],
  referrers: readonly Hit[] = hits,
): number[] {
  const best = hits.map(() => 0);
  for (const window of scoredWindows(question, hits, false, true, referrers)) {
    const i = window.members[0]!.source - 1;
    best[i] = Math.max(best[i]!, window.score);
  }
  return best;
}

/**
 * The stemmed terms of the words `question` writes with a capital, but its first, and of a number
 * right before one: the names it writes ("Tomasz", "Wilk" of "What was Tomasz Wilk's net pay?";
 * "9", "fennel", "street" of "What make is the boiler at 9 Fennel Street?"). Without
 * `allCapitals` (default true), not the words written in capitals only ("API", "KX19").
 */
function capitalisedTerms(question: string, allCapitals = true): Set<string> {
  const words = question.match(/[\p{L}\p{N}]+/gu) ?? [];
  const capital = (word: string | undefined) =>
    word !== undefined && (allCapitals ? /^\p{Lu}/u : /^\p{Lu}\p{Ll}/u).test(word);
  return new Set(
    contentTerms(
      words
        .filter((word, i) => i > 0 && (capital(word) || (/^\d+$/.test(word) && capital(words[i + 1]))))
        .join(' '),
    ),
  );
}

/**
 * A row's label terms (see `Candidate.label`), and its heads' (see `Candidate.heads`): the label
 * without its note in brackets, and each alternative it names ("Beef stew or casserole").
 */
function rowLabel(cell: string): Pick<Candidate, 'label' | 'heads'> {
  const label = [...new Set(contentTerms(cell))];
  const bare = cell.replace(/\s*\([^)]*\)/g, ' ');
  // Alternatives of two terms or more, written apart ("Beef stew or casserole", "Dog walk / pet
  // sitting"): not a word's own ("income/(expense), net" names no "net" alone).
  const parts = bare.split(/\s+or\s+|\s+\/\s+/i).map((text) => [...new Set(contentTerms(text))]);
  const heads = [
    ...(bare === cell ? [] : [[...new Set(contentTerms(bare))]]),
    ...(parts.length > 1 ? parts.filter((terms) => terms.length >= 2) : []),
  ].filter((terms) => terms.length > 0);
  return heads.length === 0 ? { label } : { label, heads };
}

/**
 * The field lines of the first source, a record the question picked (see `askedRecordHit`): its
 * longest window of two or more field lines among `ranked`, else its longest run of consecutive
 * field lines in one paragraph (none of them holds the question's words); undefined when it has no
 * two field lines.
 */
function recordWindow(ranked: readonly Window[], hits: readonly Hit[]): Candidate[] | undefined {
  const longest = (runs: Candidate[][]) =>
    runs.reduce<Candidate[] | undefined>(
      (a, r) => (a === undefined || r.length > a.length ? r : a),
      undefined,
    );
  const scored = longest(
    ranked
      .filter((w) => w.members.length > 1 && w.members.every((m) => m.source === 1 && m.kind === 'line'))
      .map((w) => w.members),
  );
  if (scored !== undefined || hits[0] === undefined) return scored;
  return longest(fieldRuns(candidatesOf(hits.slice(0, 1), hits)).filter((run) => run.length > 1));
}

/** The runs of consecutive field lines (`kind: 'line'`) of one source's paragraph among `candidates`, in order. */
function fieldRuns(candidates: readonly Candidate[]): Candidate[][] {
  const runs: Candidate[][] = [];
  let run: Candidate[] = [];
  for (const c of candidates) {
    const last = run.at(-1);
    if (c.kind !== 'line' || (last && (last.source !== c.source || last.block !== c.block))) {
      if (run.length > 0) runs.push(run);
      run = [];
    }
    if (c.kind === 'line') run.push(c);
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/**
 * Picks passages from `hits` (source n = `hits[n-1]`) that answer `question`.
 * Returns the answer text and the source numbers it cites; empty text when no passage holds any
 * of the question's terms.
 */
export function extractAnswer(
  question: string,
  hits: Hit[],
  options: ExtractiveOptions = {},
): { text: string; cited: number[] } {
  const maxUnits = options.maxSentences ?? 6;
  const minScore = options.minScore ?? 0.2;
  const factual = asksFact(question);
  const ranked = scoredWindows(question, hits, true, true);
  // A record the question picked is quoted whole: its longest window of field lines, or all its
  // field lines when none of them writes the question's words ("Where is the last show of the
  // tour?" of a tour's dates, whose records name a city, a venue and a date, never a show).
  const pickedRecord = options.record ? recordWindow(ranked, hits) : undefined;
  if (ranked.length === 0)
    return pickedRecord === undefined
      ? { text: '', cited: [] }
      : { text: render([{ source: 1, passages: pickedRecord }]), cited: [1] };
  const asked = questionTerms(question);
  // A record's field line holding the question's words in its value, or only in its label (see
  // `recordFields`); neither for other passages.
  const isRecord = hits.map((hit) => recordFields(hit.chunk) !== undefined);
  const valueHolds = (c: Candidate) => {
    const label = c.kind === 'line' ? fieldLabel(c.text) : undefined;
    if (label === undefined || !isRecord[c.source - 1]) return undefined;
    const value = new Set(readTerms(c.text.slice(c.text.indexOf(label) + label.length + 1)));
    return asked.some((t) => value.has(t));
  };
  const holdsInValue = (c: Candidate) => valueHolds(c) === true;
  // Not a superlative ("longest"), which every row stating a figure of its dimension holds (see
  // `holdOtherForms`).
  const holdsOwn = (c: Candidate) => asked.some((t) => c.own.has(t) && askedExtreme(t) === undefined);
  // The names the question writes (see `capitalisedTerms`): the company of "What net income did
  // Intel report …?".
  const capitalised = capitalisedTerms(question);
  const unwritten = unwrittenTerms(question);
  // A row with a cell the question writes whole ("18" of "Which film … is rated 18?").
  const askedSet = new Set(asked);
  const namesCell = (c: Candidate) =>
    tableCells(c.text).some((cell) => {
      const terms = contentTerms(cell);
      return terms.length > 0 && terms.every((t) => askedSet.has(t));
    });
  // The rows a superlative picks (see `extremeRows`): each is the row its table is asked of.
  const extremes = new Set(ranked.filter((w) => w.extreme).map((w) => w.members[0]!));
  const numberedAsked = new Set(ranked.filter((w) => w.numbered).map((w) => w.members[0]!));
  const holdsAll = (c: Candidate) =>
    asked.every((t) => c.terms.has(t) || c.context.has(t) || c.section.has(t) || unwritten.has(t));
  const labelOnly = (c: Candidate) => valueHolds(c) === false && asked.some((t) => c.own.has(t));

  // Quotes after the best must be at least half as good: a sentence sharing one common word
  // with the question ("fire" for "when the pager fires") is not part of its answer. A passage
  // that states a figure may score lower: the figure is most often what the question asks for.
  // The floors are measured on the question's own terms: companion terms order the passages that
  // clear them (which rows of a table, which sentences), and admit none.
  const best = Math.max(...ranked.map((w) => w.base));
  const floor = Math.max(minScore, best * RELATIVE_FLOOR);
  const figureFloor = Math.max(minScore, best * FIGURE_FLOOR);
  // A time cue picked the first source's document (the version asked for: "the letter before the
  // latest one"): its passages are measured against its own best, so the asked version's answer is
  // quoted where another version's passage holds more of the question's words (the words that name
  // them), as long as it holds one (no minimum share: the version is what is asked).
  const picked = hits[0]?.boosts?.some((b) => b.kind === 'recency' || b.kind === 'period')
    ? hits[0]!.chunk.documentId
    : undefined;
  const ofPicked = (window: Window) => hits[window.members[0]!.source - 1]?.chunk.documentId === picked;
  const ownBest = picked === undefined ? 0 : Math.max(0, ...ranked.filter(ofPicked).map((w) => w.base));
  const floorsOf = (window: Window): [number, number] =>
    ownBest > 0 && ofPicked(window)
      ? [ownBest * RELATIVE_FLOOR, ownBest * FIGURE_FLOOR]
      : [floor, figureFloor];
  const chosen: Candidate[] = [];
  const countsAsked = (w: Window) => w.counts !== undefined && w.counts >= 0.5;
  // A table's rows are one unit, and so are a record's field lines.
  const units = () =>
    new Set(
      chosen.map((c) =>
        c.kind === 'row'
          ? `t${c.source}:${c.block}`
          : c.kind === 'line'
            ? `l${c.source}:${c.block}`
            : `p${c.order}:${c.source}`,
      ),
    );
  const rowsOf = (c: Candidate) =>
    chosen.filter((x) => x.kind === 'row' && x.source === c.source && x.block === c.block);
  const fits = (members: Candidate[]) => {
    if (members.some((m) => chosen.includes(m))) return false;
    const first = members[0]!;
    if (first.kind === 'row' && rowsOf(first).length > 0) return rowsOf(first).length < MAX_ROWS;
    // A record's lines are one unit (see `units`).
    const added = first.kind === 'line' && members.every((m) => m.kind === 'line') ? 1 : members.length;
    return units().size + added <= maxUnits;
  };
  // The lowest floor any window may clear: the picked version's own, when lower.
  const lowest = ownBest > 0 ? Math.min(figureFloor, ownBest * FIGURE_FLOOR) : figureFloor;
  for (const window of ranked) {
    const [least, leastFigure] = floorsOf(window);
    // A window never scores under its base: none after this one clears the floors (the picked
    // version's own floors may lie lower, for its windows further down).
    // The row named by its number is asked whatever else it holds (see `numberedRows`): no floor
    // is measured on it, and it comes first.
    if (!window.numbered) {
      if (window.score < lowest) break;
      if (window.base < leastFigure) continue;
      // A count of what a "how many" question counts, beside half its other terms, is its figure
      // ("You can have up to 15 items on your card at any one time", round106), in words or not.
      if (window.base < least && !window.members.some((m) => m.figure) && !countsAsked(window)) continue;
    }
    const holds = (m: Candidate) => asked.some((t) => m.terms.has(t));
    // A row beside a quoted row of its table that holds the question's terms must hold one too:
    // "| Weight | 10.5 kg |" is not quoted with "| Noise level | 39 dB(A) |" for "How loud …?".
    // Nor is one holding them only in its header beside a row that holds one in its cells and,
    // with its header and headings, all of them, or a cell the question writes whole (the row
    // asked for): "| Amlodipine tablets | … |" with "| Omeprazole capsules | … |" for "When was
    // Ruth Kettering's omeprazole last issued?" ("Last issued" heads every row), "| The Long Tide
    // | 12A | … |" with "| The Ninth Hour | 18 | … |" for "Which film … is rated 18?"; nor beside
    // the row a superlative picks ("Which is the longest film showing?").
    const first = window.members[0]!;
    if (first.kind === 'row' && !holds(first) && !extremes.has(first) && rowsOf(first).some(holds)) continue;
    if (
      first.kind === 'row' &&
      !holdsOwn(first) &&
      !extremes.has(first) &&
      rowsOf(first).some((r) => extremes.has(r) || (holdsOwn(r) && (holdsAll(r) || namesCell(r))))
    )
      continue;
    // Nor is another row of a table whose row the question names by its number ("class 3").
    if (first.kind === 'row' && !numberedAsked.has(first) && rowsOf(first).some((r) => numberedAsked.has(r)))
      continue;
    // Nor is a row whose cells hold of the question's words only some of those of a quoted row:
    // "| Red, flashing once | … |" beside "| Red, flashing twice | … |" for "What does a red light
    // flashing twice mean?"; "| New patient examination | £75.00 |" beside "| Routine examination
    // | £52.00 |" for "How much does a routine check-up cost?" (round138, after its only run).
    // The quoted row must write the whole cell, or be a sibling of the other (their labels name one
    // kind of thing, "… examination") whose label holds beyond the other's words one the question
    // does not write as a name: not "| Net income (loss) attributable to Intel |" for "What net
    // income did Intel report …?" (the company's name), nor "| Delivery of a bin to a new
    // subscriber … |" beside "| First bin |" (another thing).
    const ownAsked = (c: Candidate) => asked.filter((t) => c.own.has(t));
    const moreAsked = (r: Candidate) =>
      namesCell(r) ||
      (labelHead(first) !== undefined &&
        labelHead(first) === labelHead(r) &&
        ownAsked(r).some((t) => !first.own.has(t) && !capitalised.has(t) && r.label?.includes(t)));
    if (
      first.kind === 'row' &&
      !namesCell(first) &&
      !extremes.has(first) &&
      ownAsked(first).length > 0 &&
      rowsOf(first).some(
        (r) =>
          ownAsked(first).every((t) => r.own.has(t)) &&
          ownAsked(r).length > ownAsked(first).length &&
          moreAsked(r),
      )
    )
      continue;
    // So is a record's line holding them only in its label, which every record of its table
    // writes ("glass_175ml: £7.50" of another wine, for "How much is a glass of the Malbec?"),
    // beside a quoted record's line holding them in its value.
    if (window.members.some(labelOnly) && !window.members.some(holdsInValue) && chosen.some(holdsInValue))
      continue;
    if (fits(window.members)) chosen.push(...window.members);
  }
  // The best passage stating the condition whose outcome is asked (see `Window.condition`) is
  // quoted whatever the floors: rows a price per month makes figures ("| Airtime plan (Flex 40GB)
  // | £18.00 a month |") must not keep "When you have used your data, you can buy a 5GB Data Boost
  // …" out of "What happens if I use up all my data …?" (round107).
  const stated = ranked.find((w) => w.condition === true && w.members.every((m) => holdsOwn(m)));
  if (stated !== undefined && !stated.members.some((m) => chosen.includes(m))) chosen.push(...stated.members);
  // Nothing as good as the floor: the best passage of the first source (search's best hit that
  // cleared the relevance floor) rather than nothing.
  // A row so chosen comes with the rows of its table that score as well: the question does not
  // tell them apart ("What time does the return flight leave Faro?" of an itinerary's two flights,
  // both from or to Faro).
  if (chosen.length === 0) {
    const fallback = ranked.find((w) => w.members[0]!.source === 1) ?? ranked[0]!;
    chosen.push(...fallback.members);
    const [row] = fallback.members;
    if (fallback.members.length === 1 && row!.kind === 'row')
      for (const w of ranked) {
        const other = w.members[0]!;
        if (w.members.length !== 1 || w.score !== fallback.score || other.kind !== 'row') continue;
        if (other.source === row!.source && other.block === row!.block && fits(w.members)) chosen.push(other);
      }
  }
  // For a question asking which thing has a property, a record's line stating it is quoted with
  // its record, which says which ("Result: Abandoned (rain)" says which match only with its
  // "Date:" and "Opponent:" lines); a question asking a field's value gets the line ("When does the
  // MOT expire?": "Expiry date: 14 May 2025", not the whole certificate).
  // So is a line a question asking when names without stating a date ("city: Leeds" for "When do
  // the Lanterns play in Leeds?": its record's "date:" line answers), and a line holding of the
  // question's words only names it writes in capitals ("opponent: Harrowgate United" for "What
  // was the score when Ashby Town played Harrowgate United?": the record's "result:" answers).
  const asksWhich = ASKS_WHICH.test(question);
  const asksWhen = ASKS_WHEN.test(question);
  const names = capitalisedTerms(question);
  // Its table's header counts: "| Wednesday | 18:00 | Pilates | … |" under "| Day | Time | Class |"
  // holds "class" of "When is the Pilates class?".
  // A span for a question asking how long or how far answers it (see `scoredWindows`).
  const asksSpan = ASKS_HOW_LONG.test(question);
  const namesOnly = (m: Candidate) => {
    const held = asked.filter((t) => m.terms.has(t));
    return (
      !m.figure && !(asksSpan && m.span !== undefined) && held.length > 0 && held.every((t) => names.has(t))
    );
  };
  // So is a line without a number for a question asking how long, far or much (its record's
  // "distance (miles): 62" answers "How long is the Greenlanes spring sportive?", not "ride: Spring
  // sportive (club entry)"), and a line the question picks: the one whose bound its figure falls
  // under ("stay: up to 4 hours" with its "price: £4.50", see `boundingRows`), or one a superlative
  // or a named label picks (see `Window.extreme`).
  const asksAmount = ASKS_AMOUNT.test(question);
  const readInRecord = (c: Candidate) =>
    c.kind === 'line' &&
    (asksWhich ||
      (asksWhen && !c.dated) ||
      namesOnly(c) ||
      (asksAmount && !/\d/.test(c.text)) ||
      extremes.has(c));
  for (const c of [...chosen]) {
    if (!readInRecord(c)) continue;
    const record = ranked.find(
      (w) => w.members.length > 1 && w.members[0]!.kind === 'line' && w.members.includes(c),
    );
    for (const m of record?.members ?? []) if (!chosen.includes(m)) chosen.push(m);
  }
  for (const m of pickedRecord ?? []) if (!chosen.includes(m)) chosen.push(m);
  // A bulleted list that a sentence closing on a colon leads into is quoted whole, with that
  // sentence, when either is quoted: its items answer together ("The plan includes:" … "- one
  // emergency appointment a year"; "contact us within 6 months of the event:" … "- by phone …",
  // round105), beyond the passage limit, for a list of up to LIST_ITEMS items. Every passage is
  // read, those scoring nothing too: an item may hold none of the question's words.
  // Read only when a quote may open or belong to a list: every answer passes here.
  // Every passage of the hits, read once, when a list or a procedure's steps need them.
  let read: Candidate[] | undefined;
  const allPassages = () => (read ??= candidatesOf(hits));
  // The same passage of the same source, read apart (the candidates `allPassages` reads anew).
  const samePlace = (a: Candidate) => (b: Candidate) => a.source === b.source && a.order === b.order;
  const listed = chosen.some((c) => c.kind === 'sentence' && (LIST_ITEM.test(c.text) || /:$/.test(c.text)));
  const passages = listed ? allPassages() : [];
  const at = (source: number, order: number) =>
    passages.find((p) => p.source === source && p.order === order);
  const isChosen = (p: Candidate) => chosen.some(samePlace(p));
  for (const c of [...chosen]) {
    if (c.kind !== 'sentence') continue;
    const first = LIST_ITEM.test(c.text) ? c : listAfter(c, passages);
    if (first === undefined) continue;
    const items = passages.filter(
      (p) => p.source === first.source && p.block === first.block && LIST_ITEM.test(p.text),
    );
    if (items.length > LIST_ITEMS) continue;
    const opening = Math.min(...items.map((p) => p.order));
    // A list without a lead-in (a changelog's release notes under their heading) is of items that
    // each stand alone: "Uploads now retry 5 times" is quoted without the release's other notes.
    const leadIn = at(first.source, opening - 1);
    if (leadIn === undefined || leadIn.kind !== 'sentence' || !/:$/.test(leadIn.text)) continue;
    for (const p of [leadIn, ...items]) if (!isChosen(p)) chosen.push(p);
  }
  // A procedure's numbered steps are quoted whole and in order, beyond the passage limit, when a
  // question asks how to do what their heading or lead-in names and one of them is quoted (see
  // `procedureSteps`): "2. Ask your vet to fill in the vet's section …" alone, or before step 1,
  // does not say how to claim (round110).
  // Only the first document's steps: it is the document the search preferred (the version a time
  // cue asked for), which leads the answer (see below).
  // Not for a question reporting a fault, which the remedy for it answers (see `REPORTS_FAULT`).
  let steps: Candidate[] | undefined;
  if (ASKS_PROCEDURE.test(question) && !REPORTS_FAULT.test(question)) {
    const all = allPassages();
    for (const c of chosen) {
      if (hits[c.source - 1]?.chunk.documentId !== hits[0]?.chunk.documentId) continue;
      const title = new Set(contentTerms(hits[c.source - 1]?.chunk.headingPath[0] ?? ''));
      steps = procedureSteps(all.find(samePlace(c)) ?? c, all, asked, title);
      if (steps !== undefined) break;
    }
    for (const p of steps ?? []) if (!isChosen(p)) chosen.push(p);
  }
  // A table quoted without its bare `Total` row gets it too: the total of what the table lists
  // (the figure a question about the table's subject most often wants), beyond the row limit.
  for (const window of ranked) {
    const row = window.members[0]!;
    if (window.members.length !== 1 || row.kind !== 'row' || chosen.includes(row)) continue;
    if (TOTAL_LABEL.test(tableCells(row.text)[0] ?? '') && row.figure && rowsOf(row).length > 0)
      chosen.push(row);
  }
  // A time cue asking for one of the first document's dated sections ("When was the most recent
  // incident?" of a status page whose sections are headed by their dates) is answered from that
  // section when no quote is of a dated section of it — the section's text lacks the question's
  // words (the page names its entries "incidents" in its introduction only): its best window is
  // quoted, labelled with its heading and leading (see `orderByPeriod`). Where quotes are of
  // dated sections, those hold the topic, and the newest of them is what the cue asks for (a
  // changelog's newest release may not mention it).
  const firstDocumentId = hits[0]?.chunk.documentId;
  const askedSource = askedSection(question, hits);
  const section = chosen.some(
    (c) => hits[c.source - 1]?.chunk.documentId === firstDocumentId && sectionDate(hits[c.source - 1]),
  )
    ? undefined
    : askedSource;
  if (section !== undefined) {
    const window = ranked.find((w) => w.members[0]!.source === section && fits(w.members));
    if (window) chosen.push(...window.members);
  }
  // A question about the first document's revisions ("When was the policy last revised?", "What
  // changed in version 2.0?") is answered by the row of its revision history it asks for (see
  // `askedRevision`), which holds none of the question's words: quoted beyond the row limit and
  // leading.
  const revision = askedRevision(question, hits);
  const same = (c: Candidate) => c.kind === 'row' && c.source === revision?.source && c.text === revision.row;
  const revisionRow = revision
    ? (chosen.find(same) ?? ranked.flatMap((w) => w.members).find(same) ?? candidatesOf(hits).find(same))
    : undefined;
  if (revisionRow && !chosen.some((c) => c.source === revisionRow.source && c.order === revisionRow.order))
    chosen.push(revisionRow);
  chosen.sort((a, b) => a.source - b.source || a.order - b.order);

  // Consecutive rows of one table, and consecutive passages of one source, are quoted together.
  const grouped: Array<{ source: number; passages: Candidate[] }> = [];
  for (const c of chosen) {
    const last = grouped.at(-1);
    const sameTable =
      last && c.kind === 'row' && last.passages[0]!.kind === 'row' && last.passages[0]!.block === c.block;
    const sameProse =
      last &&
      c.kind !== 'row' &&
      last.passages[0]!.kind !== 'row' &&
      last.passages.at(-1)!.reference === c.reference;
    if (last && last.source === c.source && (sameTable || sameProse)) last.passages.push(c);
    else grouped.push({ source: c.source, passages: [c] });
  }
  // For a factual question, quotes that only suppose follow those that state; quotes made only of
  // reference material (an index, a certification, a cross-reference) come last: they never lead.
  const referring = (u: { passages: Candidate[] }) => u.passages.every((p) => p.reference);
  const supposing = (u: { passages: Candidate[] }) => factual && u.passages.every((p) => p.supposing);
  // The answer leads with its best quote of the first source (search's best specific hit of the
  // preferred documents), or of a passage stating the kind of thing asked in another chunk of its
  // document (see `Window.statesAsked`: a row the question names, a manual's specification table
  // below the paragraph that shares the question's words; a date, for a question asking when; a
  // count of what a "how many" question counts, see `Window.counts`): the
  // best-scoring window that states (not reference material, not a supposition for a factual
  // question) — a table with all its quoted rows, a sentence or window on its own — then the rest
  // in source and document order. Any passage of the document was measured to lead worse: a
  // minutes' title line naming the meeting asked about outranks the decision it took.
  const firstDocument = hits[0]?.chunk.documentId;
  const quotable = (w: Window) =>
    w.members.every((m) => chosen.includes(m)) &&
    !w.members.some((m) => m.reference) &&
    !(factual && w.members.every((m) => m.supposing));
  const ofFirstDocument = (w: Window) => hits[w.members[0]!.source - 1]?.chunk.documentId === firstDocument;
  // A count question's answer: a window of the first document counting what is asked beside half
  // the question's other terms leads when the first source's best quote does not ("Dexolin comes
  // in packs of 16 and 24 tablets", or "Each tablet contains 200 mg", for "How many tablets can an
  // adult take in 24 hours?"; see `Window.counts`).
  const firstCounts = ranked.find((w) => w.members[0]!.source === 1 && quotable(w))?.counts ?? -1;
  const countsBeside = (w: Window) => countsAsked(w) && firstCounts < 0.5;
  // So does one of the first document's windows scoring {@link LEAD_MARGIN} times the first
  // source's best (the row naming Isla Grant in the results table under the chunk of the gala's
  // notes that the search ranked first, whose best sentence names only the gala).
  const firstBest = ranked.find((w) => w.members[0]!.source === 1 && quotable(w))?.score ?? 0;
  const firstLead = ranked.find(
    (w) =>
      (w.members[0]!.source === 1 ||
        ((w.statesAsked === true ||
          countsBeside(w) ||
          (firstBest > 0 && w.score >= LEAD_MARGIN * firstBest)) &&
          ofFirstDocument(w))) &&
      quotable(w),
  );
  // A count of what is asked beside half the question's other terms leads over the first
  // source's best quote when that counts nothing and states nothing asked ("| DVDs and Blu-ray
  // discs | 1 week | … |" for "How many items can I have out at once …?", round106): the sentence
  // "You can have up to 15 items on your card …" of its chunk leads.
  // A sentence stating the condition whose outcome is asked leads over one that does not ("If you
  // lose or damage an item, you will be charged …" over "Members can borrow e-books …" for "What
  // happens if I lose a book I borrowed …?", round106).
  // So it does when the first source gives no quote to lead (round129).
  const conditional =
    firstLead?.condition !== true
      ? ranked.find((w) => w.condition === true && ofFirstDocument(w) && quotable(w))
      : undefined;
  const bestLead =
    conditional ??
    (firstLead?.counts === undefined && firstLead?.statesAsked !== true
      ? ranked.find((w) => countsBeside(w) && ofFirstDocument(w) && quotable(w))
      : undefined) ??
    firstLead;
  // A quote holding of the question's words only the name it writes in capitals, with no figure
  // ("Employee: Tomasz Wilk." for "What was Tomasz Wilk's net pay?"), says whose, not what: the
  // first document's best quote holding another of its words leads instead ("Net pay: £2,175.32").
  // So does one holding none of them but under the document's title ("Seven weeks on site." under
  // "Timing", for "How big is the room in the latest garden room proposal?").
  const holdsNone = (m: Candidate) => !m.figure && !asked.some((t) => m.terms.has(t) || m.section.has(t));
  const onlyNamed = (w: Window) => w.members.every((m) => namesOnly(m) || holdsNone(m));
  const leading = (
    bestLead !== undefined && onlyNamed(bestLead)
      ? (ranked.find((w) => ofFirstDocument(w) && quotable(w) && !onlyNamed(w)) ?? bestLead)
      : bestLead
  )?.members;
  // A record's line leads with its record's lines, when they are quoted with it (see above); a
  // picked record leads whole.
  const lead = pickedRecord
    ? chosen.filter((c) => pickedRecord.includes(c))
    : leading?.[0] !== undefined && readInRecord(leading[0])
      ? chosen.filter(
          (c) => c.kind === 'line' && c.source === leading[0]!.source && c.block === leading[0]!.block,
        )
      : leading;
  // The steps lead together, in order: they are what a question asking how is answered by.
  const stepsLead = steps?.map((s) => chosen.find(samePlace(s))!);
  const leads = stepsLead ?? lead;
  const led =
    leads === undefined
      ? grouped
      : leads[0]!.kind === 'row'
        ? [
            ...grouped.filter((u) => u.passages.includes(leads[0]!)),
            ...grouped.filter((u) => !u.passages.includes(leads[0]!)),
          ]
        : [
            { source: leads[0]!.source, passages: leads },
            ...grouped
              .map((u) => ({ ...u, passages: u.passages.filter((p) => !leads.includes(p)) }))
              .filter((u) => u.passages.length > 0),
          ];
  const revised =
    revisionRow === undefined
      ? led
      : [
          ...led.filter((u) => u.passages.includes(revisionRow)),
          ...led.filter((u) => !u.passages.includes(revisionRow)),
        ];
  const stating = [
    ...revised.filter((u) => !referring(u) && !supposing(u)),
    ...revised.filter((u) => !referring(u) && supposing(u)),
    ...revised.filter(referring),
  ];
  // Quotes of several periods lead with the one asked for, each saying its period.
  const ordered = orderByPeriod(question, hits, stating, askedSource);
  const cited = [...new Set(ordered.units.map((u) => u.source))];
  return { text: render(ordered.units, ordered.labels), cited };
}
