/**
 * Which documents a question prefers for when they are from. A question that names a period ("Q3
 * 2023", "the third quarter of fiscal 2023", "fiscal 2022", "as of June 2023") prefers the
 * documents of that period; a question with a recency cue ("latest", "most recent", "last
 * quarter") prefers the newest document of each series it is about. The preference is a soft
 * boost the retriever fuses in beside the other rankings — as Elasticsearch's date decay functions
 * add to a relevance score and LlamaIndex's recency postprocessors reorder retrieved nodes by date
 * — so it never overrides a document that alone holds the answer: it only reorders close
 * candidates and adds the preferred documents' best passages.
 * @module
 */
import type { DocumentIdentityIndex } from './document-identity.js';

/** A period a question names. */
export interface AskedPeriod {
  year: number;
  /** 1–4 when a quarter is named. */
  quarter?: number;
  /** 1–12 when a month is named. */
  month?: number;
  /** The words that named it. */
  text: string;
}

/** What a question asks of time. */
export interface TimeCue {
  period?: AskedPeriod;
  /** True when the question asks for the newest ("latest", "most recent", "current quarter"). */
  recency: boolean;
  /** The recency words, when `recency`. */
  recencyText?: string;
}

const ORDINAL: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  '1st': 1,
  '2nd': 2,
  '3rd': 3,
  '4th': 4,
};
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const YEAR = String.raw`((?:19|20)\d\d)`;
/** A year of four digits, or of two after `FY`, `fiscal` or an apostrophe (`FY23`, `Q3'23`). */
const SHORT_YEAR = String.raw`(?:(?:(?:fiscal|fy)\s*(?:year\s+)?|['’])?((?:19|20)\d\d)|(?:(?:fiscal|fy)\s*(?:year\s+)?|['’])(\d\d))`;

const QUARTER_PATTERNS: RegExp[] = [
  // Q3 2023, Q3 FY2023, Q3 of fiscal 2023, Q3'23, 3Q23
  new RegExp(String.raw`\bq([1-4])\s*(?:of\s+)?${SHORT_YEAR}\b`, 'i'),
  new RegExp(String.raw`\b([1-4])q\s*${SHORT_YEAR}\b`, 'i'),
  // 2023 Q3, FY2023 Q3
  new RegExp(String.raw`\b(?:fy\s*)?${YEAR}\s*[-/]?\s*q([1-4])\b`, 'i'),
  // the third quarter of (fiscal) 2023, 3rd quarter 2023
  new RegExp(
    String.raw`\b(first|second|third|fourth|1st|2nd|3rd|4th)\s+(?:fiscal\s+)?quarter\s+(?:of\s+)?(?:(?:fiscal|fy)\s*(?:year\s+)?)?${YEAR}\b`,
    'i',
  ),
];

const MONTH_PATTERN = new RegExp(
  String.raw`\b(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+(?:\d{1,2}(?:st|nd|rd|th)?,?\s+)?${YEAR}\b`,
  'i',
);
const YEAR_PATTERN = new RegExp(
  String.raw`\b(?:(?:fiscal|fy|financial)\s*(?:year\s+)?(?:((?:19|20)\d\d)|(\d\d))|(?:in|for|during|of)\s+(?:the\s+)?(?:(?:calendar|fiscal)\s+)?(?:year\s+)?${YEAR})\b`,
  'i',
);

/**
 * Recency cues: words that ask for the newest version of something. "Current" counts only before
 * a word for a period or a document, directly or across up to two words that say which one
 * ("current quarter", "current version", "the current travel policy", "current employee
 * handbook"), since "current assets" and "the current portion of debt" ask for no date.
 */
