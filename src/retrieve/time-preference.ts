/**
 * Which documents a question prefers for when they are from. A question that names a period ("Q3
 * 2023", "the third quarter of fiscal 2023", "fiscal 2022", "as of June 2023") prefers the
 * documents of that period; a question with a recency cue ("latest", "most recent", "last
 * quarter") prefers the newest document of each series it is about; a question stating a date a
 * version is asked at ("as of March 15, 2024", "in force on …", "before the July 2023 revision")
 * prefers the version of each series in force then — the newest dated on or before it, not the
 * nearest — and "the previous version" the one before the newest. The preference is a soft
 * boost the retriever fuses in beside the other rankings — as Elasticsearch's date decay functions
 * add to a relevance score and LlamaIndex's recency postprocessors reorder retrieved nodes by date
 * — so it never overrides a document that alone holds the answer: it only reorders close
 * candidates and adds the preferred documents' best passages. The retriever then moves a recency
 * preference to the newest version that holds the question's topic when the newest lacks it (see
 * `topicalRecency` in `series-topic.ts`).
 * @module
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  lastDay,
  parseWrittenDate,
  seasonSpan,
  splitYearEnd,
  WRITTEN_DATE,
} from '../ingest/document-date.js';
import {
  type DocumentIdentityIndex,
  fileBase,
  LABEL_WORD,
  namesVersion,
  ORDINAL_WORDS,
  ordinalNumber,
  SPAN_WORDS,
  versionLabel,
} from './document-identity.js';
import { isIdentityTerm } from './name-terms.js';
import { contentTerms, isStopWord, wordTokens } from './terms.js';

/** A period a question names. */
export interface AskedPeriod {
  year: number;
  /** 1–4 when a quarter is named. */
  quarter?: number;
  /** 1–12 when a month is named. */
  month?: number;
  /**
   * 1–31 when a day of the month is written too ("the week ending 12 April 2024", "19/04/2024"):
   * among the documents of the month, those dated that day are preferred when there are any.
   */
  day?: number;
  /**
   * True when the question says the year or quarter is fiscal ("fiscal 2022", "Q2 FY2023"): it is
   * read in the fiscal calendar a document states (see `fiscalPeriod`), not the calendar year.
   */
  fiscal?: boolean;
  /**
   * True when the question says the quarter or year is the calendar's ("calendar Q4 2022"): it is
   * matched by the documents' dates, not by labels (which may be fiscal) nor a fiscal calendar.
   */
  calendar?: boolean;
  /** 1 or 2 when a half-year is named ("H1 2023", "the first half of fiscal 2024"); `quarter` is then its last quarter (2 or 4). */
  half?: number;
  /**
   * A span of days the period's end falls in, when a season is named ("the quarter that ended in
   * spring 2023": March 1 to May 31, 2023; see `seasonSpan` in document-date.ts); `year` is the span's first year.
   */
  range?: { start: string; end: string };
  /**
   * Years back from the newest year of the documents the question is about, when the year is
   * named relative to it ("this year's second quarter": 0, "last year's third quarter": 1);
   * `year` is then 0 until the preference resolves it (see `preferredDocuments`).
   */
  yearsBack?: number;
  /**
   * True when a month is named without its year ("the September meeting"): the latest such month
   * up to the newest date of the documents the question is about — that year's when the newest is
   * dated in or after the month, else the year before (see `resolvedPeriod`).
   */
  latestMonth?: true;
  /**
   * `first` or `last` when the question asks for the first or last document of the period ("its
   * first quarterly report of 2023", "the last 10-Q of 2022"): the oldest or newest of each
   * series among the documents of the period.
   */
  pick?: 'first' | 'last';
  /** The words that named it. */
  text: string;
}

/**
 * A date a question states for a version to be in force at, before or after: "as of June 2023",
 * "on 10 January 2023", "in force on January 15, 2023", "before the July 2023 revision", "after
 * the April 2024 price change".
 */
export interface AskedDate {
  /** ISO `YYYY-MM-DD`: the day stated, or the first day of the month stated. */
  start: string;
  /** ISO `YYYY-MM-DD`: the day stated, or the last day of the month stated. */
  end: string;
  /**
   * `in-force` ("as of", "on", "in force on", "effective in"): the newest version dated on or
   * before `end`; `before` ("before", "prior to"): the newest dated before `start`; `after`
   * ("after", "following"): the earliest dated on or after `start`; `issued` ("filed in August
   * 2023", "published in the autumn of 2023", "released in spring 2024"): a version dated between
   * `start` and `end`, or a report whose period ended shortly before it was issued then (see
   * `issuedPreferences`).
   */
  relation: 'in-force' | 'before' | 'after' | 'issued';
  /** The words that stated it. */
  text: string;
}

/** What a question asks of time. */
export interface TimeCue {
  period?: AskedPeriod;
  /** True when the question asks for the newest ("latest", "most recent", "current quarter"). */
  recency: boolean;
  /** The recency words, when `recency`. */
  recencyText?: string;
  /** A date the version asked for is in force at, or was replaced before or after. */
  at?: AskedDate;
  /**
   * True when the question asks for the version before the newest ("the previous version", "the
   * release before the latest one"); `recency` is then false.
   */
  previous?: boolean;
  /** The words that asked for the previous version, when `previous`. */
  previousText?: string;
  /**
   * A version counted from one end of its series: from the newest, `steps` versions back ("the
   * previous version", "the 10-Q before its latest one", "the second-to-last release": 1; "two
   * reports before the latest": 2) or `months` back in time ("the quarter a year before its most
   * recent one": 12); from the oldest, `steps` versions on ("the earliest report", "the oldest
   * release notes": 0). Set with `previous` (and `previousText`, its words) whenever it counts
   * back from the newest; `recency` is then false.
   */
  position?: SeriesPosition;
  /**
   * A version counted from the one of the named `period`: `steps` versions after (positive) or
   * before (negative) it ("the 10-Q immediately after the one for Q3 2022": 1; "the filing before
   * its March 2023 quarter one": -1), or `months` after or before its date ("the 10-Q two quarters
   * after Q3 2022": 6).
   */
  periodStep?: PeriodStep;
}

/** A position counted from the version of a named period (see {@link TimeCue.periodStep}). */
export interface PeriodStep {
  /** Versions after (positive) or before (negative) the period's; 0 when `months` says how far. */
  steps: number;
  /** Months after (positive) or before (negative) the period's version's date. */
  months?: number;
  /** The words that asked for it. */
  text: string;
}

