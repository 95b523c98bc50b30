/**
 * When a document is from: the period it covers or the date it states, read from what its first
 * pages say ("For the quarterly period ended July 1, 2023", "as of December 31, 2022", "Last
 * updated: 2024-03-01", a dated title such as "Release notes — March 2024"), with the parser's
 * metadata dates (a PDF's creation date) as a weak fallback, taken only when the text states no date
 * that contradicts it. The phrases are generic English report and policy wording, tried strongest
 * first; nothing here names a publisher or a kind of filing.
 * @module
 */
import type { Metadata } from '../core/types.js';

/** What span of time a date closes. */
export type PeriodKind = 'quarter' | 'half' | 'nine-months' | 'year' | 'season' | 'month' | 'day';

/** A document's date and period, as stored in its metadata (see {@link datedMetadata}). */
export interface DocumentDate {
  /** ISO date `YYYY-MM-DD`: the end of the period the document covers, or the date it states. */
  date: string;
  period: {
    kind: PeriodKind;
    /** ISO date of the period's end (= `date`). */
    end: string;
    /** Fiscal year and quarter the text labels the period with ("third quarter of fiscal 2023"), when it does. */
    fiscalYear?: number;
    fiscalQuarter?: number;
    /**
     * The day the document's fiscal year ends, `MM-DD` ("our fiscal year ends on September 30"
     * → `09-30`; "begins on July 1" → `06-30`), when the text states it or its fiscal label and
     * quarter's end imply it (see `fiscalYearEnd`).
     */
    fiscalYearEnd?: string;
    /**
     * The time of day the text states with the date, `HH:MM` (24-hour; "3 June 2024, 09:12 UTC"),
     * when it does: it orders documents of one day (an incident's status updates).
     */
    time?: string;
    /**
     * The calendar year the document's title names when the day it is dated by is in the year
     * before or after ("Drinking water quality report 2024", published 18 March 2025: 2024; "Budget
     * 2026", published in November 2025: 2026): the year it is about, whenever it was published (see
     * `namedYearOf`).
     */
    namedYear?: number;
    /**
     * The two calendar years a split year spans, as the document's title writes them with an en
     * dash ("2025–26"), when that is all it states of its period ("Term dates 2025–26"): `end` is
     * then the last day of the second year, a stand-in for an end the document does not state, so
     * a quote is labelled with this span, not with that day (see `periodLabel`).
     */
    span?: string;
  };
  /**
   * Where the date was found: the document's text; the fields its author set to date it (a
   * front matter's `date`, an HTML page's `article:published_time`; `ParsedDocument.publishedDate`);
   * the document's path, when its text states no date (`notes/2024/20 Feb - planning.md`: a day
   * and month in its file name, the year its folder names; see `pathDate`);
   * or the parser's metadata — weak: a file's
   * creation or modification date, which says when a copy was made, not what the document is
   * about; never shown as the document's date (see `shownDate`).
   */
  from: 'text' | 'fields' | 'name' | 'metadata';
  /** The phrase it was read from, as written (at most 120 characters). */
  evidence: string;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;
/** A month's name, full or short, optionally with a full stop (the source of a regular expression, no groups). */
export const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
/**
 * A day of a month written without its year (the source of a regular expression, no groups):
 * `15 June`, `Saturday 15 June`'s `15 June`, `June 15th`, `the 3rd of May`'s `3rd of May`.
 */
export const DAY_MONTH = String.raw`(?:\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?${MONTH}|${MONTH}\s+\d{1,2}(?:st|nd|rd|th)?(?![\d:]))`;
/**
 * A written date (the source of a regular expression, no groups): `July 1, 2023`, `1 July 2023`,
 * `2023-07-01`, `07/01/2023`, `Oct-16-2023`, `July 2023`, `03/2021` (a month, two digits, as a
 * package leaflet's "last revised in 03/2021"); read by {@link parseWrittenDate}.
 */
export const WRITTEN_DATE = String.raw`(?:${MONTH}\s+\d{1,2}(?:st|nd|rd|th)?,?\s+(?:19|20)\d\d|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?${MONTH},?\s+(?:19|20)\d\d|(?:19|20)\d\d-\d\d-\d\d|\d{1,2}/\d{1,2}/(?:19|20)\d\d|${MONTH}-\d{1,2}-(?:19|20)\d\d|\d{1,2}-${MONTH}-(?:19|20)\d\d|(?<![\d.])\d{1,2}\.\d{1,2}\.(?:19|20)\d\d(?![\d.])|${MONTH},?\s+(?:19|20)\d\d|(?<![\d/])(?:0[1-9]|1[0-2])/(?:19|20)\d\d(?![\d/]))`;
/**
 * A written date: `July 1, 2023`, `1 July 2023`, `2023-07-01`, `07/01/2023`, `Oct-16-2023`,
 * `12-Jan-2022`, `14.03.2024` (day first, as Germany and most of Europe write it), `July 2023`.
 */
const DATE = WRITTEN_DATE;

/** A day of the week before a date: "Wednesday 12 June 2024", "Tue., March 5, 2024". */
const WEEKDAY = String.raw`(?:(?:mon|tue|tues|wed|wednes|thu|thur|thurs|fri|sat|satur|sun)(?:day)?\.?,?\s+)`;

function monthIndex(word: string): number {
  return MONTHS.indexOf(word.slice(0, 3).toLowerCase() as (typeof MONTHS)[number]);
}

/** The months' names, in order. */
export const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

/**
 * A span of dates from one month to another ("24 July to 4 September", "April – October",
 * "1 Nov 2026 until 31 Mar 2027"): groups 1 and 3 the months, 2 and 4 their years when written.
 */
const MONTH_SPAN = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:\d{1,2}(?:st|nd|rd|th)?\s+)?(${MONTH})(?:,?\s+((?:19|20)\d\d))?\s*(?:to|–|—|-|until|till|through)\s*(?:\d{1,2}(?:st|nd|rd|th)?\s+)?(${MONTH})(?:,?\s+((?:19|20)\d\d))?(?![\p{L}])`,
  'giu',
);

/**
 * The months (0 for January) `text`'s spans of dates cover, both ends in (see {@link MONTH_SPAN});
 * a span from a month to the same month of another year ("March 2026 – March 2027") covers all.
 */
export function monthsSpanned(text: string): Set<number> {
  const out = new Set<number>();
  for (const m of text.matchAll(MONTH_SPAN)) {
    const from = monthIndex(m[1]!);
    const to = monthIndex(m[3]!);
    if (from === to && m[2] !== undefined && m[4] !== undefined && m[2] !== m[4]) {
      for (let i = 0; i < 12; i++) out.add(i);
      continue;
    }
    for (let i = from; ; i = (i + 1) % 12) {
      out.add(i);
      if (i === to) break;
    }
  }
  return out;
}

function iso(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month || date.getUTCDate() !== day) {
    return undefined;
  }
  return date.toISOString().slice(0, 10);
}

/** The number of days of a month (`month` 0–11). */
export function lastDay(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/**
 * Reads one written date (see the forms of `DATE`): `{ iso, precision }` where a month without a
 * day is its last day with precision `month`; a two-digit year (`3/5/24`, read after a date's
 * label only) is of this century; `07/01/2023` is read month first (US order) unless
 * the first number exceeds 12, or the document being dated writes its dates day first (see
 * {@link findDocumentDate}). Undefined for anything else or an impossible day.
 */
export function parseWrittenDate(text: string): { iso: string; precision: 'day' | 'month' } | undefined {
  const t = text.trim().replace(/\s+/g, ' ');
  let m = /^(\d{4})-(\d\d)-(\d\d)$/.exec(t);
  if (m) {
    const day = iso(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
    return day ? { iso: day, precision: 'day' } : undefined;
  }
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d\d)$/.exec(t);
  if (m) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    const [month, day] = a > 12 || (dayFirst && b <= 12) ? [b, a] : [a, b];
    const year = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
    const value = iso(year, month - 1, day);
    return value ? { iso: value, precision: 'day' } : undefined;
  }
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(t);
  if (m) {
    const value = iso(Number(m[3]), Number(m[2]) - 1, Number(m[1]));
    return value ? { iso: value, precision: 'day' } : undefined;
  }
  m = /^(\d{1,2})-([a-z]+)\.?-(\d{4})$/i.exec(t);
  if (m && monthIndex(m[2]!) >= 0) {
    const value = iso(Number(m[3]), monthIndex(m[2]!), Number(m[1]));
    return value ? { iso: value, precision: 'day' } : undefined;
  }
  m = /^([a-z]+)\.?[\s-](\d{1,2})(?:st|nd|rd|th)?,?[\s-](\d{4})$/i.exec(t);
  if (m && monthIndex(m[1]!) >= 0) {
    const value = iso(Number(m[3]), monthIndex(m[1]!), Number(m[2]));
    return value ? { iso: value, precision: 'day' } : undefined;
  }
  m = /^(\d{1,2})(?:st|nd|rd|th)? (?:of )?([a-z]+)\.?,? (\d{4})$/i.exec(t);
  if (m && monthIndex(m[2]!) >= 0) {
    const value = iso(Number(m[3]), monthIndex(m[2]!), Number(m[1]));
    return value ? { iso: value, precision: 'day' } : undefined;
  }
  m = /^(0[1-9]|1[0-2])\/(\d{4})$/.exec(t);
  if (m) {
    const [year, month] = [Number(m[2]), Number(m[1]) - 1];
    return { iso: iso(year, month, lastDay(year, month))!, precision: 'month' };
  }
  m = /^([a-z]+)\.?,? (\d{4})$/i.exec(t);
  if (m && monthIndex(m[1]!) >= 0) {
    const year = Number(m[2]);
    const month = monthIndex(m[1]!);
    return { iso: iso(year, month, lastDay(year, month))!, precision: 'month' };
  }
  return undefined;
}

/**
 * Whether the document being dated writes numeric dates day first (`12/06/2023` is 12 June), set
 * by {@link findDocumentDate} for its call (it is synchronous; see `writesDayFirst`).
 */
let dayFirst = false;

/**
 * Whether `text` writes numeric dates day first: a slash date whose first number exceeds 12
 * (`14/11/2023`), or amounts in pounds or euros, whose countries write the day first (en-GB and
 * most of Europe; the US writes dollars and the month first). Else, with no dollar amount, two or
 * more different slash dates that share their second number and differ in their first
 * (`06/02/2023`, `07/02/2023`, `10/02/2023` of a letter's clinic, dictation and typing): a
 * document's dates mostly lie within weeks, so the number that varies is the day.
 */
function writesDayFirst(text: string): boolean {
  if (/(?<!\d)(?:1[3-9]|2\d|3[01])\/(?:0?[1-9]|1[0-2])\/(?:19|20)\d\d/.test(text) || /[£€]\s?\d/.test(text))
    return true;
  if (/\$\s?\d/.test(text)) return false;
  const dates = [...text.matchAll(/(?<![\d/])(\d{1,2})\/(\d{1,2})\/((?:19|20)\d\d)(?![\d/])/g)].map(
    (m) => [Number(m[1]), Number(m[2]), m[3]] as const,
  );
  const firsts = new Set(dates.map(([a]) => a));
  const seconds = new Set(dates.map(([, b]) => b));
  return firsts.size >= 2 && seconds.size === 1 && [...seconds][0]! <= 12;
}

/** A phrase that dates a document, strongest first: the period a report covers, then a stated date. */
const PHRASES: Array<{ pattern: RegExp; kind: (phrase: string) => PeriodKind }> = [
  {
    // "For the quarterly period ended July 1, 2023", "three months ended", "fiscal year ended",
    // "Week ending 5 April 2024" (a weekly report: dated by the day its week ends), as British
    // reports write it too: "six months to 30 June 2025", "the year to 31 March 2025"
    pattern: new RegExp(
      String.raw`\b(quarterly\s+period|quarter|three\s+months|six\s+months|half[-\s]year|nine\s+months|fiscal\s+year|financial\s+year|year|twelve\s+months|month|week)\s+(?:ended|ending|to)\s+${WEEKDAY}?(${DATE})`,
      'i',
    ),
    kind: (phrase) => {
      const p = phrase.toLowerCase();
      if (p === 'week') return 'day';
      if (/quarter|three/.test(p)) return 'quarter';
      if (/six|half/.test(p)) return 'half';
      if (/nine/.test(p)) return 'nine-months';
      if (/year|twelve/.test(p)) return 'year';
      return 'month';
    },
  },
  {
    // "Effective date: March 1, 2024", "Last updated 2024-03-01", "Released: June 2023", "Edition
    // of March 2022", "as of …", a timetable's "Valid from 2 June 2024", an agreement's "is made on
    // 1 February 2022", a leaflet's "last revised in 03/2021"; a meeting's record: "held on
    // Wednesday 12 June 2024", "adopted on …", "approved on …", a constitution's or a policy's
    // "Adopted at the General Meeting of 12 March 2019", "As amended at the Annual General Meeting
    // held on …", "approved by the Board on …"; a week's plan or menu by the day
    // its week begins: "w/c 4 March 2024", "Week commencing …", "week beginning …", "w/b …"; a
    // price list's "Prices from 1 April 2023"; a paper's "Published online 20 June 2021" (after its
    // "Received" and "Accepted" dates, which are no date of the paper); a warning's "Issued at 06:00
    // on Tuesday 5 March 2024"; a judgment's "handed down: …"; a notice whose line opens "From
    // Sunday 1 September 2024, …"; a controlled document's (a safety data sheet's) "Date of
    // revision: 20 January 2026", "Revision date", "Date of issue", "Date of preparation"
    pattern: new RegExp(
      String.raw`\b(w/[cb]|week\s+(?:commencing|beginning|starting)|(?:prices|fares|charges|tariffs|rates)\s+(?:(?:valid|apply|applicable)\s+)?from|effective(?:\s+(?:date|from|as\s+of))?|valid\s+(?:from|as\s+of)|in\s+(?:force|effect)\s+from|(?:is\s+)?made(?:\s+on)?|(?:delivered|given|presented|recorded|broadcast|aired|preached)\s+on|entered\s+into\s+on|(?:this\s+leaflet\s+was\s+)?last\s+(?:updated|revised|modified|reviewed)(?:\s+in)?|updated(?:\s+on)?|revised(?:\s+on)?|release\s+date|released(?:\s+on)?|date\s+of\s+(?:last\s+)?(?:revision|issue|preparation|publication)|(?:revision|issue)\s+date|(?:first\s+)?published(?:\s+online)?(?:\s+on)?|issued(?:\s+at\s+\d{1,2}[:.]\d\d(?:\s*[ap]m)?)?(?:\s+on)?|(?:judgment\s+|judgement\s+|decision\s+)?handed\s+down(?:\s+on)?|version\s+date|dated|edition(?:\s+of)?|as\s+(?:of|at)|held\s+on|adopted\s+on|approved\s+on|(?:as\s+)?(?:adopted|approved|amended|ratified|agreed)\s+(?:at|by)\s+(?:the\s+|an?\s+)?(?:[a-z-]+\s+){0,4}?(?:meeting|assembly|conference|agm|egm|board|council|committee|trustees|directors|governors)\s+(?:held\s+)?(?:on|of)|(?<=^|\n)from)\s*[:\-–—]?\s*(?:on\s+)?${WEEKDAY}?(${DATE})`,
      'i',
    ),
    kind: () => 'day',
  },
];

/**
 * A labelled date field of a key/value form ("Date: 12/08/2007", "Date & Time: 12/08/2007, 1730",
 * "Report date: …", "Meeting date: Wednesday 11 September 2024", "Date of hearing: …", "Service
 * date: 12/06/2023", "Invoice date: …", a clinic letter's "Clinic date: 06/02/2023", a record's
 * event: "Sample collected: 14 March 2023", see `RECORDED_EVENT`): a line, or
 * a table cell, that opens with the label. The label names the document or the occasion it
 * records, not a date it mentions ("Due date", "Expiry date" are not the document's).
 */
const DATE_OF =
  '(?:report|issue|publication|meeting|hearing|session|inspection|decision|letter|minutes|notice|service|visit|appointment|clinic|consultation|admission|discharge|procedure|operation|test|examination|assessment|survey|audit|invoice|bill|statement)';
/**
 * The label of the event a record (a laboratory report, an examination) is of, when it gives no
 * "date" word: "Sample collected: 14 March 2023", "Specimen taken: …", "Reported: …",
 * "Examined on: …", an email's "Sent: Tuesday, March 5, 2024 9:14 AM" (Outlook's header), a
 * letter's "Dictated: …" and "Typed: …".
 */
/**
 * Any other one-word label of the event a record is of ("Calibration date: 12-Jan-2022", "Purchase
 * date: …", "Order date: …", an inventory's "Check-in date: …"), save those of a date the record
 * looks ahead or aside to ("Due date", "Expiry date", "Next … date", "Start date", "Birth date", an
 * order's "Delivery date", "Review date", often the next review) and those of the day a copy was
 * made ("Print date", "Download date", "Generated date": a file's date, as weak as its metadata).
 */
const EVENT_NOUN = String.raw`(?!(?:due|expiry|expiration|expiring|next|start|starting|end|ending|birth|closing|deadline|return|renewal|maturity|settlement|record|estimated|expected|target|planned|review|completion|commencement|termination|departure|arrival|delivery|payment|effective|valid|from|to|until|check-out|print|printed|printing|download|downloaded|generated|export|exported|run|access|accessed|retrieved|viewed)\b)[a-z]{3,}(?:-[a-z]+)?`;
/**
 * A slash date with a two-digit year ("3/5/24", "18/11/23"), as a till receipt or a form writes
 * it: read after a date's label only (see `LABELLED_DATE`), where nothing else is meant; the year
 * is of this century.
 */
const SHORT_YEAR_DATE = String.raw`\d{1,2}/\d{1,2}/\d\d(?![\d/])`;
const RECORDED_EVENT = String.raw`(?:(?:sample|specimen|blood)\s+)?(?:collected|taken|drawn|received|reported|examined|tested|performed)(?:\s+on)?|sent|dictated|typed`;
const LABELLED_DATE = new RegExp(
  String.raw`(?:^|\n|\|)[ \t]*((?:${DATE_OF}\s+|${EVENT_NOUN}\s+)?date(?:\s*(?:&|and)\s*time)?|date\s+of\s+(?:the\s+)?${DATE_OF}|${RECORDED_EVENT})[ \t]*:[ \t]*${WEEKDAY}?(${DATE}|${SHORT_YEAR_DATE})`,
  'i',
);

/**
 * The number of an issue of a periodical: "Issue 12", "No. 13", "Vol. 3, No. 2", "Volume 7 Number 1".
 */
const ISSUE_NUMBER = String.raw`(?:(?:issue|no\.?|number|vol\.?|volume)\s*\d+[a-z]?[\s,]*){1,2}`;
/** What sets an issue's number apart from its date on one line: "·", "•", "|", a dash, a comma, a colon. */
const ISSUE_SEPARATOR = String.raw`\s*[·•|,:\-–—]?\s*`;

/**
 * A time of day after a date: ", 09:12 UTC", " at 4:47 PM", " 11.40 BST". Groups: hours, minutes,
 * `am`/`pm`.
 */
const TIME_OF_DAY = String.raw`(?:,?\s*(?:at\s+)?(\d{1,2})[:.](\d\d)\s*(am|pm)?(?:\s*(?:utc|gmt|z|[a-z]{2,4}t|[+-]\d\d:?\d\d))?)`;

/** `HH:MM` (24-hour) of a time of day's hours, minutes and `am`/`pm`; undefined when impossible. */
function clockTime(
  hours: string | undefined,
  minutes: string | undefined,
  half: string | undefined,
): string | undefined {
  if (hours === undefined || minutes === undefined) return undefined;
  let h = Number(hours);
  const m = Number(minutes);
  if (half) {
    if (h < 1 || h > 12) return undefined;
    h = (h % 12) + (half.toLowerCase() === 'pm' ? 12 : 0);
  }
  return h > 23 || m > 59 ? undefined : `${String(h).padStart(2, '0')}:${minutes}`;
}

/**
 * A line or table cell that holds nothing but a date, as a cover page dates itself ("16 August
 * 2021"), or a periodical's issue line: the date with the issue's number ("Issue 12 · February
 * 2024", "Vol. 3, No. 2, May 2024", "May 2024 — Issue 13"); a time of day may close the date
 * ("3 June 2024, 09:12 UTC", see `TIME_OF_DAY`: groups 2–4). Group 1 or 5 is the date.
 */
const DATE_ONLY = new RegExp(
  `^(?:${ISSUE_NUMBER}${ISSUE_SEPARATOR})?${WEEKDAY}?(${DATE})${TIME_OF_DAY}?$|^(${DATE})${ISSUE_SEPARATOR}${ISSUE_NUMBER}$`,
  'i',
);

/**
 * The first line, table cell or field of a meta line of `page` holding nothing but a date (a
 * weekday may open it) or an issue line (see `DATE_ONLY`), and its date.
 */
function dateOnlyLine(page: string): { line: string; date: string; time?: string } | undefined {
  for (const line of page.split('\n')) {
    // A table's cells, and the fields of a meta line ("County League · Saturday 17 August 2024 ·
    // The Quayside Ground", "By Jane Doe • 14 March 2024 • 5 min read").
    for (const cell of [line, ...line.split(/[|·•]/)]) {
      const text = cell.replace(/[*_#]+/g, ' ').trim();
      const m = DATE_ONLY.exec(text);
      const time = m ? clockTime(m[2], m[3], m[4]) : undefined;
      if (m) return { line: text, date: (m[1] ?? m[5])!, ...(time ? { time } : {}) };
    }
  }
  return undefined;
}

/**
 * The span a report states it covers, by a labelled period: "Reporting period: 1 April 2022 to 31
 * March 2023", "Accounting period from … to …", "Tax year 6 April 2023 to 5 April 2024". Groups:
 * the start, the end. A bill's or a statement's period is left to the day it was issued ("the bill
 * issued in March" is February's), and a period of cover (insurance) is no such span: a policy
 * takes effect at its start.
 */
const COVERED_SPAN = new RegExp(
  String.raw`\b(?:(?:reporting|accounting|review)\s+period|(?:tax|financial|academic|school)\s+year)\s*:?\s*(?:from\s+)?(${DATE})\s*(?:to|until|through|[–-])\s*(${DATE})`,
  'i',
);

/**
 * The end of the span `text` states it covers (see `COVERED_SPAN`), with the span's kind by its
 * length: a year (300 days or more), a half (150), a quarter (80), a month (25), else days.
 */
function coveredSpan(text: string): { end: string; kind: PeriodKind; line: string } | undefined {
  const m = COVERED_SPAN.exec(text);
  const start = m ? parseWrittenDate(m[1]!) : undefined;
  const end = m ? parseWrittenDate(m[2]!) : undefined;
  if (!m || !start || !end || end.iso < start.iso) return undefined;
  const days = (Date.parse(end.iso) - Date.parse(start.iso)) / 86_400_000;
  const kind: PeriodKind =
    days >= 300 ? 'year' : days >= 150 ? 'half' : days >= 80 ? 'quarter' : days >= 25 ? 'month' : 'day';
  return { end: end.iso, kind, line: m[0] };
}

/** A dash that ends a dateline: "-", "--", "–", "—". */
const DATELINE_DASH = '(?:-{1,2}|[–—])';

/**
 * A news release's dateline: a paragraph that opens with the place in capitals, its region, a wire
 * service, then the day it was issued and a dash ("CAMBRIDGE, England, 14 November 2023 – …",
 * "SAN FRANCISCO, March 5, 2024 /PRNewswire/ -- …", "NEW YORK--(BUSINESS WIRE)--June 18, 2024--"),
 * or with the day alone before the dash ("June 18, 2024 — …"); not a periodical's issue line
 * ("May 2024 — Issue 13", see `DATE_ONLY`). Groups: the place (checked to be
 * capitals by {@link datelineOf}), the date. The form is the news agencies' (The Associated Press
 * Stylebook, "datelines").
 */
const DATELINE = new RegExp(
  String.raw`^[ \t]*(?:([a-z][a-z.'’ \t-]{0,40}?)(?:,[ \t]*[a-z][a-z.]*(?:[ \t]+[a-z][a-z.]*){0,2}){0,2}[ \t]*(?:${DATELINE_DASH}?[ \t]*\([^)\n]{1,40}\)[ \t]*${DATELINE_DASH}?)?[ \t]*,?[ \t]*)?${WEEKDAY}?(${DATE})[ \t]*(?:\/[^/\n]{1,40}\/[ \t]*)?${DATELINE_DASH}[ \t]*(?!(?:issue|no\.?|number|vol\.?|volume)\b)\S`,
  'gim',
);

/** The first dateline of `text` (see `DATELINE`) whose place, if any, is written in capitals. */
function datelineOf(text: string): { line: string; date: string } | undefined {
  for (const m of text.matchAll(DATELINE)) {
    const place = m[1]?.trim();
    if (place && (place !== place.toUpperCase() || !/[A-Z]{2}/.test(place))) continue;
    return { line: m[0], date: m[2]! };
  }
  return undefined;
}

/**
 * The heading (or label) of a document's revision history: "Revision history", "Document
 * history", "Change record", "Version log", "Record of revisions", "Amendments".
 */
const HISTORY_HEADING =
  /^[ \t]*(?:#{1,6}[ \t]*)?(?:(?:revision|document|change|version|amendment)[ \t]+(?:history|record|log)|record[ \t]+of[ \t]+(?:revisions|amendments|changes)|history[ \t]+of[ \t]+(?:revisions|amendments|changes)|revisions|amendments)[ \t]*:?[ \t]*$/gim;

/**
 * The header row of a revision table: a revision (version, issue, release) column and a date
 * column ("Date", "Issued", "Release date"), in either order.
 */
const HISTORY_HEADER =
  /^(?=\|)(?=.*\|[ \t]*(?:rev(?:ision)?\.?|version|issue|edition|release)[ \t]*(?:no\.?|number)?[ \t]*\|)(?=.*\|[ \t]*(?:date|issued|released|effective(?:\s+date)?|(?:revision|release|issue)\s+date|date\s+(?:issued|released))[ \t]*\|)/im;

/** Markdown emphasis around a heading's or a header cell's words (a Word table's bold header). */
const EMPHASIS = /\*\*|__/g;

/**
 * Whether `line` heads a revision history (see `HISTORY_HEADING`: "Revision history", "Document
 * history", "Amendments"), as a heading or a label alone on its line, bold or not.
 */
export function isRevisionHeading(line: string): boolean {
  return new RegExp(HISTORY_HEADING.source, 'im').test(line.replace(EMPHASIS, ''));
}

/**
 * Whether `line` is a revision table's header row (see `HISTORY_HEADER`: a revision, version, issue
 * or edition column and a date column, in either order), bold cells too (`| **Version** | **Date**
 * | **Change** |`, a Word table's header).
 */
export function isRevisionHeader(line: string): boolean {
  return HISTORY_HEADER.test(line.replace(EMPHASIS, ''));
}

/** Characters read after a revision history's heading, up to the next heading. */
const HISTORY_CHARACTERS = 4000;

/**
 * The newest date of a document's revision history, as a datasheet, a standard or a controlled
 * procedure records its revisions (`| D | 2024-01-22 | … |`, each row a revision): the dates
 * under a revision history heading (up to the next heading), or those of a table whose header has
 * a revision column and a date column. Read from every page: a datasheet keeps it on its last.
 * The newest row dates the document, as its cover's "Rev. D" names it; undefined when none.
 */
function revisionHistoryDate(pages: readonly string[]): { line: string; date: string } | undefined {
  const text = pages.join('\n\n').replace(EMPHASIS, '');
  const blocks: string[] = [];
  for (const m of text.matchAll(HISTORY_HEADING)) {
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + HISTORY_CHARACTERS);
    blocks.push(after.split(/^[ \t]*#{1,6}[ \t]/m)[0]!);
  }
  const lines = text.split('\n');
  for (const [i, line] of lines.entries()) {
    if (!HISTORY_HEADER.test(line)) continue;
    let end = i + 1;
    while (end < lines.length && lines[end]!.trim().startsWith('|')) end++;
    blocks.push(lines.slice(i + 1, end).join('\n'));
  }
  let newest: { line: string; date: string } | undefined;
  for (const block of blocks) {
    for (const m of block.matchAll(ANY_DATE)) {
      const parsed = parseWrittenDate(m[0]);
      if (parsed && (!newest || parsed.iso > newest.date))
        newest = { line: `revision history: ${m[0]}`, date: parsed.iso };
    }
  }
  return newest;
}

/**
 * A line holding nothing but a season and its year, as a termly or seasonal publication dates
 * itself: "Autumn Term 2023", "Spring 2024", "Fall semester 2023", "Summer 2024 edition".
 * Groups: the season, the year.
 */
const SEASON_ONLY =
  /^(spring|summer|autumn|fall|winter)\s+(?:(?:term|semester|session|edition|issue)\s+)?((?:19|20)\d\d)(?:\s+(?:term|semester|session|edition|issue))?$/i;

/**
 * Seasons of the northern hemisphere's meteorological calendar, as month spans (0–11): spring
 * March to May, summer June to August, autumn (fall) September to November, winter December (of
 * the year before) to February.
 */
const SEASONS: Record<string, [number, number]> = {
  spring: [2, 4],
  summer: [5, 7],
  autumn: [8, 10],
  fall: [8, 10],
  winter: [-1, 1],
};
/** The first and last day (ISO) of a season of a year (see `SEASONS`). */
export function seasonSpan(season: string, year: number): { start: string; end: string } {
  const [first, last] = SEASONS[season.toLowerCase()]!;
  const start = new Date(Date.UTC(year, first, 1)).toISOString().slice(0, 10);
  const end = new Date(Date.UTC(year, last, lastDay(year, last))).toISOString().slice(0, 10);
  return { start, end };
}

/**
 * The season and year a season's last day (ISO, as {@link seasonSpan} ends it) names: "Autumn
 * 2025" of 2025-11-30, "Winter 2025" of 2025-02-28 (winter by the year it ends in). Undefined for
 * a day that ends no season.
 */
export function seasonNamed(end: string): string | undefined {
  const year = Number(end.slice(0, 4));
  const season = Object.keys(SEASONS).find((name) => name !== 'fall' && seasonSpan(name, year).end === end);
  return season === undefined ? undefined : `${season[0]!.toUpperCase()}${season.slice(1)} ${year}`;
}

/**
 * The first line of `page` holding nothing but a season and its year (see `SEASON_ONLY`), and
 * the last day of that season (ISO): "Spring Term 2024" ends on 2024-05-31, so a school's spring
 * newsletter sorts between its autumn and summer ones.
 */
function seasonLine(page: string): { line: string; end: string } | undefined {
  for (const raw of page.split('\n')) {
    const line = raw.replace(/[*_#]+/g, ' ').trim();
    const end = SEASON_ONLY.test(line) ? seasonOf(line) : undefined;
    if (end) return { line, end };
  }
  return undefined;
}

/** The last day (ISO) of the first season with its year that `text` names ("Spring Term 2024" → 2024-05-31). */
function seasonOf(text: string): string | undefined {
  const m = SEASON_YEAR.exec(text);
  if (!m) return undefined;
  return seasonSpan(m[1]!, Number(m[2])).end;
}

/** A season and its year anywhere in a line ("Spring 2024 catalogue", "Autumn Term 2023"). */
const SEASON_YEAR =
  /\b(spring|summer|autumn|fall|winter)\s+(?:(?:term|semester|session|edition|issue)\s+)?((?:19|20)\d\d)\b/i;

/** Any written date or year in the text, to check a metadata date against. */
const ANY_DATE = new RegExp(DATE, 'gi');

/**
 * How many years a metadata date may lie after the latest year the text states and still be the
 * document's: one (a report on December's events is written in January). Earlier than every stated
 * date is a contradiction too: a file is not created before what it reports.
 */
const METADATA_YEARS_AFTER_TEXT = 1;

/**
 * A calendar quarter and its year in a heading: "Safety bulletin: second quarter 2025", "Q3 2023
 * board pack", "the third quarter of 2024" (groups: the ordinal, or the number; the year). Not a
 * fiscal quarter ("Q1 FY2024", "the first quarter of fiscal 2023"), which the fiscal label reads.
 */
const QUARTER_YEAR = /\b(?:(first|second|third|fourth)\s+quarter(?:\s+of)?|q([1-4]))\s+((?:19|20)\d\d)\b/i;

/** The last day (ISO) of the calendar quarter `heading` names with its year (see {@link QUARTER_YEAR}). */
function quarterOf(heading: string): string | undefined {
  const m = QUARTER_YEAR.exec(heading);
  if (!m) return undefined;
  const quarter = m[1] ? ORDINALS.indexOf(m[1].toLowerCase()) + 1 : Number(m[2]);
  return quarterEnd(Number(m[3]), quarter);
}

/** The last day (ISO) of calendar quarter `quarter` (1–4) of `year`. */
function quarterEnd(year: number, quarter: number): string {
  const month = quarter * 3 - 1;
  return iso(year, month, lastDay(year, month))!;
}

/** Heading lines a title block holds at most (see {@link titleBlock}). */
const TITLE_BLOCK_LINES = 3;

/**
 * The headings `page` (Markdown) opens with, their marks dropped: its lines from the first, past
 * blank ones, while they are headings (`#` … `######`), {@link TITLE_BLOCK_LINES} at most. A
 * report's or newsletter's title block: "Millbrook Allotment Society", "Newsletter: Spring 2025
 * (March 2025)".
 */
function titleBlock(page: string): string[] {
  const out: string[] = [];
  for (const line of page.split('\n')) {
    if (line.trim() === '') continue;
    const m = /^\s{0,3}#{1,6}\s+(.*\S)/.exec(line);
    if (!m || out.length === TITLE_BLOCK_LINES) break;
    out.push(
      m[1]!
        .replace(/[*_#]+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    );
  }
  return out;
}

/**
 * True when `heading` dates the document to a month or a day, or a season ("Newsletter: Autumn
 * 2025 (September 2025)", "Spring Term 2024"): a date more precise than a year alone.
 */
function datesHeading(heading: string): boolean {
  const m = HEADING_DATE.exec(heading);
  return (m?.[1] !== undefined && parseWrittenDate(m[1]) !== undefined) || SEASON_YEAR.test(heading);
}

/** A title or first heading holding a date: "Release notes — March 2024", "Annual report 2022". */
const HEADING_DATE = new RegExp(String.raw`(${DATE})|\b((?:19|20)\d\d)\b`, 'i');

/** A year written as the two calendar years it spans: "2022–23", "2022/23", "2022-2023". */
const SPLIT_YEAR = /\b((?:19|20)\d\d)\s*[-/–—]\s*((?:19|20)?\d\d)\b/;

/**
 * The year a title's split year ("Annual report 2022–23", "Season 2021/22") ends in, which names
 * it as a fiscal year is named (2023); undefined when the title writes none, or two years that
 * do not follow each other ("2019-2021" is a span).
 */
function splitYearOf(heading: string): number | undefined {
  return splitYear(heading)?.end;
}

/**
 * A title's split year: the year it ends in (see {@link splitYearOf}) and the span it names,
 * "2022–23" (with an en dash; "2022/2023" keeps its four digits).
 */
function splitYear(heading: string): { end: number; span: string } | undefined {
  const m = SPLIT_YEAR.exec(heading);
  const end = m ? splitYearEnd(m[1]!, m[2]!) : undefined;
  return end === undefined ? undefined : { end, span: `${m![1]}–${m![2]}` };
}

/**
 * The day a split year closes on, where the first pages state the span of dates it runs over
 * ("applies to policies that start or renew between 1 April 2026 and 31 March 2027" under "policy
 * summary 2026/27", round149): that span's last day, when the span runs from a day of the year
 * before `endYear` to a day of `endYear`. A split year otherwise closes with its second calendar
 * year, which dates it after a version beside it dated by the day its own year opens ("Effective
 * 1 April 2027").
 */
function splitYearClose(text: string, endYear: number): string | undefined {
  const dates = [...text.matchAll(ANY_DATE)];
  for (let i = 0; i + 1 < dates.length; i++) {
    const [from, to] = [dates[i]!, dates[i + 1]!];
    const between = text.slice(from.index + from[0].length, to.index);
    if (!/^\s*(?:and|to|until|till|through|[-–—])\s*$/i.test(between)) continue;
    const [first, last] = [parseWrittenDate(from[0]), parseWrittenDate(to[0])];
    if (first?.precision !== 'day' || last?.precision !== 'day') continue;
    if (Number(first.iso.slice(0, 4)) === endYear - 1 && Number(last.iso.slice(0, 4)) === endYear)
      return last.iso;
  }
  return undefined;
}

/**
 * The year a split year ends in, from its two parts as written ("2022" and "23", "2022" and
 * "2023"): the first plus one, when the second names that year; undefined when it does not (a span
 * of years, "2019-2021").
 */
export function splitYearEnd(first: string, second: string): number | undefined {
  const start = Number(first);
  const follows = second.length === 2 ? Number(second) === (start + 1) % 100 : Number(second) === start + 1;
  return follows ? start + 1 : undefined;
}

/** Fiscal labels of a period: "third quarter of fiscal 2023", "Q3 2023", "Q3 FY23". */
const ORDINALS = ['first', 'second', 'third', 'fourth'];
const FISCAL_LABEL =
  /\b(?:(first|second|third|fourth)\s+quarter\s+of\s+(?:fiscal\s+(?:year\s+)?)?((?:19|20)\d\d)|q([1-4])\s+(?:fy\s*)?((?:19|20)\d\d))\b/gi;

function fiscalLabel(text: string): { fiscalYear: number; fiscalQuarter: number } | undefined {
  const counts = new Map<string, number>();
  for (const m of text.matchAll(FISCAL_LABEL)) {
    const quarter = m[1] ? ORDINALS.indexOf(m[1].toLowerCase()) + 1 : Number(m[3]);
    const year = Number(m[2] ?? m[4]);
    const key = `${year}-${quarter}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const best = [...counts].sort((a, b) => b[1] - a[1])[0];
  if (!best) return undefined;
  const [year, quarter] = best[0].split('-').map(Number);
  return { fiscalYear: year!, fiscalQuarter: quarter! };
}

/** A day of the year without a year: `September 30`, `30 September`, `Sept. 30th`. */
const DAY_OF_YEAR = String.raw`(?:${MONTH}\s+\d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?${MONTH})`;
/** "fiscal year ends on September 30", "financial year ending 30 June", "fiscal year ended September 30, 2023". */
const YEAR_ENDS = new RegExp(
  String.raw`\b(?:fiscal|financial)\s+year\s+(?:ends|ending|ended|closes|closing|end(?:s|ing)?\s+is)\s+(?:on\s+)?(?:the\s+)?(${DAY_OF_YEAR})`,
  'i',
);
/** "our fiscal year begins on July 1", "the financial year starts 1 April". */
const YEAR_BEGINS = new RegExp(
  String.raw`\b(?:fiscal|financial)\s+year\s+(?:begins|beginning|starts|starting|commences|commencing)\s+(?:on\s+)?(?:the\s+)?(${DAY_OF_YEAR})`,
  'i',
);
/** "the fiscal year runs from October 1 to September 30". */
const YEAR_RUNS = new RegExp(
  String.raw`\b(?:fiscal|financial)\s+year\s+(?:runs\s+|is\s+|lasts\s+)?from\s+(?:${DAY_OF_YEAR})\s+(?:to|through|until|till)\s+(${DAY_OF_YEAR})`,
  'i',
);

/**
 * "52- or 53-week fiscal year that ends on the last Saturday in December", "fiscal year is the
 * 52- or 53-week period that ends on the last Saturday of September", "a 52- or 53-week year,
 * ending on the last Sunday in January": a year that ends on a weekday near a month's end, read
 * as the month's last day.
 */
const WEEK_YEAR_ENDS = new RegExp(
  String.raw`\b(?:fiscal|financial|52[-\s]*(?:or|/)\s*53[-\s]*week)\s+(?:fiscal\s+|financial\s+)?(?:year|period)\s*,?\s+(?:that\s+|which\s+)?(?:ends|ending|closes|closing)\s+(?:on\s+)?(?:the\s+)?(?:last|final)\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day\s+(?:of|in)\s+(${MONTH})`,
  'i',
);

/**
 * A periodic report's own fiscal quarter, as it compares it with the same quarter a year before:
 * "the first quarter of fiscal year 2023 compared with the first quarter of fiscal year 2022",
 * "the third quarters of fiscal years 2024 and 2023". The later year is the report's.
 */
const COMPARED_FISCAL_QUARTER =
  /\b(first|second|third|fourth)\s+quarters?\s+of\s+fiscal\s+(?:years?\s+)?((?:19|20)\d\d)\s*,?\s+(?:(?:compared\s+(?:with|to)|versus|vs\.?)\s+(?:the\s+)?(?:first|second|third|fourth)\s+quarter\s+of\s+(?:fiscal\s+)?(?:year\s+)?((?:19|20)\d\d)|and\s+((?:19|20)\d\d))\b/gi;

/**
 * The fiscal quarter a report labels itself with when it compares it with the same quarter of the
 * fiscal year before (see `COMPARED_FISCAL_QUARTER`), the most frequent such comparison of `text`;
 * undefined when it makes none. Read anywhere in a report: its cover page often gives only the
 * quarter's end, and its discussion of results the fiscal label.
 */
export function comparedFiscalLabel(text: string): { fiscalYear: number; fiscalQuarter: number } | undefined {
  const counts = new Map<string, number>();
  for (const m of text.matchAll(COMPARED_FISCAL_QUARTER)) {
    const year = Number(m[2]);
    if (Number(m[3] ?? m[4]) !== year - 1) continue;
    const key = `${year}-${ORDINALS.indexOf(m[1]!.toLowerCase()) + 1}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const best = [...counts].sort((a, b) => b[1] - a[1])[0];
  if (!best) return undefined;
  const [year, quarter] = best[0].split('-').map(Number);
  return { fiscalYear: year!, fiscalQuarter: quarter! };
}

/** `{ month: 0–11, day }` of a day of the year (`September 30`, `30 September`); undefined for another text or an impossible day. */
function dayOfYear(text: string): { month: number; day: number } | undefined {
  const t = text.trim().replace(/\s+/g, ' ');
  const m =
    /^([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?$/i.exec(t) ??
    /^(\d{1,2})(?:st|nd|rd|th)? (?:of )?([a-z]+)\.?$/i.exec(t);
  if (!m) return undefined;
  const [word, day] = /^\d/.test(m[1]!) ? [m[2]!, Number(m[1])] : [m[1]!, Number(m[2])];
  const month = monthIndex(word);
  // A leap year, so that February 29 is a day of the year.
  return month >= 0 && iso(2024, month, day) ? { month, day } : undefined;
}

const monthDay = (month: number, day: number) =>
  `${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/**
 * The day a document's fiscal year ends, `MM-DD`, from what the text states: "fiscal year ends
 * (on) September 30" (or "ending", "ended September 30, 2023"), "fiscal year begins on July 1"
 * (it ends the day before: `06-30`), "fiscal year runs from October 1 to September 30". Else,
 * when the text labels its quarter ("second quarter of fiscal 2022") and the quarter's end is
 * known, the end that label implies: three months a quarter after it, on the month's last day
 * (the quarter ended December 31 is the second → the year ends June 30). Undefined otherwise.
 */
export function fiscalYearEnd(
  text: string,
  labelled?: { quarter: number; periodEnd: string },
): string | undefined {
  const ends = YEAR_ENDS.exec(text) ?? YEAR_RUNS.exec(text);
  const end = ends ? dayOfYear(ends[1]!) : undefined;
  if (end) return monthDay(end.month, end.day);
  const weekYear = WEEK_YEAR_ENDS.exec(text);
  if (weekYear) {
    const month = monthIndex(weekYear[1]!);
    return monthDay(month, lastDay(2023, month));
  }
  const begins = YEAR_BEGINS.exec(text);
  const start = begins ? dayOfYear(begins[1]!) : undefined;
  if (start) {
    const before = new Date(Date.UTC(2023, start.month, start.day - 1));
    return monthDay(before.getUTCMonth(), before.getUTCDate());
  }
  if (!labelled) return undefined;
  // Two weeks earlier, as a 52/53-week quarter ending July 1 closes the June quarter.
  const closed = new Date(`${labelled.periodEnd}T00:00:00Z`);
  closed.setUTCDate(closed.getUTCDate() - 14);
  const month = (closed.getUTCMonth() + 3 * (4 - labelled.quarter)) % 12;
  return monthDay(month, lastDay(2023, month));
}

/** Characters of each first page read for a date (a cover page and its opening). */
const FIRST_PAGE_CHARACTERS = 6000;
/** Pages read for a date. */
const FIRST_PAGES = 2;

/** Options of {@link findDocumentDate}. */
export interface FindDateOptions {
  /** The document's title, read like a first heading. */
  title?: string;
  /** Dates from the parser's metadata (creation, modification), used only when the text states none. */
  metadataDates?: Array<string | undefined>;
  /**
   * The date the file's own fields say the document was published (a front matter's `date`, an
   * HTML page's `article:published_time`; see `ParsedDocument.publishedDate`): after the period
   * its text says it covers, before any other date.
   */
  publishedDate?: string;
  /**
   * The document's path (its id: folders and file name), read when the text states no date (see
   * `pathDate`).
   */
  path?: string;
}

/**
 * The date of a document from the Markdown of its pages: the first period phrase of its first two
 * pages ("for the quarterly period ended …", "week ending …"), else the span a record states it
 * covers ("Reporting period: 1 April 2022 to 31 March 2023": its end), else the date its file's fields
 * state (`options.publishedDate`: a front matter's `date`), else a news release's dateline
 * ("CAMBRIDGE, England, 14 November 2023 – …"), else the first stated date ("last
 * updated …", "as of …", "held on …"), else a labelled date field ("Date: 12/08/2007", "Meeting
 * date: …"), else the newest date of a revision history on any page (a datasheet's `| D |
 * 2024-01-22 | … |`), else a split year in its title, first line or title block (the headings its
 * first page opens with, see `titleBlock`; "annual report 2022–23": the year 2023, labelled fiscal
 * 2023), else a calendar quarter in them ("second quarter 2025"), else a date in them, else a first-page line that is only a date or
 * a periodical's issue line ("Issue 12 · February 2024"), else a first-page line holding nothing
 * but a season and its year ("Spring Term 2024": the season's last day), else the first metadata date the text
 * does not contradict (see `contradicted`); undefined when none is found. A period phrase whose
 * date has no day ("year ended December 2022") ends on the month's last day. The fiscal label and fiscal year end are read from the first two pages, and
 * when those state no label, from the rest: the report's comparison of its quarter with the same
 * quarter a year before (`comparedFiscalLabel`), else a stated fiscal year end (`fiscalYearEnd`).
 */
export function findDocumentDate(
  pages: readonly string[],
  options: FindDateOptions = {},
): DocumentDate | undefined {
  const saved = dayFirst;
  dayFirst = writesDayFirst(pages.slice(0, FIRST_PAGES).join('\n'));
  try {
    // The pages a date is read from: the first ones, and the last (a sign-off).
    const read = (page: string, i: number) =>
      i < FIRST_PAGES || i === pages.length - 1 ? plainLegalDates(page) : page;
    return findDate(pages.map(read), options);
  } finally {
    dayFirst = saved;
  }
}

/**
 * The date a document gives itself before any date its text mentions, after the period it says it
 * covers: a span it states it covers ("Reporting period: 1 April 2022 to 31 March 2023": its end),
 * the date its file's fields give it (a post's front matter outranks "released on March 3, 2024"
 * of a product it tells of), a news release's dateline (the day it was issued, not "effective 1
 * January 2024" of the appointment it announces). Undefined when none.
 */
function beforeStatedDate(
  text: string,
  options: FindDateOptions,
  fiscal: Parameters<typeof dated>[4],
): DocumentDate | undefined {
  const covered = coveredSpan(text);
  if (covered) return dated(covered.end, covered.kind, 'text', covered.line, fiscal);
  const published = options.publishedDate ? metadataDate(options.publishedDate) : undefined;
  if (published) return dated(published, 'day', 'fields', `published ${options.publishedDate}`, fiscal);
  const dateline = datelineOf(text);
  const datelineDate = dateline ? parseWrittenDate(dateline.date) : undefined;
  return dateline && datelineDate
    ? dated(datelineDate.iso, datelineDate.precision, 'text', dateline.line, fiscal)
    : undefined;
}

/**
 * {@link findDocumentDate} with the document's day-first reading set. A document dated by what its
 * text states ("Published 14 March 2025") whose title or title block names a split year ("Term
 * dates 2025–26") is labelled with that fiscal year too (2026, see `splitYearOf`): it is about that
 * year, whenever it was published, and a question naming the year finds it (`periodMatch` in
 * `retrieve/time-preference.ts`).
 */
function findDate(pages: readonly string[], options: FindDateOptions): DocumentDate | undefined {
  const headings = titleHeadings(pages, options);
  const found = firstDate(pages, options, headings);
  if (!found || found.period.fiscalYear !== undefined) return found;
  const split = headings.map(splitYearOf).find((year) => year !== undefined);
  if (split !== undefined) return { ...found, period: { ...found.period, fiscalYear: split } };
  const named = namedYearOf(found, headings);
  return named === undefined ? found : { ...found, period: { ...found.period, namedYear: named } };
}

/**
 * The year a document's title names (see `DocumentDate.period.namedYear`): the first of its
 * {@link titleHeadings} that writes a year alone ("… report 2024", not a date, a split year or a
 * season's year), when the document is dated by a day (the day it was published) in the year
 * before or after that year; a year further off is a subject ("Review of the 2019 floods",
 * published 2024), not the period the document covers.
 */
function namedYearOf(found: DocumentDate, headings: readonly string[]): number | undefined {
  if (found.period.kind !== 'day' || found.from === 'metadata') return undefined;
  const own = Number(found.date.slice(0, 4));
  for (const heading of headings) {
    if (datesHeading(heading) || SPLIT_YEAR.test(heading)) continue;
    const years = [...heading.matchAll(/\b((?:19|20)\d\d)\b/g)].map((m) => Number(m[1]));
    if (years.length !== 1) continue;
    return Math.abs(years[0]! - own) === 1 ? years[0] : undefined;
  }
  return undefined;
}

/**
 * The title, the first line, and the headings the first page opens with (a newsletter's "#
 * Millbrook Allotment Society" then "## Newsletter: Spring 2025 (March 2025)"), as
 * {@link firstDate} reads them.
 */
function titleHeadings(pages: readonly string[], options: FindDateOptions): string[] {
  const first = (pages[0] ?? '').slice(0, FIRST_PAGE_CHARACTERS);
  const line = /^.*\S.*$/m.exec(first.replace(/[*_#|]+/g, ' ').replace(/[ \t]+/g, ' '));
  return [...new Set([options.title ?? '', ...(line ?? []), ...titleBlock(first)])];
}

/**
 * The date {@link findDate} gives a document before its title's split year labels it; `headings`
 * are its {@link titleHeadings}.
 */
function firstDate(
  pages: readonly string[],
  options: FindDateOptions,
  headings: readonly string[],
): DocumentDate | undefined {
  const text = pages
    .slice(0, FIRST_PAGES)
    .map((page) => page.slice(0, FIRST_PAGE_CHARACTERS))
    .join('\n\n')
    .replace(/[*_#|]+/g, ' ')
    .replace(/[ \t]+/g, ' ');
  // A report's fiscal label and calendar are often stated only past its cover pages (in the
  // discussion of results, in the notes): read there when the first pages state none, after
  // what the first pages imply.
  const rest = () =>
    pages
      .slice(FIRST_PAGES)
      .join('\n\n')
      .replace(/[*_#|]+/g, ' ')
      .replace(/\s+/g, ' ');
  const label = fiscalLabel(text) ?? (pages.length > FIRST_PAGES ? comparedFiscalLabel(rest()) : undefined);
  const laterEnd = label || pages.length <= FIRST_PAGES ? undefined : fiscalYearEnd(rest());
  const statedEnd = fiscalYearEnd(text) ?? laterEnd;
  const fiscal =
    label || statedEnd ? { ...label, ...(statedEnd ? { fiscalYearEnd: statedEnd } : {}) } : undefined;
  const raw = pages.slice(0, FIRST_PAGES).map((page) => page.slice(0, FIRST_PAGE_CHARACTERS));
  for (const [i, { pattern, kind }] of PHRASES.entries()) {
    // After the period phrases, before the first stated date: see `beforeStatedDate`.
    const own = i === 1 ? beforeStatedDate(text, options, fiscal) : undefined;
    if (own) return own;
    const m = pattern.exec(text);
    const parsed = m ? parseWrittenDate(m[2]!) : undefined;
    if (!m || !parsed) continue;
    // A line opening "From 1 April 2026 …" dates a notice, not a newsletter whose headings date
    // it ("Newsletter: Autumn 2025 (September 2025)" telling next year's rent).
    if (m[1]!.toLowerCase() === 'from' && headings.some(datesHeading)) continue;
    const periodKind = kind(m[1]!);
    const implied =
      !statedEnd && label && periodKind === 'quarter'
        ? fiscalYearEnd('', { quarter: label.fiscalQuarter, periodEnd: parsed.iso })
        : undefined;
    return dated(
      parsed.iso,
      periodKind,
      'text',
      m[0],
      implied ? { ...fiscal, fiscalYearEnd: implied } : fiscal,
    );
  }
  const labelled = LABELLED_DATE.exec(raw.join('\n\n'));
  const labelledDate = labelled ? parseWrittenDate(labelled[2]!) : undefined;
  if (labelled && labelledDate) return dated(labelledDate.iso, 'day', 'text', labelled[0], fiscal);
  const history = revisionHistoryDate(pages);
  if (history) return dated(history.date, 'day', 'text', history.line, fiscal);
  for (const heading of headings) {
    const split = splitYear(heading);
    if (split !== undefined) {
      const found = dated(splitYearClose(text, split.end) ?? `${split.end}-12-31`, 'year', 'text', heading, {
        ...fiscal,
        fiscalYear: split.end,
      });
      return { ...found, period: { ...found.period, span: split.span } };
    }
    const quarter = quarterOf(heading);
    if (quarter) return dated(quarter, 'quarter', 'text', heading, fiscal);
    const m = HEADING_DATE.exec(heading);
    if (!m) continue;
    if (m[1]) {
      const parsed = parseWrittenDate(m[1]);
      if (parsed) return dated(parsed.iso, parsed.precision, 'text', heading, fiscal);
    } else if (m[2] && !/\d[-/.]\d|\d{5}/.test(heading)) {
      // "Spring 2024 catalogue": the season's end, not the year's.
      const season = seasonOf(heading);
      if (season) return dated(season, 'season', 'text', heading, fiscal);
      return dated(`${m[2]}-12-31`, 'year', 'text', heading, fiscal);
    }
  }
  const line = dateOnlyLine(raw[0] ?? '');
  const lineDate = line ? parseWrittenDate(line.date) : undefined;
  if (line && lineDate) {
    const found = dated(lineDate.iso, lineDate.precision, 'text', line.line, fiscal);
    return line.time ? { ...found, period: { ...found.period, time: line.time } } : found;
  }
  const season = seasonLine(raw[0] ?? '');
  if (season) return dated(season.end, 'season', 'text', season.line, fiscal);
  // A policy or an agreement dated only where it closes: "approved by the Board on 12 March 2022".
  const closing = pages.length > FIRST_PAGES ? SIGN_OFF.exec(pages.at(-1)!) : undefined;
  const closingDate = closing ? parseWrittenDate((closing[1] ?? closing[2])!) : undefined;
  if (closing && closingDate) return dated(closingDate.iso, 'day', 'text', closing[0], fiscal);
  const named = options.path === undefined ? undefined : pathDate(options.path);
  if (named) return dated(named.iso, named.precision, 'name', options.path!, fiscal);
  const statedYears = [...`${options.title ?? ''}\n${text}`.matchAll(ANY_DATE)]
    .map((m) => parseWrittenDate(m[0]))
    .filter((d) => d !== undefined)
    .map((d) => Number(d.iso.slice(0, 4)));
  for (const value of options.metadataDates ?? []) {
    const day = value === undefined ? undefined : metadataDate(value);
    if (day && !contradicted(day, statedYears)) return dated(day, 'day', 'metadata', value!, fiscal);
  }
  return undefined;
}

/**
 * A sign-off that dates a document where it closes, read on its last page when its first pages
 * state no date: "approved by the Board of Trustees on 12 March 2022", "adopted on …", "signed
 * on …", "Date of approval: …". Group 1 or 2: the date.
 */
const SIGN_OFF = new RegExp(
  String.raw`\b(?:approved|adopted|agreed|ratified|signed|issued)(?:\s+by\s+[^.\n]{1,80}?)?\s+on\s+(?:the\s+)?${WEEKDAY}?(${DATE})|\b(?:date\s+(?:of\s+)?(?:approval|adoption|signature)|date\s+(?:approved|adopted|signed))\s*:\s*(${DATE})`,
  'i',
);

/** Ordinal words of the days of a month, first (1) to thirty-first (31). */
const DAY_ORDINALS = (() => {
  const units = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth'];
  const teens = [
    'tenth',
    'eleventh',
    'twelfth',
    'thirteenth',
    'fourteenth',
    'fifteenth',
    'sixteenth',
    'seventeenth',
    'eighteenth',
    'nineteenth',
  ];
  return [...units, ...teens, 'twentieth', ...units.map((u) => `twenty-${u}`), 'thirtieth', 'thirty-first'];
})();
const NUMBER_UNITS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const NUMBER_TEENS = [
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const NUMBER_TENS = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** A number from one to ninety-nine in words ("nine", "twenty-four", "twenty four"); undefined otherwise. */
export function wordsNumber(words: string): number | undefined {
  const w = words.toLowerCase().trim().replace(/\s+/g, '-');
  const unit = NUMBER_UNITS.indexOf(w);
  if (unit >= 0) return unit + 1;
  const teen = NUMBER_TEENS.indexOf(w);
  if (teen >= 0) return teen + 10;
  const [tens, rest] = w.split('-');
  const t = NUMBER_TENS.indexOf(tens ?? '');
  if (t < 0) return undefined;
  if (rest === undefined) return (t + 2) * 10;
  const u = NUMBER_UNITS.indexOf(rest);
  return u >= 0 ? (t + 2) * 10 + u + 1 : undefined;
}

/** A number from one to ninety-nine in words, as a pattern's source (see {@link wordsNumber}). */
export const NUMBER_WORDS = String.raw`(?:(?:${NUMBER_TENS.join('|')})(?:[-\s](?:${NUMBER_UNITS.join('|')}))?|${NUMBER_TEENS.join('|')}|${NUMBER_UNITS.join('|')})`;
/**
 * A legal instrument's date: "the 1st day of June 2021", "the fourteenth day of March two thousand
 * and twenty-four". Groups: the day (figures or words), the month, the year (figures, or words
 * after "two thousand" or "nineteen").
 */
const LEGAL_DATE = new RegExp(
  String.raw`(?<![\w-])(?:the\s+)?(\d{1,2}(?:st|nd|rd|th)?|${[...DAY_ORDINALS].reverse().join('|')})\s+day\s+of\s+(${MONTH}),?\s+(?:in\s+the\s+year\s+)?((?:19|20)\d\d|(?:two\s+thousand|nineteen(?:\s+hundred)?)(?:\s+and)?(?:\s+${NUMBER_WORDS})?)\b`,
  'gi',
);

/**
 * `page` with each legal instrument's date (see `LEGAL_DATE`) written plainly ("the fourteenth
 * day of March two thousand and twenty-four" → "14 March 2024"), so the phrases that date a
 * document read it ("is made the …", "dated the …").
 */
function plainLegalDates(page: string): string {
  return page.replace(LEGAL_DATE, (whole, day: string, month: string, year: string) => {
    const d = /^\d/.test(day) ? Number.parseInt(day, 10) : DAY_ORDINALS.indexOf(day.toLowerCase()) + 1;
    let y = Number(year);
    if (Number.isNaN(y)) {
      const m = /^(two\s+thousand|nineteen(?:\s+hundred)?)(?:\s+and)?(?:\s+(.+))?$/i.exec(year.trim());
      const base = /^two/i.test(m?.[1] ?? '') ? 2000 : 1900;
      const rest = m?.[2] === undefined ? 0 : wordsNumber(m[2]);
      if (rest === undefined) return whole;
      y = base + rest;
    }
    return d >= 1 && d <= 31 ? `${d} ${month} ${y}` : whole;
  });
}

/** The Monday of ISO 8601 week `week` of `year` (week 1 holds the year's first Thursday); undefined past the year's last week. */
function isoWeekMonday(year: number, week: number): { iso: string; precision: 'day' } | undefined {
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const monday = new Date(jan4);
  monday.setUTCDate(jan4.getUTCDate() - ((jan4.getUTCDay() + 6) % 7) + (week - 1) * 7);
  const next = new Date(Date.UTC(year + 1, 0, 4));
  const lastMonday = new Date(next);
  lastMonday.setUTCDate(next.getUTCDate() - ((next.getUTCDay() + 6) % 7) - 7);
  if (week < 1 || monday > lastMonday) return undefined;
  return { iso: monday.toISOString().slice(0, 10), precision: 'day' };
}

/**
 * The date a document's path gives it: a date its file name writes whole ("2024-03-05 standup.md",
 * "minutes 5 March 2024.md"), an ISO week (`ops-report-2024-W02.md`: its Monday) or a quarter
 * glued to its year (`kpi-pack-2023Q4.md`: the quarter's last day, month precision), or a day and month ("20 Feb", "Feb 20") or a month alone in its file
 * name with the year one of its folders names (`notes/2024/20 Feb - planning.md` → 2024-02-20).
 * Undefined when it gives none.
 */
export function pathDate(path: string): { iso: string; precision: 'day' | 'month' } | undefined {
  const parts = path.split(/[/\\]/);
  const base = (parts.pop() ?? '').replace(/\.[a-z0-9]{1,5}$/i, '').replace(/[_]+/g, ' ');
  const whole = ONE_DATE.exec(base);
  const parsed = whole ? parseWrittenDate(whole[0]) : undefined;
  if (parsed) return parsed;
  // An ISO week (`2024-W02`: its Monday) or a quarter glued to its year (`2023Q4`: its last day).
  const week = /(?<![\d])((?:19|20)\d\d)[-_ ]?w(\d{1,2})(?![\d])/i.exec(base);
  if (week) return isoWeekMonday(Number(week[1]), Number(week[2]));
  const quarter =
    /(?<![\d])((?:19|20)\d\d)[-_ ]?q([1-4])(?![\d])|(?<![a-z])q([1-4])[-_ ]?((?:19|20)\d\d)(?![\d])/i.exec(
      base,
    );
  if (quarter) {
    return {
      iso: quarterEnd(Number(quarter[1] ?? quarter[4]), Number(quarter[2] ?? quarter[3])),
      precision: 'month',
    };
  }
  const year = parts
    .reverse()
    .map((folder) => /^((?:19|20)\d\d)$/.exec(folder.trim())?.[1])
    .find((y) => y !== undefined);
  if (year === undefined) return undefined;
  const dayMonth = NAME_DAY_MONTH.exec(base);
  if (dayMonth) {
    const day = dayMonth[1] ?? dayMonth[4]!;
    const month = dayMonth[2] ?? dayMonth[3]!;
    return parseWrittenDate(`${Number(day)} ${month.replace(/\.$/, '')} ${year}`);
  }
  const month = NAME_MONTH.exec(base);
  return month ? parseWrittenDate(`${month[1]!.replace(/\.$/, '')} ${year}`) : undefined;
}

/** The first written date of a text (see `DATE`). */
const ONE_DATE = new RegExp(DATE, 'i');
/** A day and its month in a file name ("20 Feb", "Feb 20"): groups day, month or month, day. */
const NAME_DAY_MONTH = new RegExp(
  String.raw`(?<![\d])(\d{1,2})(?:st|nd|rd|th)?[\s-]+(${MONTH})(?![a-z])|\b(${MONTH})[\s-]+(\d{1,2})(?![\d])`,
  'i',
);
/** A month's name in a file name (`march-review`). */
const NAME_MONTH = new RegExp(String.raw`\b(${MONTH})(?![a-z])`, 'i');

/**
 * Whether the years the text states contradict a metadata date: the text states dates, and the
 * metadata year is before the earliest or more than {@link METADATA_YEARS_AFTER_TEXT} after the
 * latest (a 2019 file creation date on a report of a 2007 accident).
 */
function contradicted(day: string, statedYears: readonly number[]): boolean {
  if (statedYears.length === 0) return false;
  const year = Number(day.slice(0, 4));
  return year < Math.min(...statedYears) || year > Math.max(...statedYears) + METADATA_YEARS_AFTER_TEXT;
}

/**
 * The date to show as a document's own, in citations and hit lines: its metadata's `date` (ISO
 * `YYYY-MM-DD`) unless that date is weak — derived from the parser's metadata (`dateFrom:
 * "metadata"`, a file's creation date). A caller's own `date` (no `dateFrom`) is shown. Undefined
 * when there is none to show.
 */
export function shownDate(metadata: Metadata | undefined): string | undefined {
  const date = metadata?.date;
  if (typeof date !== 'string' || !/^\d{4}-\d\d-\d\d/.test(date)) return undefined;
  return metadata?.dateFrom === 'metadata' ? undefined : date.slice(0, 10);
}

/** A metadata date: ISO 8601, or a PDF date string `D:YYYYMMDDHHmmSS…`; undefined otherwise. */
export function metadataDate(value: string): string | undefined {
  const pdf = /^D:(\d{4})(\d\d)(\d\d)/.exec(value);
  if (pdf) return iso(Number(pdf[1]), Number(pdf[2]) - 1, Number(pdf[3]));
  const isoDate = /^(\d{4})-(\d\d)-(\d\d)/.exec(value);
  if (isoDate) return iso(Number(isoDate[1]), Number(isoDate[2]) - 1, Number(isoDate[3]));
  return undefined;
}

function dated(
  date: string,
  kind: PeriodKind,
  from: DocumentDate['from'],
  evidence: string,
  fiscal: { fiscalYear?: number; fiscalQuarter?: number; fiscalYearEnd?: string } | undefined,
): DocumentDate {
  return {
    date,
    period: { kind, end: date, ...(fiscal ?? {}) },
    from,
    evidence: evidence.replace(/\s+/g, ' ').trim().slice(0, 120),
  };
}

/** Metadata keys the ingest derives; a caller's own value under one of them wins. */
export const DERIVED_DATE_KEYS = ['date', 'period', 'dateFrom'] as const;

/**
 * The caller's `metadata` with the found date added as `date` (ISO `YYYY-MM-DD`, filterable with
 * `$gte`/`$lt`), `period` (`{ kind, end, fiscalYear?, fiscalQuarter?, fiscalYearEnd?, time?, namedYear?, span? }`) and `dateFrom` (`text`,
 * `fields` or `metadata`). Nothing is added when the caller's metadata already has a `date`, nor when no date
 * was found.
 */
export function datedMetadata(metadata: Metadata, found: DocumentDate | undefined): Metadata {
  if (!found || 'date' in metadata) return metadata;
  const period: Metadata = { kind: found.period.kind, end: found.period.end };
  if (found.period.fiscalYear !== undefined) period.fiscalYear = found.period.fiscalYear;
  if (found.period.fiscalQuarter !== undefined) period.fiscalQuarter = found.period.fiscalQuarter;
  if (found.period.fiscalYearEnd !== undefined) period.fiscalYearEnd = found.period.fiscalYearEnd;
  if (found.period.time !== undefined) period.time = found.period.time;
  if (found.period.namedYear !== undefined) period.namedYear = found.period.namedYear;
  if (found.period.span !== undefined) period.span = found.period.span;
  return { ...metadata, date: found.date, period, dateFrom: found.from };
}

/**
 * `metadata` without the keys {@link datedMetadata} derived (present only when `dateFrom` is), to
 * compare a stored document's metadata with the caller's.
 */
export function callerMetadata(metadata: Metadata): Metadata {
  if (!('dateFrom' in metadata)) return metadata;
  const copy: Metadata = { ...metadata };
  for (const key of DERIVED_DATE_KEYS) delete copy[key];
  return copy;
}