const RECENCY =
  /\b(latest|most\s+recent(?:ly)?|newest|recent|up[-\s]to[-\s]date|(?:current|this|last|past)\s+(?:[a-z][a-z'’-]*\s+){0,2}?(?:quarter|year|period|version|edition|release|report|filing|policy|document|update|revision|handbook|manual|guide|guidelines|notes|terms|agreement|plan|standard|procedure)|currently\s+in\s+(?:effect|force)|in\s+(?:effect|force)\s+(?:now|today)|as\s+it\s+stands)\b/i;

function fullYear(text: string): number {
  const n = Number(text);
  return text.length === 2 ? 2000 + n : n;
}

/** The period and recency cue of a question; see the module comment for the forms read. */
export function timeCue(question: string): TimeCue {
  let period: AskedPeriod | undefined;
  for (const [i, pattern] of QUARTER_PATTERNS.entries()) {
    const m = pattern.exec(question);
    if (!m) continue;
    const [quarter, year] =
      i === 2
        ? [Number(m[2]), fullYear(m[1]!)]
        : i === 3
          ? [ORDINAL[m[1]!.toLowerCase()]!, fullYear(m[2]!)]
          : [Number(m[1]), fullYear((m[2] ?? m[3])!)];
    period = { year, quarter, text: m[0] };
    break;
  }
  if (!period) {
    const m = MONTH_PATTERN.exec(question);
    if (m)
      period = { year: Number(m[2]), month: MONTHS.indexOf(m[1]!.slice(0, 3).toLowerCase()) + 1, text: m[0] };
  }
  if (!period) {
    const m = YEAR_PATTERN.exec(question);
    if (m) period = { year: fullYear((m[1] ?? m[2] ?? m[3])!), text: m[0] };
  }
  const recency = RECENCY.exec(question);
  // "last quarter" with a named period is that period's neighbour, not the newest document.
  const cue: TimeCue = { recency: recency !== null && period === undefined };
  if (period) cue.period = period;
  if (cue.recency) cue.recencyText = recency![0];
  return cue;
}

/**
 * The words of `question` that may name documents (see `DocumentIdentityIndex.named`): all of
 * them, less the date a period cue states ("the quarter ended December 31, 2022", "as of June 30,
 * 2023"). A stated date says when the asked period ends, which the time preference matches
 * against each document's own date; its year is no label: a file named for fiscal 2023 (or for
 * the quarter it was filed in) may cover a quarter that ends in December 2022, and a name with
 * the date's year would draw the focus to the wrong version. Quarter and year labels ("Q1 2023",
 * "fiscal 2022") are the vocabulary of names and stay.
 */
export function namingWords(question: string, cue: TimeCue): string {
  const period = cue.period;
  if (period?.month === undefined) return question;
  return question.replace(period.text, ' ');
}

/** Why a document is preferred, for `--explain` and the JSON report. */
export interface Preference {
  documentId: string;
  kind: 'period' | 'recency';
  reason: string;
}

/** The quarter (1–4) and year a date falls in, read two weeks earlier (a 52/53-week quarter ending July 1 is the June quarter). */
function calendarQuarter(iso: string): { year: number; quarter: number; month: number } {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 14);
  return {
    year: date.getUTCFullYear(),
    quarter: Math.floor(date.getUTCMonth() / 3) + 1,
    month: date.getUTCMonth() + 1,
  };
}

/** Period labels a document's name or title states: `2023 Q3`, `Q3-2023`, `FY2023 Q3`. */
function labelledQuarters(text: string): Array<{ year: number; quarter: number }> {
  const out: Array<{ year: number; quarter: number }> = [];
  const flat = text.replace(/[_\-./\\]+/g, ' ');
  for (const m of flat.matchAll(
    /\b(?:fy\s*)?((?:19|20)\d\d)\s*q([1-4])\b|\bq([1-4])\s*(?:fy\s*)?((?:19|20)\d\d)\b/gi,
  )) {
    out.push(
      m[1] ? { year: Number(m[1]), quarter: Number(m[2]) } : { year: Number(m[4]), quarter: Number(m[3]) },
    );
  }
  return out;
}

/**
 * How a document matches an asked period: `label` when its name, title or stated fiscal label
 * says that period (`2023 Q3 ….pdf`, "third quarter of fiscal 2023"), `date` when only its date
 * falls in it, undefined otherwise. Labels win over dates because fiscal calendars differ from
 * the calendar: a filing labelled fiscal Q1 2023 may end on December 31, 2022.
 */
function periodMatch(
  index: DocumentIdentityIndex,
  documentId: string,
  asked: AskedPeriod,
): 'label' | 'date' | undefined {
  const document = index.document(documentId);
  const period = document?.metadata?.period;
  const stated =
    period && typeof period === 'object' && !Array.isArray(period)
      ? { year: period.fiscalYear, quarter: period.fiscalQuarter }
      : {};
  const labels = labelledQuarters(`${documentId} ${document?.title ?? ''}`);
  if (typeof stated.year === 'number' && typeof stated.quarter === 'number') {
    labels.push({ year: stated.year, quarter: stated.quarter });
  }
  if (asked.quarter !== undefined) {
    if (labels.some((l) => l.year === asked.year && l.quarter === asked.quarter)) return 'label';
  } else if (asked.month === undefined && labels.some((l) => l.year === asked.year)) return 'label';
  if (asked.month === undefined && typeof stated.year === 'number' && stated.year === asked.year)
    return 'label';
  const date = index.date(documentId);
  if (!date) return undefined;
  const at = calendarQuarter(date);
  if (asked.quarter !== undefined)
    return at.year === asked.year && at.quarter === asked.quarter ? 'date' : undefined;
  if (asked.month !== undefined) {
    const [year, month] = date.split('-').map(Number);
    return year === asked.year && month === asked.month ? 'date' : undefined;
  }
  return at.year === asked.year ? 'date' : undefined;
}

/** Inputs of {@link preferredDocuments}. */
export interface PreferenceInput {
  cue: TimeCue;
  index: DocumentIdentityIndex;
  /** The documents the question names (document focus), best first. */
  named: readonly string[];
  /** The documents of the best hits before any preference, best first (the series a question is about when it names none). */
  ranked: readonly string[];
}

/** Documents of the series a question is about: those it names, else the best hit's. */
function seriesInQuestion(input: PreferenceInput): string[][] {
  const seeds = input.named.length > 0 ? input.named : input.ranked.slice(0, 1);
  const seen = new Set<string>();
  const out: string[][] = [];
  for (const id of seeds) {
    const members = input.index.series(id);
    const key = members[0] ?? id;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(members.length > 0 ? members : [id]);
  }
  return out;
}

/**
 * The documents a question's time cue prefers, with why. For a period: among the documents it
 * names (all documents when it names none), those whose label states the period, else those whose
 * date falls in it. For a recency cue: the newest dated document of each series the question is
 * about (see `seriesInQuestion`), when that series has two dated documents or more. Empty when
 * the cue prefers nothing.
 */
export function preferredDocuments(input: PreferenceInput): Preference[] {
  const { cue, index } = input;
  if (cue.period) {
    const asked = cue.period;
    const pool = input.named.length > 0 ? [...new Set(seriesInQuestion(input).flat())] : index.documentIds();
    const matches = pool.map((id) => ({ id, how: periodMatch(index, id, asked) }));
    const labelled = matches.filter((m) => m.how === 'label');
    const chosen = labelled.length > 0 ? labelled : matches.filter((m) => m.how === 'date');
    // A period every document matches prefers none of them.
    if (chosen.length === 0 || chosen.length === pool.length) return [];
    return chosen.map((m) => ({
      documentId: m.id,
      kind: 'period',
      reason:
        m.how === 'label'
          ? `its name or label states the period asked for ("${asked.text}")`
          : `its date (${index.date(m.id)}) falls in the period asked for ("${asked.text}")`,
    }));
  }
  if (!cue.recency) return [];
  const out: Preference[] = [];
  for (const members of seriesInQuestion(input)) {
    const dated = members.filter((id) => index.date(id) !== undefined);
    if (dated.length < 2) continue;
    const newest = dated.reduce((a, b) => (index.date(b)! > index.date(a)! ? b : a));
    out.push({
      documentId: newest,
      kind: 'recency',
      reason: `newest (${index.date(newest)}) of the ${dated.length} dated documents of its series, for "${cue.recencyText}"`,
    });
  }
  return out;
}