/** Where in its series a question asks for a version (see {@link TimeCue.position}). */
export interface SeriesPosition {
  from: 'newest' | 'oldest';
  /** Versions counted from that end (0: the end itself); 0 when `months` says how far back. */
  steps: number;
  /** Months back in time from the newest version's date, for an offset ("a year before its latest one"). */
  months?: number;
  /**
   * Days back in time from the newest version's date, for an offset in weeks ("two weeks before
   * the latest bulletin": 14); `steps` is then 0.
   */
  days?: number;
  /** The words that asked for it. */
  text: string;
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
/** A month's full name (the source of a regular expression, one group). */
const FULL_MONTH = '(january|february|march|april|may|june|july|august|september|october|november|december)';

/** The month (1–12) a month's name or its abbreviation names. */
function monthNumber(word: string): number {
  return MONTHS.indexOf(word.slice(0, 3).toLowerCase()) + 1;
}
const YEAR = String.raw`((?:19|20)\d\d)`;
/** A year of four digits, or of two after `FY`, `fiscal` or an apostrophe (`FY23`, `Q3'23`). */
const SHORT_YEAR = String.raw`(?:(?:(?:fiscal|fy)\s*(?:year\s+)?|['’])?((?:19|20)\d\d)|(?:(?:fiscal|fy)\s*(?:year\s+)?|['’])(\d\d))`;

const ORDINAL_WORD = '(first|second|third|fourth|1st|2nd|3rd|4th)';

/** Whose fiscal year a period names, before "fiscal" ("the first quarter of *its* fiscal 2023"). */
const WHOSE_FISCAL = String.raw`(?:(?:its|their|our|the)\s+(?=fiscal|fy|financial))`;

/** Readers of a quarter a question names: the pattern and the quarter (1–4) and year its match gives. */
const QUARTER_PATTERNS: Array<{ pattern: RegExp; read: (m: RegExpExecArray) => [number, number] }> = [
  // Q3 2023, Q3 FY2023, Q3 of fiscal 2023, Q3 of its fiscal 2023, Q3'23, 3Q23
  {
    pattern: new RegExp(String.raw`\bq([1-4])\s*(?:of\s+)?(?:${WHOSE_FISCAL})?${SHORT_YEAR}\b`, 'i'),
    read: (m) => [Number(m[1]), fullYear((m[2] ?? m[3])!)],
  },
  {
    pattern: new RegExp(String.raw`\b([1-4])q\s*${SHORT_YEAR}\b`, 'i'),
    read: (m) => [Number(m[1]), fullYear((m[2] ?? m[3])!)],
  },
  // Q2-2023, Q1/2023, Q3-23, 3Q23, 3Q-2023: a quarter and its year joined by a dash or a slash,
  // or a two-digit year written right after "3Q"
  {
    pattern: new RegExp(String.raw`\bq([1-4])\s*[-/–]\s*(?:${YEAR}|(\d\d))\b`, 'i'),
    read: (m) => [Number(m[1]), fullYear((m[2] ?? m[3])!)],
  },
  {
    pattern: new RegExp(String.raw`\b([1-4])q\s*[-/–]?\s*(?:${YEAR}|(\d\d))\b`, 'i'),
    read: (m) => [Number(m[1]), fullYear((m[2] ?? m[3])!)],
  },
  // 2023 Q3, FY2023 Q3, FY23 Q2
  {
    pattern: new RegExp(String.raw`\b(?:fy\s*)?${YEAR}\s*[-/]?\s*q([1-4])\b`, 'i'),
    read: (m) => [Number(m[2]), fullYear(m[1]!)],
  },
  {
    pattern: /\bfy\s*['’]?(\d\d)\s*[-/]?\s*q([1-4])\b/i,
    read: (m) => [Number(m[2]), fullYear(m[1]!)],
  },
  // the third quarter of (fiscal) 2023, 3rd quarter 2023, the second-quarter of 2023, the first
  // quarter of its fiscal 2023
  {
    pattern: new RegExp(
      String.raw`\b${ORDINAL_WORD}[-\s]+(?:fiscal[-\s]+)?quarter\s+(?:of\s+)?(?:${WHOSE_FISCAL}?(?:fiscal|fy|financial)\s*(?:year\s+)?)?${YEAR}\b`,
      'i',
    ),
    read: (m) => [ORDINAL[m[1]!.toLowerCase()]!, fullYear(m[2]!)],
  },
  // Q1 of its 2024 fiscal year, the first quarter of the 2024 fiscal year
  {
    pattern: new RegExp(
      String.raw`\b(?:q([1-4])|${ORDINAL_WORD}[-\s]+quarter)\s+of\s+(?:its|the|their|our)\s+${YEAR}\s+(?:fiscal|financial)\s+year\b`,
      'i',
    ),
    read: (m) => [m[1] ? Number(m[1]) : ORDINAL[m[2]!.toLowerCase()]!, fullYear(m[3]!)],
  },
];

/**
 * Readers of a half-year: "H1 2023", "2023 H1", "H2 FY23", "H1-2024", "1H23", "2H 2023", "the first
 * half of (fiscal) 2024", "the first six months of 2023".
 */
const HALF_PATTERNS: Array<{ pattern: RegExp; read: (m: RegExpExecArray) => [number, number] }> = [
  {
    pattern: new RegExp(String.raw`\bh([12])\s*(?:of\s+)?${SHORT_YEAR}\b`, 'i'),
    read: (m) => [Number(m[1]), fullYear((m[2] ?? m[3])!)],
  },
  {
    pattern: new RegExp(String.raw`\bh([12])\s*[-/–]\s*(?:${YEAR}|(\d\d))\b`, 'i'),
    read: (m) => [Number(m[1]), fullYear((m[2] ?? m[3])!)],
  },
  {
    pattern: new RegExp(String.raw`\b([12])h\s*[-/–]?\s*(?:(?:fy\s*)?${YEAR}|(?:fy\s*)?(\d\d))\b`, 'i'),
    read: (m) => [Number(m[1]), fullYear((m[2] ?? m[3])!)],
  },
  {
    pattern: new RegExp(String.raw`\b(?:fy\s*)?${YEAR}\s*[-/]?\s*h([12])\b`, 'i'),
    read: (m) => [Number(m[2]), fullYear(m[1]!)],
  },
  {
    pattern: new RegExp(
      String.raw`\b(first|second|1st|2nd)[-\s]+(?:half|six\s+months)\s+(?:of\s+)?(?:the\s+)?(?:(?:fiscal|fy|financial)\s*(?:year\s+)?)?${YEAR}\b`,
      'i',
    ),
    read: (m) => [ORDINAL[m[1]!.toLowerCase()]!, fullYear(m[2]!)],
  },
];

/**
 * A quarter or half named by a year relative to the newest the documents hold: "this year's
 * second-quarter filing", "last year's third quarter", "Q3 of last year", "the first half of
 * this year". Groups: the relative word before, the quarter (`q3` or ordinal) or half, the
 * relative word after.
 */
const RELATIVE_YEAR_PERIOD = new RegExp(
  String.raw`\b(?:(this|last|previous|prior|past)\s+year['’]s\s+(?:(?:fiscal|calendar)[-\s]+)?)?(?:q([1-4])|${ORDINAL_WORD}[-\s]+quarter|h([12])|(first|second)[-\s]+half)\b(?:\s+(?:of\s+)?(this|last|the\s+(?:previous|prior|past))\s+year\b)?`,
  'i',
);

/** "the March-quarter report of 2023", "the December quarter of 2021", "the 2023 June quarter": the quarter ending in that month. */
const MONTH_QUARTER = new RegExp(
  String.raw`\b(?:(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)[-\s]+quarter(?:[-\s]+(?:report|filing|results|numbers|statements?))?\s+(?:of|in|for)\s+${YEAR}|${YEAR}\s+(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)[-\s]+quarter)\b`,
  'i',
);

/** A date in numbers with a two- or four-digit year: "QE 9/30/22", "as of 06/30/2023" (month first unless the first number exceeds 12). */
const NUMERIC_DATE = /\b(\d{1,2})\/(\d{1,2})\/(\d\d(?:\d\d)?)\b/;

/**
 * "in spring 2023", "the autumn of 2022", "during the summer of 2023": a season and its year (of a
 * fashion season, "spring/summer 2024", "autumn/winter 2023", the second: it ends later). A
 * bare "fall 2023" needs "in", "the" or another preposition before it ("revenue fall" is a verb).
 */
const SEASON = new RegExp(
  String.raw`\b(?:(in|during|over|through|for|of|by)\s+)?(the\s+)?(?:(?:spring|autumn|fall)\s*\/\s*)?(spring|summer|autumn|fall|winter)(?:\s+of)?\s+${YEAR}\b`,
  'i',
);

/**
 * The day of the month a month's match (see `MONTH_PATTERN`) writes, within it ("April 12, 2024")
 * or just before it ("12 April 2024", "the 12th of April 2024"); undefined when none.
 */
function writtenDay(question: string, match: RegExpExecArray): number | undefined {
  const within = /\s(\d{1,2})(?:st|nd|rd|th)?,?\s+(?:19|20)\d\d$/i.exec(match[0]);
  const before = /\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?$/i.exec(question.slice(0, match.index));
  const day = Number((within ?? before)?.[1]);
  return day >= 1 && day <= 31 ? day : undefined;
}

/** "early 2023" (January to April), "late 2022" (September to December): a span of a year's months. */
const EARLY_LATE = new RegExp(String.raw`\b(early|late)[-\s]+(?:in\s+)?${YEAR}\b`, 'i');

const MONTH_PATTERN = new RegExp(
  String.raw`\b(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+(?:\d{1,2}(?:st|nd|rd|th)?,?\s+)?${YEAR}\b`,
  'i',
);
/**
 * A fiscal (financial, academic) year written as the two calendar years it spans: "2022/23",
 * "2021-22", "FY2023/24", "fiscal 2022–23", "the 2023-2024 financial year", "the 2023 to 2024 tax
 * year" (with "to", only before a fiscal word: "from 2023 to 2024" is a range). Groups: a fiscal word,
 * the first year, the second (two or four digits; it must be the year after the first), a fiscal
 * word after. Such a year is named by the year it ends in, as fiscal years are (a year ended 31
 * March 2023 is "2022/23" and fiscal 2023): see {@link splitYear}.
 */
const SPLIT_YEAR = new RegExp(
  String.raw`\b(?:(fiscal|fy|financial|academic)\s*(?:year\s+)?)?${YEAR}\s*(?:[-/–—]|\s+to\s+)\s*((?:19|20)?\d\d)\b(?:\s+(?:[a-z]+\s+)?(fiscal|financial|academic|tax)\s+year)?`,
  'i',
);

/**
 * The fiscal year a question names by the two calendar years it spans (see {@link SPLIT_YEAR}):
 * the year it ends in. Two four-digit years ("2023-2024") name one fiscal year only with a fiscal
 * word before or after them; otherwise they are a span of two years.
 */
function splitYear(question: string): AskedPeriod | undefined {
  for (const m of question.matchAll(new RegExp(SPLIT_YEAR, 'gi'))) {
    const year = splitYearEnd(m[2]!, m[3]!);
    if (year === undefined || (m[3]!.length === 4 && !m[1] && !m[4])) continue;
    return { year, fiscal: true, text: m[0] };
  }
  return undefined;
}

const YEAR_PATTERN = new RegExp(
  String.raw`\b(?:(?:fiscal|fy|financial)\s*(?:year\s+)?(?:((?:19|20)\d\d)|(\d\d))|(?:in|for|during|of)\s+(?:the\s+)?(?:(?:calendar|fiscal)\s+)?(?:year\s+)?${YEAR})\b`,
  'i',
);

/**
 * What a blog, a site or an office publishes, or a supplier sends, one after another (see
 * `DOCUMENT_NOUNS`): "the previous bill". Not "invoice": "how many invoices were sent" asks
 * of the content of a company's documents; a collection of invoices names them so (see
 * `DocumentIdentityIndex.seriesNouns`).
 */
const PUBLISHED_NOUNS = [
  'post',
  'article',
  'announcement',
  'memo',
  'memorandum',
  'letter',
  'circular',
  'briefing',
  'digest',
  'email',
  'e-mail',
  'bill',
  'paper',
  'study',
  'judgment',
  'judgement',
  'warning',
];

/**
 * Words of the present: what holds "currently", "now", "right now", "at present", "at the moment",
 * "today", "as of now", "as things stand", "nowadays", "these days" is what the newest version
 * states, and so is what happened "recently" or in the period "just ended". "Now that …" explains
 * rather than dates; "until recently" asks for what held before, "least recently" for the oldest.
 */
const PRESENT = String.raw`currently|presently|(?<!\b(?:until|least)\s+)recently|just\s+(?:ended|closed|completed|finished)|(?:right\s+|as\s+of\s+)?now(?!\s+that\b)|at\s+(?:present|the\s+(?:moment|present\s+time))|(?:as\s+of\s+)?today|nowadays|these\s+days|as\s+things\s+stand`;

/**
 * Words of the present (see {@link PRESENT}), "to date" and "so far" (what has accumulated up to
 * the newest version: "spent to date", "laid so far"; not "so far as"): recency cues read when a
 * question states no other (see {@link recencyCue}), whose words say which documents ("the newest
 * Elm Street garden blog post") where "now" says only when.
 */
const PRESENT_CUE = new RegExp(String.raw`\b(?:${PRESENT}|to[-\s]date|so\s+far(?!\s+as\b))\b`, 'gi');

/**
 * The words of the present, "to date" and "so far" `question` writes (see {@link PRESENT_CUE}), as
 * it writes them: time words whichever cue acts.
 */
export function presentPhrases(question: string): string[] {
  return [...question.matchAll(PRESENT_CUE)].map((m) => m[0]);
}

/**
 * Recency cues: words that ask for the newest version of something (their misspellings are read
 * by {@link recencyCue}; words of the present after them, see {@link PRESENT_CUE}). "Current"
 * counts only before a word for a period or a document, directly or across up to two words that
 * say which one
 * ("current quarter", "current version", "the current travel policy", "current employee
 * handbook"; with a collection's own noun after "current" or "last" only: "the current XR-40
 * datasheet", "its last inspection"), or a price or a timetable ("the current adult swim price",
 * "current fees", "the current rate of interest", "current opening hours": what a newer price list
 * or timetable replaces), since "current assets" and "the current portion of debt" ask for no
 * date.
 */
const RECENCY_FOR = (extra: readonly string[]) =>
  new RegExp(
    String.raw`\b(?<!\bleast\s+)(latest|most\s+recent(?:ly)?|newest|recent|up[-\s]to[-\s]date|most\s+current|freshest|(?:just|last)\s+(?:reported|filed|released|published|issued)|(?:reported|filed|released|published|issued)\s+last(?!\s+(?:year|quarter|month|week|fiscal|spring|summer|autumn|fall|winter|january|february|march|april|may|june|july|august|september|october|november|december)\b)|(?:current|this|last|past)\s+(?:[a-z0-9][a-z0-9'’-]*\s+){0,2}?(?:quarter|year|period|version|edition|release|report|filing|policy|document|update|revision|handbook|manual|guide|guidelines|notes|terms|agreement|plan|standard|procedure|notice|list|schedule|contract|rules|minutes|meeting|review|newsletter|bulletin|${PUBLISHED_NOUNS.join('|')}|\d{1,2}-[a-z]{1,2})|(?:current|present)\s+(?:[a-z0-9][a-z0-9'’-]*\s+){0,2}?(?:prices?|fees?|fares?|tariffs?|charges?|costs?|rates?\s+(?:of|for|on)\b|timetables?|opening\s+(?:hours|times))|${extra.length === 0 ? '(?!)' : String.raw`(?:current|last)\s+(?:[a-z0-9][a-z0-9'’-]*\s+){0,2}?(?:${extra.map(escapeRegExp).join('|')})s?`}|currently\s+in\s+(?:effect|force)|in\s+(?:effect|force)\s+(?:now|today)|as\s+it\s+stands)\b`,
    'i',
  );

/** The single words that ask for the newest version, whose misspellings {@link recencyCue} reads. */
const RECENCY_WORDS = ['latest', 'newest', 'recent'] as const;

/**
 * True when `word` is `target` with one letter added, one left out, or two neighbours swapped
 * ("lastest", "latst", "latets" for "latest"): the Damerau–Levenshtein edits at distance 1 but
 * substitution, which turns these words into others that ask for no date ("latent", "decent",
 * "resent"). Damerau, "A technique for computer detection and correction of spelling errors",
 * CACM 7(3), 1964: these edits and substitution make up most single-error misspellings.
 */
function isNearMiss(word: string, target: string): boolean {
  if (word === target) return false;
  if (word.length === target.length) {
    const i = [...word].findIndex((c, k) => c !== target[k]);
    return (
      i >= 0 &&
      i + 1 < word.length &&
      word[i] === target[i + 1] &&
      word[i + 1] === target[i] &&
      word.slice(i + 2) === target.slice(i + 2)
    );
  }
  const [long, short] = word.length > target.length ? [word, target] : [target, word];
  if (long.length - short.length !== 1) return false;
  const i = [...short].findIndex((c, k) => c !== long[k]);
  return i < 0 || long.slice(i + 1) === short.slice(i);
}

/**
 * The recency cue a question states (see `RECENCY`), or a misspelt single recency word
 * ("lastest", "newset", "most recnet"; {@link isNearMiss}) when it states none, or else its first
 * word of the present (see {@link PRESENT_CUE}); the text as the question writes it.
 */
function recencyCue(question: string): string | undefined {
  const stated = active.RECENCY.exec(question) ?? active.LAST_OF.exec(question);
  if (stated) return stated[0];
  for (const [word] of question.matchAll(/\b[a-z]{5,7}\b/gi)) {
    const lower = word.toLowerCase();
    if (RECENCY_WORDS.some((target) => isNearMiss(lower, target))) return word;
  }
  return presentPhrases(question)[0];
}

/** "as of", "as at", "on", "in force (on)", "in effect (on)", "effective (in)", "valid on" + a written date. */
const AT_DATE = new RegExp(
  String.raw`\b(as\s+(?:of|at)|on|in\s+(?:force|effect|place)(?:\s+(?:on|in|at|as\s+of))?|(?:effective|valid|applicable)(?:\s+(?:on|in|at|as\s+of|from))?)\s+(?:the\s+)?(${WRITTEN_DATE})`,
  'i',
);
/** "before (the) July 2023 …", "prior to April 2024". */
const BEFORE_DATE = new RegExp(String.raw`\b(before|prior\s+to)\s+(?:the\s+)?(${WRITTEN_DATE})`, 'i');
/** "after (the) April 2024 …", "following the March 1, 2024 …". */
const AFTER_DATE = new RegExp(String.raw`\b(after|following)\s+(?:the\s+)?(${WRITTEN_DATE})`, 'i');

/**
 * Nouns for a document of a series: a version, a report, a filing, notes, a policy, a review,
 * minutes and the meeting they record ("the prior meeting" asks for the minutes before the
 * newest), what a blog, a site or an office publishes (a post, an article, a memo, a letter, an
 * email);
 * also a form's code ("10-Q", "8-K"). A period a document covers ("quarter", "sprint")
 * is not one: "the previous quarter" names a comparison period. "Statement" is left out too:
 * "the prior period's statements" names a comparison period, not a version.
 */
const DOCUMENT_NOUNS = [
  'version',
  'edition',
  'release',
  'revision',
  'report',
  'filing',
  'policy',
  'notice',
  'handbook',
  'manual',
  'guide',
  'guidelines',
  'notes',
  'terms',
  'agreement',
  'price list',
  'document',
  'issue',
  'bulletin',
  'newsletter',
  'update',
  'minutes',
  'meeting',
  'review',
  ...PUBLISHED_NOUNS,
];
/** `text` with the characters a regular expression gives a meaning escaped. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The pattern of a document noun (see `DOCUMENT_NOUNS`), with `extra` nouns a collection's names use. */
function documentNounPattern(extra: readonly string[]): string {
  const nouns = [
    ...extra.map(escapeRegExp),
    ...DOCUMENT_NOUNS.map((noun) => noun.replace(' ', String.raw`\s+`)),
  ];
  return String.raw`(?:${nouns.join('|')}|policies|\d{1,2}-[a-z]{1,2})s?`;
}
const DOCUMENT_NOUN = documentNounPattern([]);
const WHOLE_DOCUMENT_NOUN = new RegExp(`^${DOCUMENT_NOUN}$`, 'i');

/**
 * Whether a lower-cased word is a noun of a document of a series, or its plural (see
 * `DOCUMENT_NOUNS`: "report", "filings", "posts", "memo"), a form's code ("10-q"), the "list"
 * of "price list", or one of `nouns`, a collection's own (default: those of the answer in
 * progress, see {@link withDocumentNouns}).
 */
export function isDocumentNoun(word: string, nouns: readonly string[] = documentNouns()): boolean {
  return WHOLE_DOCUMENT_NOUN.test(word) || /^lists?$/.test(word) || nouns.includes(word.replace(/s$/, ''));
}
/**
 * A word that may stand between a position word and the document noun it counts ("the previous
 * *quarterly* report", "the oldest *Orbit release* notes"): any word but one that starts a phrase
 * of its own ("prior *to the* plan", "the penultimate step *of the* procedure").
 */
const MODIFIER = String.raw`(?:(?!(?:the|a|an|of|in|on|at|to|for|from|with|by|its|their|his|her|this|that|these|those|and|or|than)\b)[a-z0-9][a-z0-9'’.&-]*\s+)`;
/**
 * A {@link MODIFIER} that is no possessive: "first" counts documents across it ("the first Route 7
 * notice"), not across "resident's" ("the first resident's parking permit" is a kind of permit, not
 * the oldest permits document).
 */
const PLAIN_MODIFIER = String.raw`(?:(?![a-z0-9.&-]*['’]s?\s)${MODIFIER})`;
/**
 * "the latest (one)", "its most recent", "Contoso's newest", "Harbour Town's latest", "the final
 * one" (of drafts and a final): the newest of a series, after a relation word.
 */
const THE_NEWEST = String.raw`(?:the|its|their|(?:[a-z0-9][a-z0-9.&-]*\s+){0,3}[a-z0-9][a-z0-9.&-]*['’]s?)\s+(?:latest|current|newest|most\s+recent|final)`;

/** "of its (the, their, these, those) …" between a position word and its documents: "the first of its 10-Qs". */
const OF_THE = String.raw`(?:of\s+(?:the|its|their|these|those|[a-z0-9][a-z0-9.&-]*['’]s?)\s+)`;

/**
 * A relative clause between a document noun and the relation word: "the 10-Q that came before",
 * "the filing which was released before", "the 10-Q it filed before".
 */
const REL_CLAUSE = String.raw`(?:(?:that|which|it)\s+)?(?:(?:came|was\s+(?:filed|released|published|issued)|filed|released|published|issued)\s+)?`;

/**
 * The newest as the last of a series: "the last (final) of its 10-Qs", "the final 10-Q among its
 * filings". "The final report" alone names a kind of report (an accident's), not a position.
 */
const LAST_OF_FOR = (DOCUMENT_NOUN: string) =>
  new RegExp(
    String.raw`\b(?:last|final)\s+(?:${OF_THE}${MODIFIER}{0,2}?${DOCUMENT_NOUN}|${MODIFIER}{0,2}?${DOCUMENT_NOUN}\s+among)\b`,
    'i',
  );

/** An adverb that only sharpens a relation word: "right before", "immediately preceding", "just prior to". */
const RIGHT = String.raw`(?:(?:just|right|immediately|directly)\s+)?`;

/**
 * Asking for the version before the newest: "the previous (prior, preceding, former) version
 * (edition, release, report, filing …)", across up to two words ("the previous employee handbook",
 * "the prior quarterly report"), or "the version (report, one, 10-Q …) before the latest (current,
 * newest, most recent)", also after a possessive ("the 10-Q before Contoso's latest one"), or
 * "the filing (edition, one …) before last". Not
 * "the previous quarter" or "the prior year": a report's comparison period names no document
 * version; nor "prior to the plan".
 */
const PREVIOUS_FOR = (DOCUMENT_NOUN: string) =>
  new RegExp(
    String.raw`\b(?:(?:previous|prior(?!\s+to\b)|preceding|former)\s+${MODIFIER}{0,2}?${DOCUMENT_NOUN}|(?:${DOCUMENT_NOUN}|${COUNTED_ONLY}|one)\s+${REL_CLAUSE}${RIGHT}(?:before|preceding|preceded|prior\s+to)\s+${THE_NEWEST}(?:\s+(?:one|${DOCUMENT_NOUN}|${COUNTED_ONLY}))?|${ANY_NOUN}\s+${REL_CLAUSE}${RIGHT}(?:before|preceding|preceded|prior\s+to)\s+${THE_NEWEST}\s+one|(?:${DOCUMENT_NOUN}|${COUNTED_ONLY}|${ANY_NOUN}|one)\s+before\s+last)\b`,
    'i',
  );

/**
 * Nouns of a document counted back from the newest only ("the statement before the latest one",
 * "the statement before last"): after "previous" or "prior" they name a comparison period's ("the
 * prior period's statements").
 */
const COUNTED_ONLY = 'statements?';

/**
 * Any other noun, where only a document's can stand: before "before the latest one" or "before
 * last" ("the match before Harbour Town's latest one", "the blood test before last"), but a span of
 * time ("the year before last", "the week before the latest one" are periods) and a stop word; a
 * number may follow it ("the Form 1040 before the latest one").
 * "One" must close the newest: "the cash before the latest stock split" asks for no version.
 */
const ANY_NOUN = String.raw`(?!(?:${SPAN_WORDS}|times?|the|a|an|and|or|of|in|on|at|to|for|from|with|by|just|right|immediately|directly|that|which|it|was|is)\b)[a-z]{3,}(?:\s+\d{1,5}(?![\d.,]))?`;

const COUNT: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };
const RANK: Record<string, number> = { second: 1, third: 2, fourth: 3, fifth: 4 };

/**
 * A version counted back from the newest by its rank: "the second-to-last (next-to-last,
 * last-but-one, penultimate) release", "the second (third) most recent report", "the third-latest edition",
 * "the third-newest of its filings" (then a document noun, across up to three words), "two reports
 * before the latest", "two reports back (from its newest)", or "the filing which came two before its latest".
 */
const RANK_FROM_NEWEST_FOR = (DOCUMENT_NOUN: string) =>
  new RegExp(
    String.raw`\b(?:(second|next)[-\s]to[-\s]last|last[-\s]but[-\s]one|penultimate|(second|third|fourth|fifth)[-\s](?:latest|newest|most[-\s]recent))\s+${OF_THE}?${MODIFIER}{0,3}?${DOCUMENT_NOUN}\b|\b(a|an|one|two|three|four|five|six|\d)\s+(?:more\s+)?${DOCUMENT_NOUN}\s+(?:${RIGHT}(?:before|preceding|prior\s+to|earlier\s+than)\s+${THE_NEWEST}|back(?:\s+from\s+${THE_NEWEST}(?:\s+(?:one|${DOCUMENT_NOUN}))?)?)\b|\b${DOCUMENT_NOUN}\s+${REL_CLAUSE}(a|an|one|two|three|four|five|six|\d)\s+(?:before|prior\s+to|earlier\s+than)\s+${THE_NEWEST}\b`,
    'i',
  );

/**
 * What a site, a blog or an office publishes, one after another (a post, a memo, a notice, a
 * bulletin): "the first" of them is the oldest ("the first Route 7 diversion notice"), as it is
 * of versions, unlike "the first quarter" or "the first issue raised".
 */
/**
 * What "the first" counts: `PUBLISHED_NOUNS`, notices, bulletins, newsletters, updates ("the first
 * update on the checkout errors") and a collection's own nouns ("the first episode").
 */
function publishedNounPattern(extra: readonly string[]): string {
  return `(?:${[...extra, ...PUBLISHED_NOUNS, 'notice', 'bulletin', 'newsletter', 'update'].map(escapeRegExp).join('|')})s?`;
}

/**
 * The oldest version: "the earliest (oldest, original, initial, least recent) report (release
 * notes, travel policy …)" across up to three words, "the first version (edition, release,
 * revision, report, filing)", "the first post (memo, notice …: `publishedNounPattern`, or a collection's own noun)"
 * across up to three words, or "the first (earliest, oldest, least recent) of its 10-Qs". Not
 * "the earliest date" nor "the first quarter": a noun of a document must follow.
 */
const EARLIEST_FOR = (DOCUMENT_NOUN: string, PUBLISHED_NOUN: string) =>
  new RegExp(
    String.raw`\b(?:(?:earliest|oldest|original|initial)\s+${MODIFIER}{0,3}?${DOCUMENT_NOUN}|first\s+${PLAIN_MODIFIER}{0,2}?(?:version|edition|release|revision|report|filing)s?|first\s+${PLAIN_MODIFIER}{0,3}?${PUBLISHED_NOUN}|(?:first|earliest|oldest|least\s+recent)\s+${OF_THE}${MODIFIER}{0,2}?${DOCUMENT_NOUN}|least\s+recent\s+${MODIFIER}{0,3}?${DOCUMENT_NOUN})\b`,
    'i',
  );

/**
 * An offset back in time from the newest: "a year (two quarters, six months, three weeks) before
 * (earlier than, prior to) its most recent (latest …)", and without a count "the quarter (year,
 * month, week) before the latest one" (one of them). The answer is the version dated that long
 * before the newest.
 */
const OFFSET_FROM_NEWEST = new RegExp(
  String.raw`\b(?:(a|an|one|two|three|four|five|six|\d+)\s+)?(years?|quarters?|months?|weeks?)\s+${RIGHT}(?:before|earlier\s+than|prior\s+to|ahead\s+of|preceding)\s+${THE_NEWEST}\b`,
  'i',
);

const UNIT_MONTHS: Record<string, number> = { year: 12, quarter: 3, month: 1 };

/**
 * The period before the last one a series' versions each cover: "the quarter (month, week, sprint,
 * iteration, cycle) before last". A quarter, a month, a week is an offset in time from the newest
 * version (three months, one month, seven days: the quarterly report before the newest, not the
 * monthly one three back); a sprint or an iteration has no fixed length, so it is the version
 * before the newest. "The year before last" is left out: a year holds four quarterly versions.
 */
const PERIOD_BEFORE_LAST = /\b(quarter|month|week|sprint|iteration|cycle)\s+before\s+last\b/i;

/**
 * A year that says which version: "its 2022 revision", "the 2023 edition", "Contoso's 2021
 * annual report" (a determiner or possessive, the year, up to two words, a document noun).
 */
const YEAR_OF_DOCUMENT_FOR = (DOCUMENT_NOUN: string) =>
  new RegExp(
    String.raw`\b(?:the|its|their|[a-z0-9][a-z0-9.&-]*['’]s?)\s+${YEAR}\s+${MODIFIER}{0,2}?${DOCUMENT_NOUN}\b`,
    'i',
  );

/**
 * The first or last document of a year or a month: "its first quarterly report of 2023", "the
 * last 10-Q of 2022", "the final edition of fiscal 2021", "the first bulletin of April 2024".
 * Groups: the position word, a fiscal word, the month, the year.
 */
const FIRST_OR_LAST_OF_YEAR_FOR = (DOCUMENT_NOUN: string) =>
  new RegExp(
    String.raw`\b(first|earliest|last|final|latest|newest)\s+${MODIFIER}{0,2}?${DOCUMENT_NOUN}\s+(?:of|in|for|from)\s+(?:the\s+year\s+)?((?:fiscal|fy|financial)\s*(?:year\s+)?)?(?:${FULL_MONTH}\s+)?${YEAR}\b`,
    'i',
  );

/**
 * When a document was issued: "the 10-Q filed in August 2023", "the filing submitted in the autumn
 * of 2022", "the release notes published in spring 2024", "the firmware released on March 3,
 * 2024", "the notice that was issued in 2023", "the email sent in April 2024", "the post posted in May". The verb must follow the noun of a document (or of
 * firmware, software): "lawsuits filed in 2022", "shares issued in 2023" and "products released in
 * 2023" tell of the content, not of the document. Groups: the season and its year, a written
 * date, a year.
 */
const ISSUED_FOR = (DOCUMENT_NOUN: string) =>
  new RegExp(
    String.raw`\b(?:${DOCUMENT_NOUN}|firmware|software)\s+(?:(?:that|which)\s+)?(?:(?:was|were)\s+)?(?:filed|submitted|published|released|issued|sent|posted|came\s+out|put\s+out|handed\s+down)\s+(?:(?:in|during|on|over)\s+)?(?:the\s+)?(?:(spring|summer|autumn|fall|winter)(?:\s+of)?\s+${YEAR}|(${WRITTEN_DATE})|${YEAR})\b`,
    'i',
  );

/** The span a question says a document was issued in (see `ISSUED`), as an `issued` {@link AskedDate}. */
function issuedDate(question: string): AskedDate | undefined {
  const m = active.ISSUED.exec(question);
  if (!m) return undefined;
  if (m[1]) return { ...seasonSpan(m[1], Number(m[2])), relation: 'issued', text: m[0] };
  if (m[3]) {
    const parsed = parseWrittenDate(m[3]);
    if (!parsed) return undefined;
    const start = parsed.precision === 'month' ? `${parsed.iso.slice(0, 8)}01` : parsed.iso;
    return { start, end: parsed.iso, relation: 'issued', text: m[0] };
  }
  return { start: `${m[4]}-01-01`, end: `${m[4]}-12-31`, relation: 'issued', text: m[0] };
}

/** Whether the word before `index` in `question` is "calendar" ("calendar Q4 2022"). */
function afterCalendar(question: string, index: number): boolean {
  return /\bcalendar[-\s]+(?:year\s+)?$/i.test(question.slice(0, index));
}

/** True when "fiscal" comes just before the period at `index` ("the fiscal third quarter of 2023"). */
function afterFiscal(question: string, index: number): boolean {
  return /\b(?:fiscal|fy)[-\s]+$/i.test(question.slice(0, index));
}

/**
 * The period a question names (see {@link AskedPeriod}); undefined when it names none. A period
 * with its year written wins over one named relative to the newest year ("Q3 2023 against last
 * year's third quarter" asks for Q3 2023).
 */
function askedPeriod(question: string, datable: boolean): AskedPeriod | undefined {
  return (datable ? writtenPeriod(question) : undefined) ?? relativePeriod(question);
}

/**
 * A month named without its year before a noun of a document: "the September meeting", "its
 * March report", "Contoso's June newsletter": the latest such month up to the newest document
 * (see {@link AskedPeriod.latestMonth}).
 */
const BARE_MONTH_FOR = (DOCUMENT_NOUN: string) =>
  new RegExp(
    String.raw`\b(?:the|its|their|[a-z0-9][a-z0-9.&-]*['’]s?)\s+${FULL_MONTH}\s+${MODIFIER}{0,2}?${DOCUMENT_NOUN}\b`,
    'i',
  );

/**
 * A quarter or half named by a year relative to the newest (see `RELATIVE_YEAR_PERIOD`), or a
 * month named without its year (see {@link BARE_MONTH}).
 */
function relativePeriod(question: string): AskedPeriod | undefined {
  const bare = active.BARE_MONTH.exec(question);
  if (bare) {
    return { year: 0, month: monthNumber(bare[1]!), yearsBack: 0, latestMonth: true, text: bare[0] };
  }
  for (const m of question.matchAll(new RegExp(RELATIVE_YEAR_PERIOD, 'gi'))) {
    const relative = (m[1] ?? m[6])?.toLowerCase();
    if (relative === undefined) continue;
    const half = m[4] ? Number(m[4]) : m[5] ? ORDINAL[m[5].toLowerCase()] : undefined;
    const quarter = half !== undefined ? 2 * half : m[2] ? Number(m[2]) : ORDINAL[m[3]!.toLowerCase()]!;
    return {
      year: 0,
      quarter,
      ...(half !== undefined ? { half } : {}),
      yearsBack: relative === 'this' ? 0 : 1,
      ...(/\bfiscal\b/i.test(m[0]) ? { fiscal: true } : {}),
      text: m[0],
    };
  }
  return undefined;
}

/** A period whose year the question writes. */
function writtenPeriod(question: string): AskedPeriod | undefined {
  const calendarOrFiscal = (m: RegExpExecArray) =>
    /\bcalendar\b/i.test(m[0]) || afterCalendar(question, m.index)
      ? { calendar: true as const }
      : FISCAL_WORD.test(m[0]) || afterFiscal(question, m.index)
        ? { fiscal: true as const }
        : {};
  const firstOrLast = active.FIRST_OR_LAST_OF_YEAR.exec(question);
  if (firstOrLast) {
    const pick = /^(?:first|earliest)$/i.test(firstOrLast[1]!) ? 'first' : 'last';
    const month = firstOrLast[3] ? monthNumber(firstOrLast[3]) : undefined;
    return {
      year: Number(firstOrLast[4]),
      ...(month ? { month } : {}),
      pick,
      ...(firstOrLast[2] && !month ? { fiscal: true } : {}),
      text: firstOrLast[0],
    };
  }
  for (const { pattern, read } of HALF_PATTERNS) {
    const m = pattern.exec(question);
    if (!m) continue;
    const [half, year] = read(m);
    return { year, quarter: 2 * half, half, text: m[0], ...calendarOrFiscal(m) };
  }
  for (const { pattern, read } of QUARTER_PATTERNS) {
    const m = pattern.exec(question);
    if (!m) continue;
    const [quarter, year] = read(m);
    return { year, quarter, text: m[0], ...calendarOrFiscal(m) };
  }
  const monthQuarter = MONTH_QUARTER.exec(question);
  if (monthQuarter) {
    const word = (monthQuarter[1] ?? monthQuarter[4])!;
    return {
      year: Number(monthQuarter[2] ?? monthQuarter[3]),
      month: monthNumber(word),
      text: monthQuarter[0],
    };
  }
  const month = MONTH_PATTERN.exec(question);
  if (month) {
    const day = writtenDay(question, month);
    return {
      year: Number(month[2]),
      month: monthNumber(month[1]!),
      ...(day ? { day } : {}),
      text: month[0],
    };
  }
  const numeric = NUMERIC_DATE.exec(question);
  if (numeric) {
    const [a, b] = [Number(numeric[1]), Number(numeric[2])];
    const monthNumber = a > 12 ? b : a;
    const day = a > 12 ? a : b;
    if (monthNumber >= 1 && monthNumber <= 12)
      return {
        year: fullYear(numeric[3]!),
        month: monthNumber,
        ...(day >= 1 && day <= 31 ? { day } : {}),
        text: numeric[0],
      };
  }
  const season = SEASON.exec(question);
  if (season && (season[3]!.toLowerCase() !== 'fall' || season[1] || season[2])) {
    const range = seasonSpan(season[3]!, Number(season[4]));
    return { year: Number(range.start.slice(0, 4)), range, text: season[0] };
  }
  const earlyLate = EARLY_LATE.exec(question);
  if (earlyLate) {
    const year = Number(earlyLate[2]);
    const early = earlyLate[1]!.toLowerCase() === 'early';
    return {
      year,
      range: early
        ? { start: `${year}-01-01`, end: `${year}-04-30` }
        : { start: `${year}-09-01`, end: `${year}-12-31` },
      text: earlyLate[0],
    };
  }
  const split = splitYear(question);
  if (split) return split;
  const yearOf = active.YEAR_OF_DOCUMENT.exec(question);
  // Only the year is a time word: "travel policy" in "the 2022 travel policy" says what is asked.
  if (yearOf) return { year: Number(yearOf[1]), text: yearOf[1]! };
  const m = YEAR_PATTERN.exec(question);
  if (m) return { year: fullYear((m[1] ?? m[2] ?? m[3])!), text: m[0], ...calendarOrFiscal(m) };
  return undefined;
}

/** The position in its series `question` asks for, if it asks for one (see {@link TimeCue.position}). */
function seriesPosition(question: string): SeriesPosition | undefined {
  const beforeLast = PERIOD_BEFORE_LAST.exec(question);
  if (beforeLast) {
    const unit = beforeLast[1]!.toLowerCase();
    const text = beforeLast[0];
    if (unit === 'week') return { from: 'newest', steps: 0, days: 7, text };
    if (unit === 'quarter' || unit === 'month')
      return { from: 'newest', steps: 0, months: UNIT_MONTHS[unit]!, text };
    return { from: 'newest', steps: 1, text };
  }
  const offset = OFFSET_FROM_NEWEST.exec(question);
  if (offset) {
    const count = offset[1] === undefined ? 1 : (COUNT[offset[1].toLowerCase()] ?? Number(offset[1]));
    const unit = offset[2]!.toLowerCase().replace(/s$/, '');
    if (unit === 'week') {
      if (count > 0) return { from: 'newest', steps: 0, days: 7 * count, text: offset[0] };
    } else {
      const months = count * UNIT_MONTHS[unit]!;
      if (months > 0) return { from: 'newest', steps: 0, months, text: offset[0] };
    }
  }
  const ranked = active.RANK_FROM_NEWEST.exec(question);
  if (ranked) {
    const count = ranked[3] ?? ranked[4];
    const steps =
      count !== undefined
        ? (COUNT[count.toLowerCase()] ?? Number(count))
        : ranked[2] !== undefined
          ? RANK[ranked[2].toLowerCase()]!
          : 1;
    // A count over one counts a plural ("two reports before the latest one"): "the route 7 change
    // before the latest one" names route 7 and asks for the change before the newest.
    const counted =
      ranked[3] === undefined
        ? undefined
        : /\s(?:more\s+)?(\S+)/.exec(ranked[0].slice(ranked[0].indexOf(ranked[3])))?.[1];
    const singular = steps > 1 && counted !== undefined && !/s$/i.test(counted);
    if (steps > 0 && !singular) return { from: 'newest', steps, text: ranked[0] };
  }
  const previous = active.PREVIOUS.exec(question);
  if (previous) return { from: 'newest', steps: 1, text: previous[0] };
  const earliest = active.EARLIEST.exec(question);
  if (earliest) return { from: 'oldest', steps: 0, text: earliest[0] };
  return undefined;
}

/**
 * An offset from another time: "a year before", "two quarters earlier", "six months ago", "one
 * year later". It places a question in time relative to a cue ("a year before the latest
 * quarter") and names no subject.
 */
const RELATIVE_TIME =
  /\b(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|twelve|\d+)\s+(?:years?|quarters?|months?|weeks?|days?)\s+(?:before|after|earlier|later|ago|prior|previously)\b/gi;

/**
 * The phrases of `question` that place it in time, whether or not its {@link TimeCue} acts on
 * them: a recency cue ("latest") and "the previous version" are read even when a stated period or
 * date takes precedence over them (a cue holds one of them at most), and offsets from another time
 * ("a year before") are read too. Their words say when, not what: the answer's evidence check
 * does not look for them in the documents (see `topicWords`).
 */
export function timePhrases(question: string): {
  recency?: string;
  /** The words asking for a position in a series (see {@link TimeCue.position}). */
  previous?: string;
  relative: string[];
} {
  const out: { recency?: string; previous?: string; relative: string[] } = {
    relative: [...question.matchAll(RELATIVE_TIME)].map((m) => m[0]),
  };
  const position = seriesPosition(question);
  if (position) out.previous = position.text;
  const recency = recencyCue(question);
  if (recency) out.recency = recency;
  return out;
}

/**
 * Two digits in a row: every period pattern (`QUARTER_PATTERNS`, `MONTH_PATTERN`, `YEAR_PATTERN`:
 * a year, or a year's last two digits) and every written date (`WRITTEN_DATE`: a four-digit year)
 * holds them, so a question without them matches none. Those patterns are long case-insensitive
 * alternations that V8 compiles on their first run (5–8 ms of a `cairn search` process, most of
 * its query work on a small database); this test of a short pattern skips them for the many
 * questions that state no number.
 */
const TWO_DIGITS = /\d\d/;

/**
 * A point of a calendar year named without a day: "(at, as of) the end of 2022", "the close of
 * 2022", "the last (final) day of 2022", "year-end 2022", "mid-2023", "the middle of 2023". Read as
 * a date a version is in force at: December 31 and June 30 of that year. Not "by the end of 2024",
 * a deadline; nor "the end of fiscal 2022", whose calendar the question does not give.
 */
const YEAR_POINT = new RegExp(
  String.raw`(?<!\bby\s+(?:the\s+)?)\b(?:(?:(?:the\s+)?(end|middle|close|(?:last|final)\s+day)\s+of\s+(?:the\s+)?(?:calendar\s+)?(?:year\s+)?)|(year[-\s]end|mid)[-\s]?)${YEAR}\b`,
  'i',
);

/** The date of a {@link YEAR_POINT} match, as an in-force {@link AskedDate}. */
function yearPoint(question: string): AskedDate | undefined {
  const m = YEAR_POINT.exec(question);
  if (!m) return undefined;
  const end = !/^mid/i.test(m[1] ?? m[2]!);
  const day = `${m[3]}-${end ? '12-31' : '06-30'}`;
  return { start: `${day.slice(0, 8)}01`, end: day, relation: 'in-force', text: m[0] };
}

/** The date a question states with the relation its words give (see {@link AskedDate}); undefined when it states none. */
function askedDate(question: string): AskedDate | undefined {
  if (!TWO_DIGITS.test(question)) return undefined;
  const found: Array<[RegExpExecArray | null, AskedDate['relation']]> = [
    [BEFORE_DATE.exec(question), 'before'],
    [AFTER_DATE.exec(question), 'after'],
    [AT_DATE.exec(question), 'in-force'],
  ];
  for (const [m, relation] of found) {
    const parsed = m ? parseWrittenDate(m[2]!) : undefined;
    if (!m || !parsed) continue;
    const start = parsed.precision === 'month' ? `${parsed.iso.slice(0, 8)}01` : parsed.iso;
    return { start, end: parsed.iso, relation, text: m[0] };
  }
  return undefined;
}

const FISCAL_WORD = /\b(?:fiscal|fy|financial)/i;

function fullYear(text: string): number {
  const n = Number(text);
  return text.length === 2 ? 2000 + n : n;
}

/** Whether two phrases of `question` share a character (each at its first occurrence). */
function overlaps(question: string, a: string, b: string): boolean {
  const i = question.indexOf(a);
  const j = question.indexOf(b);
  return i >= 0 && j >= 0 && i < j + b.length && j < i + a.length;
}

/**
 * A position counted from a named period, read from the words just before the period: a document
 * noun ("10-Q", "filing", "report", "one", "quarter"), an optional relative clause or adverb, a
 * relation word ("after", "following", "followed", "before", "preceding", "preceded", "prior to")
 * and up to six words that lead to the period ("the one for", "its", "the one for the quarter
 * ended"); or a count of quarters, months, years or documents before the relation word ("two
 * quarters after", "one filing before"). "Revenue before Q3 2022" names no document and is none.
 */
const PERIOD_STEP_FOR = (DOCUMENT_NOUN: string) =>
  new RegExp(
    String.raw`\b(?:(a|an|one|two|three|four|five|six|\d)\s+(quarters?|months?|years?|${DOCUMENT_NOUN})\s+|(?:${DOCUMENT_NOUN}|one|quarter|period)\s+${REL_CLAUSE}${RIGHT})(after|following|followed|before|preceding|preceded|prior\s+to)\s+((?:[a-z0-9][a-z0-9.&'’-]*\s+){0,6})$`,
    'i',
  );

/** The patterns that read a document noun, built for a list of extra nouns (see {@link timeCue}). */
function patternsFor(extra: readonly string[]) {
  const noun = documentNounPattern(extra);
  return {
    RECENCY: RECENCY_FOR(extra),
    LAST_OF: LAST_OF_FOR(noun),
    PREVIOUS: PREVIOUS_FOR(noun),
    RANK_FROM_NEWEST: RANK_FROM_NEWEST_FOR(noun),
    EARLIEST: EARLIEST_FOR(noun, publishedNounPattern(extra)),
    YEAR_OF_DOCUMENT: YEAR_OF_DOCUMENT_FOR(noun),
    FIRST_OR_LAST_OF_YEAR: FIRST_OR_LAST_OF_YEAR_FOR(noun),
    ISSUED: ISSUED_FOR(noun),
    BARE_MONTH: BARE_MONTH_FOR(noun),
    PERIOD_STEP: PERIOD_STEP_FOR(noun),
    WHOLE_DOCUMENT_NOUN: new RegExp(`^${noun}$`, 'i'),
  };
}

/** The patterns built so far, by their extra nouns. */
const builtPatterns = new Map<string, ReturnType<typeof patternsFor>>();

/** The patterns for `extra` nouns, built once. */
function patternsOf(extra: readonly string[]): ReturnType<typeof patternsFor> {
  const key = extra.join('|');
  let built = builtPatterns.get(key);
  if (!built) {
    built = patternsFor(extra);
    if (builtPatterns.size > 64) builtPatterns.clear();
    builtPatterns.set(key, built);
  }
  return built;
}

/**
 * The patterns the reading in progress uses: those of the nouns {@link timeCue} was given for its
 * call (it is synchronous), else the built-in nouns'.
 */
let active = patternsOf([]);

/**
 * The words that may name the version a position is counted from, between the relation word and
 * the period ("after the one for Q3 2022", "before its September 2023 quarter report", "preceding
 * the one for the quarter ended April 1, 2023"); besides them, only document nouns.
 */
const STEP_TARGET_WORDS = new Set(
  'the a its their his her our my your one ones version edition issue for of from in on dated covering filed published issued released quarter quarters ended ending year month fiscal financial'.split(
    ' ',
  ),
);

/** A finite auxiliary verb, which opens a clause: "was", "were", "is", "has", "had", "did". */
const CLAUSE_AUXILIARY = /\b(?:was|were|is|are|has|have|had|did|does|do|been)\b/i;

/** The position counted from `period` that `question` asks for, if any (see {@link PERIOD_STEP}). */
function periodStep(question: string, period: AskedPeriod): PeriodStep | undefined {
  const at = question.toLowerCase().indexOf(period.text.toLowerCase());
  if (at < 0) return undefined;
  const step = active.PERIOD_STEP.exec(question.slice(0, at));
  if (!step) return undefined;
  // The words leading to the period open a clause of their own when they hold a finite auxiliary
  // ("How many warnings came before permission was withdrawn under the January 2024 policy?"): the
  // relation word orders two events, and the period names the policy asked for, not a step from it.
  if (CLAUSE_AUXILIARY.test(step[4] ?? '')) return undefined;
  // The words between name the version stepped from ("the one for", "its", "the quarter ended"),
  // not another thing: "after the cooling-off period in 2026" orders the cancelling after a
  // period of the 2026 policy, it asks no version after 2026 (round144, after its only run).
  const between = (step[4] ?? '')
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '');
  if (between.some((w) => !STEP_TARGET_WORDS.has(w.toLowerCase()) && !active.WHOLE_DOCUMENT_NOUN.test(w)))
    return undefined;
  const sign = /^(?:after|following|followed)$/i.test(step[3]!) ? 1 : -1;
  const count = step[1] === undefined ? 1 : (COUNT[step[1].toLowerCase()] ?? Number(step[1]));
  const unit = step[2]?.toLowerCase().replace(/s$/, '');
  const months = unit !== undefined ? UNIT_MONTHS[unit] : undefined;
  const text = `${step[0]}${period.text}`.trim();
  return months === undefined
    ? { steps: sign * count, text }
    : { steps: 0, months: sign * count * months, text };
}

/** Options of {@link timeCue}. */
export interface TimeCueOptions {
  /**
   * Nouns a collection's names use for its documents besides the built-in ones (see
   * `DocumentIdentityIndex.seriesNouns`: "episode" of `harbour-talk-episode-12.md`), lower-cased:
   * "the previous episode" then asks for a version as "the previous report" does.
   */
  nouns?: readonly string[];
}

/** The collection's document nouns of the answer in progress (see {@link withDocumentNouns}). */
const answerNouns = new AsyncLocalStorage<readonly string[]>();

/**
 * Runs `task` with `nouns` as the collection's own document nouns (see
 * {@link TimeCueOptions.nouns}) of every time cue read in it, across its awaits, unless a call
 * gives its own: the answer reads the question's time words as the search read them ("the
 * previous episode").
 */
export function withDocumentNouns<T>(nouns: readonly string[], task: () => T): T {
  return answerNouns.run(nouns, task);
}

/** The collection's document nouns of the answer in progress; none outside {@link withDocumentNouns}. */
export function documentNouns(): readonly string[] {
  return answerNouns.getStore() ?? [];
}

/** The period and recency cue of a question; see the module comment for the forms read. */
export function timeCue(question: string, options: TimeCueOptions = {}): TimeCue {
  const saved = active;
  active = patternsOf(options.nouns ?? documentNouns());
  try {
    return readCue(question);
  } finally {
    active = saved;
  }
}

function readCue(question: string): TimeCue {
  const datable = TWO_DIGITS.test(question);
  let period = askedPeriod(question, datable);
  let at = (datable ? issuedDate(question) : undefined) ?? askedDate(question);
  // "before the July 2023 revision" asks for what preceded July 2023, not for July 2023.
  if (at && at.relation !== 'in-force' && period && overlaps(question, at.text, period.text))
    period = undefined;
  const point = at === undefined && datable ? yearPoint(question) : undefined;
  if (point) {
    // "the end of 2022" asks for the version in force then and the report of December 2022, not
    // for the whole year its words name.
    at = point;
    period = { year: Number(point.end.slice(0, 4)), month: Number(point.end.slice(5, 7)), text: point.text };
  }
  const position = seriesPosition(question);
  const recency = position ? undefined : recencyCue(question);
  // "last quarter" with a named period is that period's neighbour, not the newest document.
  const cue: TimeCue = { recency: recency !== undefined && period === undefined && at === undefined };
  if (period) {
    cue.period = period;
    const step = at === undefined ? periodStep(question, period) : undefined;
    if (step) cue.periodStep = step;
  }
  if (at) cue.at = at;
  if (cue.recency) cue.recencyText = recency!;
  if (position && period === undefined && at === undefined) {
    cue.position = position;
    if (position.from === 'newest') {
      cue.previous = true;
      cue.previousText = position.text;
    }
  }
  return cue;
}

/**
 * True when a question's cue names a time at all: a period ("Q3 2023", "fiscal 2022"), a recency
 * cue ("latest"), the version before the newest ("the previous version") or a date a version is
 * asked at ("as of March 15, 2024", "before the July 2023 revision"). The one test of whether a
 * question asks about time, for the retriever's time preference and for the answer's treatment of
 * text carried unchanged from version to version (see `answerBoilerplate`).
 */
export function namesTime(cue: TimeCue): boolean {
  return (
    cue.recency ||
    cue.previous === true ||
    cue.position !== undefined ||
    cue.period !== undefined ||
    cue.at !== undefined
  );
}

/**
 * The words of `question` that may name documents (see `DocumentIdentityIndex.named`): all of
 * them, less the date a period cue states ("the quarter ended December 31, 2022", "as of June 30,
 * 2023"). A stated date says when the asked period ends, which the time preference matches
 * against each document's own date; its year is no label: a file named for fiscal 2023 (or for
 * the quarter it was filed in) may cover a quarter that ends in December 2022, and a name with
 * the date's year would draw the focus to the wrong version. Quarter and year labels ("Q1 2023",
 * "2023") are the vocabulary of names and stay. A period the question says is fiscal ("the
 * first quarter of fiscal 2023", "Q2 FY2023") is left out too: its year is not the calendar year a
 * file named by month carries (`statement-2023-03.md` is of fiscal 2023's second quarter when the
 * year ends on September 30), and a label it does match still prefers that document through the
 * time preference. A calendar period ("calendar Q4 2022") and a season ("spring 2023") are
 * matched by dates, not labels, and are left out too. A date a version is asked at ("as of
 * March 15, 2024", "before the July 2023 revision") is left out the same way, and so is a period
 * a position is counted from ("the 10-Q after the one for Q3 2022", see `TimeCue.periodStep`),
 * and the year of a first or last document of a year ("its first meeting of 2024", see
 * `AskedPeriod.pick`): the oldest or newest of each series that year is asked, and a title that
 * only carries the year ("minutes, 10 December 2024") is not named by it.
 */
export function namingWords(question: string, cue: TimeCue): string {
  let words = question;
  if (cue.at) words = words.replace(cue.at.text, ' ');
  const period = cue.period;
  if (period === undefined) return words;
  // A period a position is counted from ("the 10-Q after the one for Q3 2022") names the document
  // next to the one asked for: its label is left out too.
  // Of a first or last document of a year, only the year: the words between may name the series
  // ("the first Oakridge council meeting of 2024").
  if (period.pick) return words.replace(period.text, period.text.replace(/\b(?:19|20)\d\d\b/g, ' '));
  const label = period.month === undefined && !period.fiscal && !period.calendar && !period.range;
  return label && !cue.periodStep ? words : words.replace(period.text, ' ');
}

/** Why a document is preferred, for `--explain` and the JSON report. */
export interface Preference {
  documentId: string;
  kind: 'period' | 'recency';
  reason: string;
  /** For a recency preference, the newer version it passed over (see `topicalRecency`). */
  passedOver?: PassedOver;
  /**
   * The documents it was chosen among, when the question's words described them as a series and
   * they are none by name (see `describedDocuments`); the other versions are theirs, not those of
   * `DocumentIdentityIndex.series`.
   */
  series?: string[];
}

/**
 * The newest version of a series that a recency preference passed over because it lacks topic
 * words of the question an older version holds (see `topicalRecency`).
 */
export interface PassedOver {
  documentId: string;
  /** The question's topic words the preferred version holds and this one does not, as the question spells them. */
  lacks: string[];
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

/** The year, quarter (1–4) and month of a date as it stands (see `calendarQuarter` for a report's). */
function ownQuarter(iso: string): { year: number; quarter: number; month: number } {
  const [year, month] = iso.split('-').map(Number) as [number, number];
  return { year, quarter: Math.floor((month - 1) / 3) + 1, month };
}

/** A document's stated fiscal year end (`MM-DD`, see `fiscalYearEnd` in the ingest), else one another version of its series states. */
function fiscalYearEndOf(index: DocumentIdentityIndex, documentId: string): string | undefined {
  for (const id of [documentId, ...index.series(documentId)]) {
    const period = index.document(id)?.metadata?.period;
    if (period && typeof period === 'object' && !Array.isArray(period)) {
      const end = period.fiscalYearEnd;
      if (typeof end === 'string' && /^\d\d-\d\d$/.test(end)) return end;
    }
  }
  return undefined;
}

/**
 * The fiscal year and quarter (1–4) a date falls in, for a fiscal year ending on `yearEnd`
 * (`MM-DD`): a fiscal year is named by the calendar year it ends in (the year ending September
 * 30, 2023 is fiscal 2023, so the quarter ended December 31, 2022 is its first), and its quarters
 * are the three-month spans after the previous year's end. Like {@link calendarQuarter}, the
 * date is read two weeks earlier, for 52/53-week years whose quarters end a few days after a
 * month's end.
 */
export function fiscalPeriod(iso: string, yearEnd: string): { year: number; quarter: number } {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 14);
  const endMonth = Number(yearEnd.slice(0, 2));
  const month = date.getUTCMonth() + 1;
  const year = date.getUTCFullYear() + (month > endMonth ? 1 : 0);
  return { year, quarter: Math.floor(((((month - endMonth - 1) % 12) + 12) % 12) / 3) + 1 };
}

/** Period labels a document's name or title states: `2023 Q3`, `Q3-2023`, `FY2023 Q3`, `2022 H2` (as its fourth quarter). */
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
  // A half-year label (`2022 H2`, `H1-2023`) is its last quarter's: the report of that half ends then.
  for (const m of flat.matchAll(
    /\b(?:fy\s*)?((?:19|20)\d\d)\s*h([12])\b|\bh([12])\s*(?:fy\s*)?((?:19|20)\d\d)\b/gi,
  )) {
    out.push(
      m[1]
        ? { year: Number(m[1]), quarter: 2 * Number(m[2]) }
        : { year: Number(m[4]), quarter: 2 * Number(m[3]) },
    );
  }
  return out;
}

/**
 * How a document matches an asked period: `label` when its name or title says that period
 * (`2023 Q3 ….pdf`, a year its title names: `period.namedYear`) or, for a fiscal question ("fiscal
 * Q3 2023"), its stated fiscal label does ("third quarter of fiscal 2023"); `alias` when only the other of the two does; `date` when only
 * its date falls in it; undefined otherwise. Labels win over dates because fiscal calendars differ
 * from the calendar: a filing labelled fiscal Q1 2023 may end on December 31, 2022. A label wins
 * over an alias (see `periodPreferences`).
 */
function periodMatch(
  index: DocumentIdentityIndex,
  documentId: string,
  asked: AskedPeriod,
): 'label' | 'alias' | 'date' | undefined {
  const document = index.document(documentId);
  const period = document?.metadata?.period;
  const stated =
    period && typeof period === 'object' && !Array.isArray(period)
      ? { year: period.fiscalYear, quarter: period.fiscalQuarter, named: period.namedYear }
      : {};
  const date = index.date(documentId);
  if (asked.range) {
    if (!date) return undefined;
    const within = (day: string) => day >= asked.range!.start && day <= asked.range!.end;
    return within(date) || (isReport(index, documentId) && within(daysBefore(date, 14))) ? 'date' : undefined;
  }
  const yearEnd =
    asked.fiscal && asked.month === undefined && !asked.calendar
      ? fiscalYearEndOf(index, documentId)
      : undefined;
  // A fiscal period is read in the fiscal calendar the document states: its name's label ("2023
  // Q2 ….pdf") may count calendar quarters. A calendar period is read from dates alone.
  const named = asked.calendar || yearEnd ? [] : labelledQuarters(`${documentId} ${document?.title ?? ''}`);
  const labels =
    !asked.calendar && typeof stated.year === 'number' && typeof stated.quarter === 'number'
      ? [{ year: stated.year, quarter: stated.quarter }]
      : [];
  const says = (l: { year: number; quarter: number }) =>
    l.year === asked.year && (asked.quarter === undefined || l.quarter === asked.quarter);
  if (asked.quarter !== undefined || asked.month === undefined) {
    // A fiscal question reads the fiscal label the document states first, any other its name.
    const [first, second] = asked.fiscal ? [labels, named] : [named, labels];
    if (first.some(says)) return 'label';
    if (second.some(says)) return 'alias';
  }
  // The year a title names labels the document for a question of that year ("Drinking water
  // quality report 2024", published in March 2025, for "in 2024"; not for "in 2025", which the
  // next year's report, published in 2026, is labelled for).
  if (
    asked.month === undefined &&
    asked.quarter === undefined &&
    typeof stated.named === 'number' &&
    stated.named === asked.year
  )
    return 'label';
  // A stated fiscal year labels the document for a year question only: "fiscal 2022" alone
  // names every quarter of it, "the second quarter of fiscal 2022" one of them. A year its title
  // splits ("Term dates 2025–26", fiscal 2026) labels it for a fiscal question only ("in 2025–26",
  // "fiscal 2026"): "in 2026" is as much the next one's ("2026–27"), whose date decides.
  if (
    !asked.calendar &&
    asked.month === undefined &&
    asked.quarter === undefined &&
    typeof stated.year === 'number' &&
    stated.year === asked.year &&
    (asked.fiscal || typeof stated.quarter === 'number')
  )
    return 'label';
  // A fiscal period is the fiscal label's when the document states one: its date's calendar
  // quarter is another (the fourth quarter of fiscal 2022 ended June 30, 2022).
  if (
    asked.fiscal &&
    !asked.calendar &&
    typeof stated.year === 'number' &&
    typeof stated.quarter === 'number'
  )
    return undefined;
  if (!date) return undefined;
  if (yearEnd) {
    const fiscal = fiscalPeriod(date, yearEnd);
    return fiscal.year === asked.year && (asked.quarter === undefined || fiscal.quarter === asked.quarter)
      ? 'date'
      : undefined;
  }
  // A report's period end is read two weeks earlier (a 52/53-week quarter ending July 1 is June's,
  // see `calendarQuarter`); any other document's date is its own day: a meeting's notes of 9
  // January 2024 are of 2024.
  const at = isReport(index, documentId) ? calendarQuarter(date) : ownQuarter(date);
  if (asked.quarter !== undefined)
    return at.year === asked.year && at.quarter === asked.quarter ? 'date' : undefined;
  if (asked.month !== undefined) {
    const [year, month] = date.split('-').map(Number);
    if (year === asked.year && month === asked.month) return 'date';
    // A report of a 52/53-week period ending a few days into the next month (the quarter ended
    // July 1, 2023) is that of the month before (June 2023), as `calendarQuarter` reads it.
    return isReport(index, documentId) && at.year === asked.year && at.month === asked.month
      ? 'date'
      : undefined;
  }
  return at.year === asked.year ? 'date' : undefined;
}

/** `iso` moved `days` back. */
function daysBefore(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/**
 * Among `pool`, those whose label states the period, else those whose date falls in it — for a
 * period asking for the first or last document of it, only the oldest or newest of each series;
 * none when all `of` the documents do.
 */
function periodPreferences(
  index: DocumentIdentityIndex,
  pool: readonly string[],
  asked: AskedPeriod,
  /** The documents the question may be about, of which `pool` is a part. */
  of: number = pool.length,
): Preference[] {
  const matches = pool.map((id) => ({ id, how: periodMatch(index, id, asked) }));
  // Labels win over dates within a series (its fiscal calendar may differ from the calendar); a
  // label in one series says nothing of another's dates. A label wins over an alias: a question
  // asking "Q3 2023" of filings named "2023 Q3 ….pdf" reads the period as they are named, while
  // the filing named "2022 Q3" may call its quarter "the third quarter of fiscal 2023"; a question
  // asking "fiscal Q3 2023" reads it as the filings state it (see `periodMatch`).
  const bySeries = new Map<string, typeof matches>();
  for (const m of matches) {
    const key = index.series(m.id)[0] ?? m.id;
    bySeries.set(key, [...(bySeries.get(key) ?? []), m]);
  }
  let chosen: typeof matches = [];
  for (const group of bySeries.values()) {
    const byLabel = group.filter((m) => m.how === 'label');
    const labelled = byLabel.length > 0 ? byLabel : group.filter((m) => m.how === 'alias');
    let kept = labelled.length > 0 ? labelled : group.filter((m) => m.how === 'date');
    // A day written with the month: of the month's documents, those dated that very day, if any.
    if (asked.day !== undefined && labelled.length === 0) {
      const day = `${asked.year}-${String(asked.month).padStart(2, '0')}-${String(asked.day).padStart(2, '0')}`;
      const thatDay = kept.filter((m) => index.date(m.id) === day);
      if (thatDay.length > 0) kept = thatDay;
    }
    chosen.push(...kept);
  }
  if (asked.pick) {
    const ends = new Map<string, (typeof chosen)[number]>();
    for (const m of chosen) {
      const date = index.date(m.id);
      if (!date) continue;
      const key = index.series(m.id)[0] ?? m.id;
      const held = ends.get(key);
      const heldDate = held ? index.date(held.id)! : undefined;
      if (!heldDate || (asked.pick === 'first' ? date < heldDate : date > heldDate)) ends.set(key, m);
    }
    chosen = [...ends.values()];
  }
  // A period every document matches prefers none of them.
  if (chosen.length === 0 || chosen.length === of) return [];
  return chosen.map((m) => ({
    documentId: m.id,
    kind: 'period',
    reason:
      m.how !== 'date'
        ? `its name or label states the period asked for ("${asked.text}")`
        : `its date (${index.date(m.id)}) falls in the period asked for ("${asked.text}")`,
  }));
}

/** Period kinds of a report: a document about a span of time that ends on its date. */
const REPORT_KINDS = new Set(['quarter', 'half', 'nine-months', 'year']);

/**
 * Whether a document reports on a period ("for the quarter ended …") rather than being a version
 * in force from its date ("Effective date: …", "Last updated …", a caller's own `date`).
 */
function isReport(index: DocumentIdentityIndex, documentId: string): boolean {
  const period = index.document(documentId)?.metadata?.period;
  return (
    period !== null &&
    typeof period === 'object' &&
    !Array.isArray(period) &&
    typeof period.kind === 'string' &&
    REPORT_KINDS.has(period.kind)
  );
}

/**
 * The number a document's file name carries last (`platform-sprint-review-41.md` → [41],
 * `manual-3.10.md` → [3, 10]; a fashion season's code, `lookbook-AW23.md` → [2023, 2], before
 * any), else an ordinal word it carries (`rules-third-edition.md` → [3]),
 * else the version its nearest folder is named by (`api/v3/auth.md`
 * → [3], `docs/version-2.1/setup.md` → [2, 1], `2024/notes.md` → [2024]), its parts compared in
 * order; undefined when it carries none.
 */
function nameNumber(documentId: string): number[] | undefined {
  // A fashion season's code: spring/summer (`SS24`) before autumn/winter (`AW24`, `FW24`).
  const season = /(?:^|[^a-z])(aw|fw|ss)(\d\d)(?![a-z\d])/i.exec(fileBase(documentId));
  if (season) return [2000 + Number(season[2]), season[1]!.toLowerCase() === 'ss' ? 1 : 2];
  const last = lastNumber(documentId);
  if (last) return last;
  // An ordinal word: `rules-third-edition.md` beside `rules-2nd-edition.md`.
  const ordinal = NAME_ORDINAL.exec(fileBase(documentId));
  if (ordinal) return [ordinalNumber(ordinal[1]!)!];
  const folders = documentId.split(/[/\\]/).slice(0, -1).reverse();
  for (const folder of folders) {
    const version = /^([a-z]*)[-_ ]?(\d+(?:\.\d+)*)$/i.exec(folder);
    if (version && (version[1] === '' || LABEL_WORD.test(version[1]!.toLowerCase()))) {
      return version[2]!.split('.').map(Number);
    }
  }
  return undefined;
}

/** An ordinal word in a name: `rules-third-edition.md`. */
const NAME_ORDINAL = new RegExp(`(?:^|[^a-z])(${ORDINAL_WORDS.join('|')})(?![a-z])`, 'i');

/** A name's status word: a draft comes before the final version. */
const STATUS_WORD = /(?:^|[^a-z])(draft|final)(?:[^a-z]|$)/i;

/**
 * The number that orders `documentId` among `members` (see `nameNumber`): when a member's name
 * says its status (`proposal-draft.md`, `proposal-draft-2.md`, `proposal-final.md`), the status
 * first — drafts, and names without a status word, before the final — then the name's number (a
 * draft without one is the first): draft, draft 2, final, final v2. Else the name's number.
 */
function statusNumber(documentId: string, members: readonly string[]): number[] | undefined {
  if (!members.some((id) => STATUS_WORD.test(fileBase(id)))) return nameNumber(documentId);
  const status = STATUS_WORD.exec(fileBase(documentId))?.[1]?.toLowerCase();
  const numbered = lastNumber(documentId);
  if (status === undefined && numbered === undefined) return undefined;
  return [status === 'final' ? 1 : 0, ...(numbered ?? [0])];
}

/** The number a document's file name carries last, its dotted parts in order (`manual-3.10` → [3, 10]). */
function lastNumber(documentId: string): number[] | undefined {
  const m = /(\d+(?:\.\d+)*)(?!.*\d)/.exec(fileBase(documentId));
  return m ? m[1]!.split('.').map(Number) : undefined;
}

function compareNumbers(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? -1) - (b[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * The versions of a series in order, oldest first, and what orders them: their dates when two or
 * more are dated (see `byDate`) and some date is the document's own (not its file's metadata);
 * else, when every version's file name (or nearest folder: `v3/`)
 * carries a number and no two the same (sprint reviews, numbered issues that state no date, an
 * API's docs by version folder), those numbers. Fewer than two
 * versions when neither orders them.
 */
function inOrder(
  index: DocumentIdentityIndex,
  members: readonly string[],
): { ids: string[]; label: (id: string) => string; by: 'date' | 'number' } {
  const byDates = {
    ids: byDate(index, members),
    label: (id: string) => index.date(id)!,
    by: 'date' as const,
  };
  // Dates a file's metadata gives (when a copy was made) order its versions only when their names
  // do not: two editions printed from one source on one day are in the order their names number.
  const weak = members.every((id) => index.document(id)?.metadata?.dateFrom === 'metadata');
  if ((byDates.ids.length >= 2 && !weak) || members.length < 2) return byDates;
  const numbers = new Map(members.map((id) => [id, statusNumber(id, members)]));
  const keys = [...numbers.values()];
  if (keys.some((n) => n === undefined) || new Set(keys.map((n) => n!.join('.'))).size < members.length) {
    return byDates;
  }
  const ids = [...members].sort((a, b) => compareNumbers(numbers.get(a)!, numbers.get(b)!));
  return { ids, label: (id) => `number ${numbers.get(id)!.join('.')}`, by: 'number' };
}

/**
 * The dated documents of `ids`, oldest first: one day's by the time of day their dates state, then
 * by the number their names carry (`rulebook-2e.pdf` before `rulebook-3e.pdf`, two editions
 * printed on one day; see `nameNumber`), then by id.
 */
function byDate(index: DocumentIdentityIndex, ids: readonly string[]): string[] {
  const numbered = (a: string, b: string) => {
    const [x, y] = [nameNumber(a), nameNumber(b)];
    return x === undefined || y === undefined ? 0 : compareNumbers(x, y);
  };
  return ids
    .filter((id) => index.date(id) !== undefined)
    .sort((a, b) => index.stamp(a)!.localeCompare(index.stamp(b)!) || numbered(a, b) || a.localeCompare(b));
}

/**
 * For each series among `ids` (versions of a series of two or more), the version a stated date
 * asks for: in force at it (the newest dated on or before its end — not the nearest, which may
 * have taken effect after it), before it (the newest dated before its start) or after it (the
 * earliest dated on or after its start). A series with no such version prefers none.
 */
function versionsAt(index: DocumentIdentityIndex, ids: readonly string[], at: AskedDate): Preference[] {
  const series = new Map<string, string[]>();
  const wanted = new Set(ids);
  for (const id of ids) {
    const members = index.series(id).filter((m) => wanted.has(m));
    const key = members[0] ?? id;
    if (!series.has(key)) series.set(key, members.length > 0 ? members : [id]);
  }
  const out: Preference[] = [];
  for (const members of series.values()) {
    const dated = byDate(index, members);
    const pick =
      at.relation === 'in-force'
        ? dated.filter((id) => index.date(id)! <= at.end).at(-1)
        : at.relation === 'before'
          ? dated.filter((id) => index.date(id)! < at.start).at(-1)
          : dated.find((id) => index.date(id)! >= at.start);
    if (pick === undefined) continue;
    const rule =
      at.relation === 'in-force'
        ? `the newest of its series dated on or before ${at.end}`
        : at.relation === 'before'
          ? `the newest of its series dated before ${at.start}`
          : `the earliest of its series dated on or after ${at.start}`;
    out.push({ documentId: pick, kind: 'period', reason: `${rule} (${index.date(pick)}), for "${at.text}"` });
  }
  return out;
}

/** Days a dated version may lie from the date an offset asks for ("a year before its latest one"): a 52/53-week quarter ends up to a week off. */
const OFFSET_TOLERANCE_DAYS = 46;
/** Days a dated version may lie from the date an offset in weeks asks for: less than half a week. */
const WEEK_OFFSET_TOLERANCE_DAYS = 3;

/** `iso` moved `months` back in the calendar (the day kept, or the month's last when it has fewer). */
function monthsBefore(iso: string, months: number): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 - months, 1));
  target.setUTCDate(Math.min(day, lastDay(target.getUTCFullYear(), target.getUTCMonth())));
  return target.toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;

/**
 * Of the dated documents `ids`, the one dated nearest `target` (ISO day), when within `tolerance`
 * days of it (default {@link OFFSET_TOLERANCE_DAYS}); the first of equals.
 */
function nearestDated(
  index: DocumentIdentityIndex,
  ids: readonly string[],
  target: string,
  tolerance = OFFSET_TOLERANCE_DAYS,
): string | undefined {
  const distance = (id: string) =>
    Math.abs(Date.parse(`${index.date(id)!}T00:00:00Z`) - Date.parse(`${target}T00:00:00Z`)) / DAY_MS;
  const nearest = ids.reduce<string | undefined>(
    (best, id) => (best === undefined || distance(id) < distance(best) ? id : best),
    undefined,
  );
  return nearest !== undefined && distance(nearest) <= tolerance ? nearest : undefined;
}

/**
 * For each series the question is about (of two dated versions or more), the version at the
 * position it asks for (see {@link SeriesPosition}): counted from the newest or the oldest, or,
 * for an offset, the version dated nearest to that long before the newest, within
 * {@link OFFSET_TOLERANCE_DAYS} (none when no version is that near).
 */
function positionPreferences(input: PreferenceInput, position: SeriesPosition): Preference[] {
  const { index } = input;
  const out: Preference[] = [];
  for (const members of seriesInQuestion(input)) {
    const { ids: dated, label, by } = inOrder(index, members);
    if (dated.length < 2) continue;
    const newest = dated[dated.length - 1]!;
    let pick: string | undefined;
    let rule: string;
    // An offset in time needs dates.
    if ((position.months !== undefined || position.days !== undefined) && by !== 'date') continue;
    if (position.months !== undefined) {
      const target = monthsBefore(index.date(newest)!, position.months);
      pick = nearestDated(index, dated.slice(0, -1), target);
      rule = `dated nearest ${target}, ${position.months} months before the newest (${index.date(newest)})`;
    } else if (position.days !== undefined) {
      const target = daysBefore(index.date(newest)!, position.days);
      pick = nearestDated(index, dated.slice(0, -1), target, WEEK_OFFSET_TOLERANCE_DAYS);
      rule = `dated nearest ${target}, ${position.days} days before the newest (${index.date(newest)})`;
    } else if (position.from === 'newest') {
      pick = dated[dated.length - 1 - position.steps];
      rule =
        position.steps === 1
          ? `the version before the newest (before ${label(newest)})`
          : `${position.steps} versions before the newest (${label(newest)})`;
    } else {
      pick = dated[position.steps];
      rule = position.steps === 0 ? 'the oldest' : `${position.steps + 1}th oldest`;
    }
    if (pick === undefined) continue;
    out.push({
      documentId: pick,
      kind: 'recency',
      reason: `${rule} (${label(pick)}) of the ${dated.length} ${by === 'date' ? 'dated' : 'numbered'} documents of its series, for "${position.text}"`,
      ...described(index, members, pick),
    });
  }
  return out;
}

/**
 * For each document of a named period (`chosen`), the version of its series `step` counts from
 * it: `steps` versions after or before it in date order, or the version dated nearest `months`
 * after or before it (within {@link OFFSET_TOLERANCE_DAYS}). One that has no such version prefers
 * none.
 */
function steppedPreferences(
  index: DocumentIdentityIndex,
  chosen: readonly Preference[],
  step: PeriodStep,
): Preference[] {
  const out: Preference[] = [];
  const seen = new Set<string>();
  for (const { documentId } of chosen) {
    const series = index.series(documentId);
    const dated = byDate(index, series.length > 0 ? series : [documentId]);
    const at = dated.indexOf(documentId);
    if (at < 0) continue;
    let pick: string | undefined;
    if (step.months !== undefined) {
      const target = monthsBefore(index.date(documentId)!, -step.months);
      pick = nearestDated(
        index,
        dated.filter((id) => id !== documentId),
        target,
      );
    } else {
      pick = dated[at + step.steps];
    }
    if (pick === undefined || seen.has(pick)) continue;
    seen.add(pick);
    const how =
      step.months !== undefined
        ? `${Math.abs(step.months)} months ${step.months > 0 ? 'after' : 'before'}`
        : `${Math.abs(step.steps)} version${Math.abs(step.steps) === 1 ? '' : 's'} ${step.steps > 0 ? 'after' : 'before'}`;
    out.push({
      documentId: pick,
      kind: 'period',
      reason: `${how} the one of the period asked for (${index.date(documentId)}): ${index.date(pick)}, for "${step.text}"`,
    });
  }
  return out;
}

/**
 * `asked` with a year named relative to the newest ("this year's second quarter", see
 * {@link AskedPeriod.yearsBack}) resolved against the newest date of `pool`; undefined when no
 * document of it is dated.
 */
function resolvedPeriod(
  index: DocumentIdentityIndex,
  pool: readonly string[],
  asked: AskedPeriod,
): AskedPeriod | undefined {
  if (asked.yearsBack === undefined) return asked;
  const newest = pool
    .map((id) => index.date(id))
    .filter((date) => date !== undefined)
    .sort()
    .at(-1);
  if (newest === undefined) return undefined;
  const [year, month] = newest.split('-').map(Number) as [number, number];
  if (asked.latestMonth && asked.month !== undefined) {
    return { ...asked, year: year - (month < asked.month ? 1 : 0) };
  }
  return { ...asked, year: year - asked.yearsBack };
}

/**
 * The last day (ISO) of a calendar period: a season's, a month's, a quarter's or half's, a
 * year's. Undefined for a fiscal one, whose calendar differs by document.
 */
function periodEnd(period: AskedPeriod): string | undefined {
  if (period.range) return period.range.end;
  if (period.fiscal || period.year <= 0) return undefined;
  const month = period.month ?? (period.quarter !== undefined ? 3 * period.quarter : 12);
  return `${period.year}-${String(month).padStart(2, '0')}-${String(lastDay(period.year, month - 1)).padStart(2, '0')}`;
}

/** Days before an issue date a report's period may have ended: about a quarter (a quarterly report is filed within weeks). */
const ISSUE_LAG_DAYS = 100;

/**
 * For an `issued` date ("filed in August 2023"): in each series among `ids`, the versions dated
 * in its span (a version's date is when it was issued: "Released: …"), and for reports (dated by
 * the end of the period they cover, issued after it) the newest whose period ended before the
 * span's end and at most {@link ISSUE_LAG_DAYS} before its start. None when every document is chosen.
 */
function issuedPreferences(
  index: DocumentIdentityIndex,
  ids: readonly string[],
  at: AskedDate,
): Preference[] {
  const series = new Map<string, string[]>();
  for (const id of ids) {
    const key = index.series(id)[0] ?? id;
    series.set(key, [...(series.get(key) ?? []), id]);
  }
  const earliest = daysBefore(at.start, ISSUE_LAG_DAYS);
  const out: Preference[] = [];
  for (const members of series.values()) {
    const dated = byDate(index, members);
    const versions = dated.filter(
      (id) => !isReport(index, id) && index.date(id)! >= at.start && index.date(id)! <= at.end,
    );
    const report = dated
      .filter((id) => isReport(index, id) && index.date(id)! < at.end && index.date(id)! >= earliest)
      .at(-1);
    for (const id of versions)
      out.push({
        documentId: id,
        kind: 'period',
        reason: `dated ${index.date(id)}, in the span asked for ("${at.text}")`,
      });
    if (report)
      out.push({
        documentId: report,
        kind: 'period',
        reason: `its period ended ${index.date(report)}, the newest of its series that could be issued in the span asked for ("${at.text}")`,
      });
  }
  return out.length === ids.length ? [] : out;
}

/** Inputs of {@link preferredDocuments}. */
export interface PreferenceInput {
  cue: TimeCue;
  index: DocumentIdentityIndex;
  /**
   * The question, to read which documents its time cue counts among when they are no series by
   * name (see `describedDocuments`); without it, only series by name are counted.
   */
  question?: string;
  /** The collection's own document nouns the cue was read with (see {@link TimeCueOptions.nouns}). */
  nouns?: readonly string[];
  /** The documents the question names (document focus), best first. */
  named: readonly string[];
  /** The documents of the best hits before any preference, best first (the series a question is about when it names none). */
  ranked: readonly string[];
}

/**
 * Whether the documents a question names (document focus) are not those its time cue's noun
 * phrase describes: no word of the phrase names any of them, while one names another document.
 * "What did the latest Ashby Library news post announce?": "announce" names the
 * `announcement-N.txt` emails (one stem), the phrase "Ashby Library news" the library's pages. The
 * focus then rests on a word the phrase does not use, and the retriever drops it.
 */
export function focusBesidePhrase(
  index: DocumentIdentityIndex,
  question: string,
  cue: TimeCue,
  named: readonly string[],
  nouns: readonly string[] = [],
): boolean {
  if (named.length === 0) return false;
  const terms = documentPhraseTerms(question, cue, nouns);
  if (terms.length === 0) return false;
  if (terms.some((term) => named.some((id) => index.namesDocument(term, id)))) return false;
  return terms.some((term) => index.holds(term));
}

/**
 * Documents of the series a question is about: those it names, else the best hit's. When none of
 * those series has two versions in order (posts, pages and memos named each by its subject), the
 * documents the question's own words describe as one series, when they do (see
 * `describedDocuments`).
 */
function seriesInQuestion(input: PreferenceInput): string[][] {
  const seeds = input.named.length > 0 ? input.named : describedHit(input);
  const seen = new Set<string>();
  const out: string[][] = [];
  for (const id of seeds) {
    const members = input.index.series(id);
    const key = members[0] ?? id;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(members.length > 0 ? members : [id]);
  }
  if (out.some((members) => inOrder(input.index, members).ids.length >= 2)) return out;
  const described = describedDocuments(input);
  return described ? [described] : out;
}

/**
 * `{ series: members }` when `members`, among which `documentId` was chosen, are not its series
 * by name (the question's words described them, see `describedDocuments`); empty otherwise.
 */
function described(
  index: DocumentIdentityIndex,
  members: readonly string[],
  documentId: string,
): { series?: string[] } {
  const own = index.series(documentId);
  return own.length === members.length && members.every((id) => own.includes(id))
    ? {}
    : { series: [...members] };
}

/**
 * The best hit's document, as a list of one, when the question names none: the best of those a
 * word of its time cue's noun phrase names, when any does ("the latest Ashby Library news post":
 * the best hit among the library's pages, over an email that shares the question's other words),
 * else the best hit's. None when there are no hits.
 */
function describedHit(input: PreferenceInput): string[] {
  const terms = input.question ? documentPhraseTerms(input.question, input.cue, input.nouns) : [];
  const described = input.ranked.find((id) => terms.some((term) => input.index.namesDocument(term, id)));
  const best = described ?? input.ranked[0];
  return best === undefined ? [] : [best];
}

/** Prepositions that open what a document is about, after its noun: "the latest update *on* the diversion". */
const ABOUT = /^(?:on|about|of|for|from|regarding|concerning|covering)$/;

/** Words of a time cue that say which version, not which documents: position, order, dates. */
const ORDER_WORDS =
  'latest|newest|most|recent|current|previous|prior|preceding|former|earliest|oldest|original|initial|first|last|final|second|third|fourth|next|penultimate|before|after';
const ORDER_WORD = new RegExp(
  String.raw`^(?:${ORDER_WORDS}|\d+(?:st|nd|rd|th)?|q[1-4]|fy\d*|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|spring|summer|autumn|fall|winter)$`,
);
const ORDER_WORD_IN = new RegExp(String.raw`\b(?:${ORDER_WORDS})\b`, 'i');

/**
 * Whether `question` holds a word of order or recency ("previous", "earliest", "latest",
 * "before"): a collection's own document noun may make it a time cue ("the previous episode").
 */
export function mentionsOrder(question: string): boolean {
  return ORDER_WORD_IN.test(question);
}

/** Verbs that end the phrase after a document noun: "the update on the diversion *say* about …". */
const SAYING =
  /^(?:say|says|said|state|states|stated|mention|mentions|mentioned|tell|tells|told|show|shows|showed|report|reports|reported|give|gives|gave|list|lists|listed|announce|announces|announced|set|sets)$/;

/** Most words kept on each side of a cue's document noun. */
const PHRASE_WORDS = 5;

/**
 * The content terms of the noun phrase of the document noun a question's time cue counts (the
 * noun within two words of the cue's own words, or after them across qualifying words): the words before it back to a stop word ("the
 * *Elm Street Community Garden's* latest *blog* post", "the *facilities* memo"), and those of an
 * "on", "about", "of" … phrase after it ("the latest update on *the Route 7 diversion*"), without
 * order and date words, numbers and pronouns. Empty when no document noun is that near the cue.
 */
export function documentPhraseTerms(
  question: string,
  cue: TimeCue,
  nouns: readonly string[] = documentNouns(),
): string[] {
  const { naming, about } = documentPhrase(question, cue, nouns);
  return [...new Set(contentTerms([...naming, ...about].join(' ')))];
}

/**
 * The words (lower-cased, as `wordTokens` splits them) of the noun phrase of a time cue's
 * document noun (see {@link documentPhraseTerms}): those before the noun (`naming`: "elm",
 * "street", "community", "garden", "blog" of "the Elm Street Community Garden's latest blog
 * post"), and those of the "on", "about" … phrase after it (`about`: "route", "diversion"),
 * with the noun itself ("post"); no noun and no words when no document noun is near the cue.
 */
export function documentPhrase(
  question: string,
  cue: TimeCue,
  nouns: readonly string[] = documentNouns(),
): { noun?: string; naming: string[]; about: string[] } {
  // The noun a cue counts back from the newest stands first in its words, whatever it is ("the
  // *match* before Harbour Town's latest one", see `ANY_NOUN`).
  const counted = wordTokens(cue.previousText ?? cue.position?.text ?? '');
  const cueNoun = counted[1] === 'before' && counted[0] !== 'one' ? counted[0] : undefined;
  const isNoun = (word: string) => word === cueNoun || isDocumentNoun(word, nouns);
  const tokens = wordTokens(question);
  const spans = [cue.recencyText, cue.position?.text, cue.previousText, cue.period?.text, cue.at?.text]
    .filter((text): text is string => text !== undefined && text !== '')
    .map((text) => wordTokens(text))
    .flatMap((words) => {
      const at = tokens.findIndex((_, i) => words.every((w, k) => tokens[i + k] === w));
      return at < 0 || words.length === 0 ? [] : [[at, at + words.length - 1] as const];
    });
  // A word of the present says when, not which documents: a noun before it is what is asked ("the
  // easy access savings rate now"), one after it may be counted ("now the newest minutes").
  const present = new Set(presentPhrases(cue.recencyText ?? '').flatMap((phrase) => wordTokens(phrase)));
  const presentSpan = ([a, b]: readonly [number, number]) =>
    tokens.slice(a, b + 1).every((t) => present.has(t));
  const distance = (i: number) =>
    Math.min(
      ...spans.map((span) => {
        const [a, b] = span;
        if (i < a && presentSpan(span)) return Number.POSITIVE_INFINITY;
        return i < a ? a - i : i > b ? i - b : 0;
      }),
    );
  // Near the cue: within two words, or after it across words that qualify the noun ("the newest
  // Elm Street garden blog post"), none a stop word.
  const qualifies = (i: number) =>
    spans.some(
      ([, b]) => i > b && i - b <= PHRASE_WORDS + 1 && tokens.slice(b + 1, i).every((t) => !isStopWord(t)),
    );
  const candidates = tokens
    .map((token, i) => ({ token, i }))
    .filter(({ token, i }) => isNoun(token) && (distance(i) <= 2 || qualifies(i)));
  const noun = candidates.sort((a, b) => distance(a.i) - distance(b.i))[0];
  if (!noun) return { naming: [], about: [] };
  const naming: string[] = [];
  for (let i = noun.i - 1; i >= 0 && naming.length < PHRASE_WORDS; i--) {
    const token = tokens[i]!;
    if (isStopWord(token)) break;
    if (!ORDER_WORD.test(token) && !isNoun(token) && token.length > 1) naming.push(token);
  }
  const about: string[] = [];
  if (ABOUT.test(tokens[noun.i + 1] ?? '')) {
    let i = noun.i + 2;
    while (/^(?:the|its|their|a|an)$/.test(tokens[i] ?? '')) i++;
    for (
      const end = i + PHRASE_WORDS;
      i < end && i < tokens.length && !isStopWord(tokens[i]!) && !SAYING.test(tokens[i]!);
      i++
    ) {
      if (!ORDER_WORD.test(tokens[i]!)) about.push(tokens[i]!);
    }
  }
  // A possessive in the cue names the series: "Harbour Town's" of "the match before Harbour Town's
  // latest one".
  const owner =
    /((?:[a-z0-9][a-z0-9.&-]*\s+){0,3}[a-z0-9][a-z0-9.&-]*)['’]s?\s+(?:latest|current|newest|most\s+recent)\b/i.exec(
      cue.previousText ?? cue.position?.text ?? '',
    );
  if (owner && naming.length === 0) {
    const after = owner[1]!.split(/\b(?:before|preceding|preceded|prior\s+to|than)\b/i).at(-1)!;
    naming.push(...wordTokens(after).filter((word) => !isStopWord(word) && !ORDER_WORD.test(word)));
  }
  const named = (words: string[]) =>
    [...new Set(words)].filter((word) => contentTerms(word).some((term) => isIdentityTerm(term)));
  return { noun: noun.token, naming: named(naming), about: named(about) };
}

/**
 * The documents a question's words describe as one series when no series by name holds two
 * versions in order: those described by its time cue's noun phrase as a document it names (else
 * the best hit's) is, holding every word of the phrase that document's identity holds (see
 * `documentPhraseTerms`, `DocumentIdentityIndex.describedBy`), when two or more of them are in
 * order (dated, or numbered). "The latest facilities memo" describes every memo whose title or file name
 * says "facilities"; "the Elm Street Community Garden's latest blog post" the posts of a
 * `garden-blog/` folder; a noun with no words of its own describes the documents whose identity
 * holds it ("the earliest email": the files of an `emails/` folder), when every one of them is in
 * order (an undated agreement beside its dated amendments is none). Undefined otherwise: a phrase
 * whose terms describe one document, or none ("the latest security policy" beside other
 * policies), counts nothing.
 */
function describedDocuments(input: PreferenceInput): string[] | undefined {
  if (input.question === undefined) return undefined;
  const phrase = documentPhrase(input.question, input.cue, input.nouns);
  const words = [...new Set(contentTerms([...phrase.naming, ...phrase.about].join(' ')))];
  // With no words of its own, the noun describes what names it: "the earliest email" the files of
  // an `emails/` folder, whatever each is named by.
  const noun = words.length > 0 ? undefined : phrase.noun;
  const terms = noun === undefined ? words : contentTerms(noun).filter((term) => input.index.holds(term));
  if (terms.length === 0) return undefined;
  const seeds = input.named.length > 0 ? input.named : describedHit(input);
  for (const seed of seeds) {
    const ids = input.index.describedBy(terms, seed);
    const ordered = inOrder(input.index, ids).ids.length;
    // A noun alone describes loosely: only documents all in order make a series of it.
    if (ordered >= 2 && (noun === undefined || ordered === ids.length)) return ids;
  }
  return undefined;
}

/**
 * Words of a question asked of the past or of more than one version: the past's auxiliaries
 * ("was", "did", "had"), words placing it in the past ("originally", "previously", "used to",
 * "ago"), and words comparing versions or asking for each ("differ", "compare", "between", "each",
 * "all", "history"). Not "before" ("How long should I fast before the scan?") nor "change" ("How
 * can the constitution be changed?"): "the version before", "what changed since" name a time cue
 * of their own, or ask in the past.
 */
const NOT_PRESENT =
  /\b(?:was|were|did|had|wasn['’]t|weren['’]t|didn['’]t|hadn['’]t|originally|previously|formerly|used\s+to|ago|at\s+first|differ(?:s|ed|ence|ences|ent)?|compar(?:e|ed|es|ing|ison)|between|versus|vs|each|every|all|history|over\s+time)\b/i;

/** An auxiliary or a form of "be": a question without one asks in its main verb's own tense. */
const AUXILIARY =
  /\b(?:is|are|am|was|were|be|been|do|does|did|has|have|had|can|could|will|would|shall|should|may|might|must)\b|['’](?:s|re|ve|ll|d)\b/i;
/** A word in "-ed", read as a verb's past in a question without an auxiliary ("Which release added …?"). */
const PAST_FORM = /\b\p{L}{2,}ed\b/iu;

/**
 * For a question naming a version of a series by a label or a dotted number its name or title
 * carries ("When was Quarry 5.1 released?", "revision 3"), in any tense: that version, when not
 * every version carries it (kind `period`). For a question asked in the present that names no time
 * and no version ("What is the flash point of Kestrel Citrus Degreaser?", "How many players can
 * play Saltmarsh Traders?"): the newest of
 * each series it is about (see `seriesInQuestion`) whose versions replace each other — safety data
 * sheets, policies, rulebooks, each in force from its date —, when two or more are in order (see
 * `inOrder`). What is asked of such a document now is what its version in force says. None for a
 * series of reports of periods (a quarter's report is not replaced by the next: "What was the
 * revenue?" may ask of any), for a question asked of the past or of more than one version (see
 * `NOT_PRESENT`; also one without an auxiliary whose verb is in "-ed": "Which release added PDF
 * export?"), or one naming a version of the series ("revision 3", "Larkspur Server 3.1": a
 * label or a dotted number a version's name carries) or some of its versions.
 */
export function inForcePreferences(input: PreferenceInput): Preference[] {
  const { index, question } = input;
  if (!question) return [];
  const past = NOT_PRESENT.test(question) || (!AUXILIARY.test(question) && PAST_FORM.test(question));
  const named = new Set(input.named);
  // The version labels the question writes ("revision 3", "version 2.8") and its dotted numbers
  // ("Larkspur Server 3.1"): a series one of whose versions' names carries one is asked of that
  // version ("from version 2.8", which none carries, asks of the version in force).
  const written = versionLabel(question);
  const labels = [
    ...(written === undefined ? [] : [written]),
    ...(question.match(/(?<![\d.])\d+(?:\.\d+)+(?![\d.])/g) ?? []),
  ];
  const out: Preference[] = [];
  for (const members of seriesInQuestion(input)) {
    const names = (id: string) => [id, index.document(id)?.title ?? ''];
    const label = (id: string) => labels.find((l) => names(id).some((name) => namesVersion(name, l)));
    const carrying = members.filter((id) => label(id) !== undefined);
    if (carrying.length > 0) {
      // The version the question names ("When was Quarry 5.1 released?"), in any tense: its
      // number is no word the lexical index holds ("5.1" is read as "5" and "1").
      if (carrying.length < members.length)
        for (const id of carrying)
          out.push({
            documentId: id,
            kind: 'period',
            reason: `names this version: "${label(id)}", one of the ${members.length} versions of its series`,
          });
      continue;
    }
    if (past || members.some((id) => isReport(index, id))) continue;
    const picked = members.filter((id) => named.has(id)).length;
    if (picked > 0 && picked < members.length) continue;
    const { ids, label: dated } = inOrder(index, members);
    if (ids.length < 2) continue;
    const newest = ids.at(-1)!;
    out.push({
      documentId: newest,
      kind: 'recency',
      reason: `in force: the newest (${dated(newest)}) of the ${ids.length} versions of its series, for a question in the present that names no time`,
    });
  }
  return out;
}

/**
 * The documents a question's time cue prefers, with why. For a period: among the documents it
 * names (all documents when it names none), those whose label states the period, else those whose
 * date falls in it. For a recency cue: the newest dated document of each series the question is
 * about (see `seriesInQuestion`), when that series has two dated documents or more. For a
 * stated date (`cue.at`): the version of each series of two or more in force at it, before or
 * after it (see `versionsAt`), and among reports and documents of no series those of the period
 * it states, as for a period. For "the previous version": the second newest of each series the
 * question is about. Empty when the cue prefers nothing.
 */
export function preferredDocuments(input: PreferenceInput): Preference[] {
  const { cue, index } = input;
  const pool = () =>
    input.named.length > 0 ? [...new Set(seriesInQuestion(input).flat())] : index.documentIds();
  if (cue.at?.relation === 'issued') return issuedPreferences(index, pool(), cue.at);
  if (cue.at) {
    const all = pool();
    // A report is matched by the period it covers (the balance sheet "as of June 30, 2023" is in
    // the report of the quarter ended then), and so is a document of no series (an accident
    // report dated by the day it tells of); a version of a series by when it took effect.
    const versioned = (id: string) => !isReport(index, id) && index.series(id).length > 1;
    const reports = cue.at.relation === 'in-force' ? all.filter((id) => !versioned(id)) : [];
    const versions = all.filter(versioned);
    const period = cue.period ? resolvedPeriod(index, all, cue.period) : undefined;
    const chosen = [
      ...(period && reports.length > 0 ? periodPreferences(index, reports, period, all.length) : []),
      ...versionsAt(index, versions, cue.at),
    ];
    // A date every document matches prefers none of them.
    return chosen.length === all.length ? [] : chosen;
  }
  if (cue.period) {
    const all = pool();
    const period = resolvedPeriod(index, all, cue.period);
    if (!period) return [];
    const chosen = periodPreferences(index, all, period);
    if (cue.periodStep) return steppedPreferences(index, chosen, cue.periodStep);
    // A version in force from its date (a policy, a manual) that no version of its series is dated
    // in: the period asks for the version in force then, the newest dated on or before its end.
    // Only for the series the question names: a period alone says nothing of the others.
    const end = input.named.length > 0 ? periodEnd(period) : undefined;
    if (end === undefined) return chosen;
    const versioned = all.filter(
      (id) =>
        !isReport(index, id) &&
        index.series(id).length > 1 &&
        !index.series(id).some((member) => periodMatch(index, member, period) !== undefined),
    );
    return [
      ...chosen,
      ...versionsAt(index, versioned, {
        start: end,
        end,
        relation: 'in-force',
        text: period.text,
      }),
    ];
  }
  if (cue.position) return positionPreferences(input, cue.position);
  if (!cue.recency) return [];
  const out: Preference[] = [];
  for (const members of seriesInQuestion(input)) {
    const { ids: dated, label, by } = inOrder(index, members);
    if (dated.length < 2) continue;
    // Of versions dated alike, one the question names (the newest "Year 8 timetable" of the
    // timetables its noun describes, dated as the Year 7 one), else the first in the series' own
    // order (as the index lists them).
    const named = new Set(input.named);
    const newest =
      by === 'date'
        ? members
            .filter((id) => index.date(id) !== undefined)
            .reduce((a, b) =>
              index.stamp(b)! > index.stamp(a)! ||
              (index.stamp(b)! === index.stamp(a)! && named.has(b) && !named.has(a))
                ? b
                : a,
            )
        : dated[dated.length - 1]!;
    out.push({
      documentId: newest,
      kind: 'recency',
      reason:
        by === 'date'
          ? `newest (${label(newest)}) of the ${dated.length} dated documents of its series, for "${cue.recencyText}"`
          : `highest ${label(newest)} of the ${dated.length} numbered documents of its series (none dated), for "${cue.recencyText}"`,
      ...described(index, members, newest),
    });
  }
  return out;
}
