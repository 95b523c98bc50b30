/**
 * Questions about a table's records as a whole: "How much did the school save in the most recent
 * month?" of a spreadsheet with a row a month, "In which month did it export the most
 * electricity?", "How did the last match of the season end?". Each record of a structured source
 * (CSV, TSV, JSON, JSON Lines) is its own chunk (see `recordChunks`), and the rows are alike in
 * their words: the search ranks the first rows of the file first, whichever row is asked for. When
 * the first hit is such a record and the question picks one by time (a recency cue, a period, or
 * an order word: "latest", "last", "earliest") or by the most or least of a field the question
 * names ("export the most" of "Exported (kWh)"), every record of that document is read and the
 * one picked leads the answer's sources (see {@link askedRecordHit}).
 *
 * A record is recognised by its text writing its fields as "label: value" lines (every field, the
 * default, or two or more `textFields`); a record whose text is one field's value alone is left to
 * the search. Records are dated by their first field whose value is a date (see `recordDate`: "June 2026",
 * "2026-07-25", "2026-03"). Which dates are asked is read as dated sections are read (see
 * `askedDates`); nothing is picked when the question asks neither (a question naming the record's
 * own words is found by the search).
 * @module
 */
import type { Store } from '../core/ports.js';
import type { Chunk, Hit } from '../core/types.js';
import { parseWrittenDate } from '../ingest/document-date.js';
import { contentTerms, readTerms, wordTokens } from '../retrieve/terms.js';
import { timeCue } from '../retrieve/time-preference.js';
import { askedDimensions } from './asked-dimension.js';
import { askedDates } from './period-order.js';
import { unitKindsStated } from './units.js';

/** One field of a record's text: its label (a key of the chunk's metadata) and its value as written. */
export interface RecordField {
  label: string;
  value: string;
}

/**
 * The fields of a record's chunk: every line of its text is a field ("Month: June 2026"), two or
 * more, each label a key of the chunk's metadata (a structured source's record carries its fields
 * there). Undefined for any other chunk.
 */
export function recordFields(chunk: Pick<Chunk, 'text' | 'metadata'>): RecordField[] | undefined {
  const lines = chunk.text.split('\n').filter((line) => line.trim() !== '');
  if (lines.length < 2) return undefined;
  const fields: RecordField[] = [];
  for (const line of lines) {
    const at = line.indexOf(': ');
    const label = at > 0 ? line.slice(0, at).trim() : '';
    if (label === '' || !Object.hasOwn(chunk.metadata ?? {}, label)) return undefined;
    fields.push({ label, value: line.slice(at + 2).trim() });
  }
  return fields;
}

/** An order word among records: group 1 the newest ("latest", "last"), else the earliest. */
const RECORD_ORDER = /\b(?:(latest|newest|most\s+recent|last)|earliest|oldest)\b/i;
/**
 * A superlative asking the most of a field ("most recent" is a time's): the general ones and those
 * of measures a table's columns hold ("the strongest gust", "the hottest day", "the busiest month").
 */
const MOST =
  /\b(?:most(?!\s+recent)|highest|largest|biggest|greatest|maximum|strongest|heaviest|hottest|warmest|wettest|windiest|sunniest|busiest|longest|tallest|fastest|deepest|widest)\b/i;
/** A superlative asking the least of a field. */
const LEAST =
  /\b(?:least|lowest|smallest|fewest|minimum|weakest|lightest|coldest|coolest|driest|calmest|quietest|shortest|slowest|cheapest|shallowest|narrowest)\b/i;
/** A superlative of a price: "the cheapest plant", "the most expensive room", "costs the most". */
const PRICE_SUPERLATIVE =
  /\b(?:cheapest|dearest|priciest|costliest|(?:most|least)\s+expensive|costs?\s+(?:the\s+)?(?:most|least))\b/i;
/** A column label naming a sum of money: a price, cost, fee or charge, or a currency ("price_gbp", "Cost (£)"). */
const MONEY_LABEL = /\b(?:prices?|costs?|fees?|charges?|gbp|usd|eur)\b|[£$€]/i;
/** A label naming the maximum or the minimum of what its column measures ("Max temp (°C)", "Min temp"). */
const BOUND_LABEL = { most: /\b(?:max(?:imum)?|highest|peak)\b/i, least: /\b(?:min(?:imum)?|lowest)\b/i };

/**
 * The ISO date a record's field value writes: a written date (see `parseWrittenDate`: "June
 * 2026", "2026-07-25"), or a year and month as a spreadsheet writes them ("2026-03", the month's
 * last day, as a month without a day is read elsewhere). A field's value is the whole cell, so
 * "2026-03" there is no range of years.
 */
function recordDate(value: string): string | undefined {
  const month = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(value.trim());
  if (month) {
    const [year, m] = [Number(month[1]), Number(month[2])];
    return new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
  }
  return parseWrittenDate(value)?.iso;
}

/** A field's value as a number: digits with separators, a sign, a currency or percent sign; NaN otherwise. */
export function numeric(value: string): number {
  const m = /^[(−-]?\s*[$£€¥]?\s*(\d[\d,]*(?:\.\d+)?)\s*%?\)?$/.exec(value.trim());
  if (!m) return Number.NaN;
  const n = Number(m[1]!.replace(/,/g, ''));
  return /^[(−-]/.test(value.trim()) ? -n : n;
}

/**
 * A span of time as a table writes it: hours and minutes ("2h 21m", "1 hr 30 mins", "2 hours 15
 * minutes"), hours alone ("3 hours"), or minutes alone in a word of minutes ("95 min"; a bare "m"
 * only after hours, which alone is a metre). Groups: hours, minutes after hours, minutes alone.
 */
const DURATION =
  /^(?:(\d+(?:\.\d+)?)\s*(?:h|hrs?|hours?)\.?(?:\s*(\d+)\s*(?:m|mins?|minutes?)\.?)?|(\d+)\s*(?:mins?|minutes?)\.?)$/i;

/**
 * A field's value as a number to rank by (see {@link numeric}), or a span of time in minutes (see
 * {@link DURATION}: "2h 21m" is 141); NaN otherwise.
 */
export function rankValue(value: string): number {
  const n = numeric(value);
  if (!Number.isNaN(n)) return n;
  const m = DURATION.exec(value.trim());
  if (!m) return Number.NaN;
  return m[3] !== undefined ? Number(m[3]) : Number(m[1]) * 60 + Number(m[2] ?? 0);
}

/** Whether `question` asks the most or the least of something (see {@link MOST}, {@link LEAST}). */
export function askedExtreme(question: string): 'most' | 'least' | undefined {
  return MOST.test(question) ? 'most' : LEAST.test(question) ? 'least' : undefined;
}

/**
 * The one item of `items` with the most (or least) `value`, NaN values left out; undefined when
 * none has a value or two share the extreme (a tie picks nothing).
 */
export function extremeOf<T>(
  items: readonly T[],
  value: (item: T) => number,
  extreme: 'most' | 'least',
): T | undefined {
  const valued = items.filter((item) => !Number.isNaN(value(item)));
  if (valued.length === 0) return undefined;
  const pick = extreme === 'most' ? Math.max : Math.min;
  const at = pick(...valued.map(value));
  const found = valued.filter((item) => value(item) === at);
  return found.length === 1 ? found[0] : undefined;
}

/** Records read at most from one document: a larger table is left to the search. */
const MAX_RECORDS = 5000;
/** Chunk ids read in one `getChunks` call. */
const READ_BATCH = 500;

/** What {@link askedRecordHit} reads records with: the engine's store. */
export interface RecordReader {
  readonly store: Pick<Store, 'getDocument' | 'getChunks'>;
}

/**
 * The record `question` picks of the document of its first hit, as a hit (its score and boosts
 * that first hit's), when that hit is a record (see {@link recordFields}) and the question picks
 * one: by the most or least of the one numeric field it names (see `rankedColumn`: "Exported
 * (kWh)" of "export the most", "Max temp (°C)" of "the hottest day"), among the records of the dates it asks (a period) or
 * all; else by its dates (see `askedDates`: the newest for a recency cue, those of a period), the
 * newest or earliest of them by an order word ("the last match of the 2026 season"). Records are
 * dated by the field the first hit's first date is in. When the first hit's table picks none (a
 * JSON object's own fields beside the list it wraps), the next records of its document among the
 * first {@link WRAPPER_LOOKAHEAD} hits are read as the first in turn. Undefined when the first hit is no record,
 * the question picks none, two records tie for the most or least, or more than one date's records, the document has more than
 * {@link MAX_RECORDS} chunks, or the store cannot read them.
 */
export async function askedRecordHit(
  reader: RecordReader,
  question: string,
  hits: readonly Hit[],
  scope: { collection: string; namespace?: string },
): Promise<Hit | undefined> {
  // The first hit, or, when it is a record of other fields (a wrapper's own: "club", "venue"
  // beside its list of meetings), the first of its document's records among the next hits that
  // holds a date or a figure: the list's.
  const first = hits[0];
  if (first === undefined || recordFields(first.chunk) === undefined) return undefined;
  const tables = hits
    .slice(0, WRAPPER_LOOKAHEAD)
    .filter(
      (hit) => hit.chunk.documentId === first.chunk.documentId && recordFields(hit.chunk) !== undefined,
    );
  for (const hit of tables) {
    const picked = await pickedRecord(reader, question, hit, scope);
    if (picked === undefined) continue;
    if (hit === first) return picked;
    // It leads as the first hit did: with its score and its document's boosts.
    const { boosts: _, ...rest } = picked;
    return {
      ...rest,
      score: first.score,
      scores: first.scores,
      ...(first.boosts === undefined ? {} : { boosts: first.boosts }),
    };
  }
  return undefined;
}

/** Hits read for a record of the first hit's document when the first is a wrapper's own record. */
const WRAPPER_LOOKAHEAD = 5;

/** The record `question` picks of the table `first` is a record of (see {@link askedRecordHit}). */
async function pickedRecord(
  reader: RecordReader,
  question: string,
  first: Hit,
  scope: { collection: string; namespace?: string },
): Promise<Hit | undefined> {
  const fields = recordFields(first.chunk)!;
  const cue = timeCue(question);
  const order = RECORD_ORDER.exec(question);
  const extreme = askedExtreme(question);
  const dateLabel = fields.find((f) => recordDate(f.value) !== undefined)?.label;
  const timed = dateLabel !== undefined && (cue.recency || cue.period !== undefined || order !== null);
  const numbers = fields.filter((f) => f.label !== dateLabel && !Number.isNaN(rankValue(f.value)));
  const field = extreme === undefined ? undefined : rankedColumn(question, numbers, extreme)?.label;
  if (!timed && field === undefined) return undefined;
  const records = await readRecords(reader, first, scope);
  if (records === undefined) return undefined;
  // The records of the first hit's table: those whose labels are its labels or some of them, or
  // hold all of its (a row with an empty cell writes no field for it: "result:" of a fixture not
  // yet played).
  const labels = new Set(fields.map((f) => f.label));
  const sameTable = (r: { fields: RecordField[] }) => {
    const own = new Set(r.fields.map((f) => f.label));
    const [small, large] = own.size <= labels.size ? [own, labels] : [labels, own];
    return [...small].every((label) => large.has(label));
  };
  let pool = namedRecords(question, records.filter(sameTable));
  const dateOf = (r: (typeof pool)[number]) =>
    recordDate(r.fields.find((f) => f.label === dateLabel)?.value ?? '');
  if (timed) {
    const dates = [...new Set(pool.map(dateOf).filter((d) => d !== undefined))].sort();
    const picked = askedDates(question, dates);
    const matching = pool.filter((r) => {
      const date = dateOf(r);
      return date !== undefined && picked(date);
    });
    if (matching.length > 0) pool = matching;
    else if (field === undefined && order === null) return undefined;
  }
  if (field !== undefined && extreme !== undefined)
    return extremeOf(pool, (r) => rankValue(r.fields.find((f) => f.label === field)?.value ?? ''), extreme)
      ?.hit;
  const dates = [...new Set(pool.map(dateOf).filter((d) => d !== undefined))].sort();
  const at =
    dates.length === 1 ? dates[0] : order ? (order[1] === undefined ? dates[0] : dates.at(-1)) : undefined;
  return at === undefined ? undefined : pool.find((r) => dateOf(r) === at)?.hit;
}

/**
 * The records of `pool` the question names by a value of a column of words ("White" of colour for
 * "the cheapest white wine", "Adults" of ages for "the cheapest event for adults"): for each such
 * column, the records whose value there is one the question writes every term of, when some but
 * not all records hold one; across columns, those holding one of each. `pool` itself when the
 * question names no such value.
 */
export function namedRecords<R extends { fields: readonly RecordField[] }>(
  question: string,
  pool: readonly R[],
): R[] {
  const asked = new Set(contentTerms(question));
  const named = new Map<string, Set<string>>();
  for (const record of pool)
    for (const field of record.fields) {
      if (!Number.isNaN(numeric(field.value))) continue;
      const terms = contentTerms(field.value);
      if (terms.length === 0 || !terms.every((term) => asked.has(term))) continue;
      named.set(field.label, (named.get(field.label) ?? new Set()).add(field.value));
    }
  let out = [...pool];
  for (const [label, values] of named) {
    const holding = out.filter((r) => values.has(r.fields.find((f) => f.label === label)?.value ?? ''));
    if (holding.length > 0 && holding.length < out.length) out = holding;
  }
  return out;
}

/**
 * The column of figures a superlative question ranks by, of `columns` (each its label and one of
 * its figures as written): the one whose label shares most of the question's words ("Max gust
 * (mph)" of "the strongest gust", "Typical yearly saving" of "save the most each year"), else the
 * one whose unit (in brackets on its label, or after its figure) measures the dimension the
 * question's adjective asks ("Max temp (°C)" of "the hottest day", see `askedDimensions`), or, for
 * a superlative of a price ("the cheapest"), the one naming a sum of money ("price_gbp"). Of
 * several alike, the one whose label names the bound asked ("Max …" for the most, "Min …" for the
 * least); undefined when still more than one, or none.
 */
export function rankedColumn<C extends RecordField>(
  question: string,
  columns: readonly C[],
  extreme: 'most' | 'least',
): C | undefined {
  const asked = new Set(contentTerms(question));
  const shared = (c: C) => readTerms(c.label).filter((t) => asked.has(t)).length;
  // A question's word compounding a label's ("daytime" of "day_kwh"), when none is shared whole:
  // read as written (the stemmer writes "day" as "dai").
  const words = wordTokens(question);
  const compounded = (c: C) =>
    wordTokens(c.label.replace(/_/g, ' ')).filter(
      (w) => w.length >= 3 && words.some((q) => q.length > w.length && q.startsWith(w)),
    ).length;
  const most = Math.max(0, ...columns.map(shared));
  const mostCompounded = most > 0 ? 0 : Math.max(0, ...columns.map(compounded));
  const kinds = new Set(askedDimensions(question).flatMap((d) => d.kinds));
  const measured = (c: C) => unitKindsStated(`${c.label}: ${c.value}`).some((k) => kinds.has(k));
  let pool =
    most > 0
      ? columns.filter((c) => shared(c) === most)
      : mostCompounded > 0
        ? columns.filter((c) => compounded(c) === mostCompounded)
        : PRICE_SUPERLATIVE.test(question)
          ? columns.filter((c) => MONEY_LABEL.test(c.label.replace(/_/g, ' ')) || /^[£$€]/.test(c.value))
          : columns.filter(measured);
  if (pool.length > 1) pool = pool.filter((c) => BOUND_LABEL[extreme].test(c.label));
  return pool.length === 1 ? pool[0] : undefined;
}

/** Every record of `first`'s document as a hit, in order; undefined when too many or unreadable. */
async function readRecords(
  reader: RecordReader,
  first: Hit,
  scope: { collection: string; namespace?: string },
): Promise<Array<{ hit: Hit; fields: RecordField[] }> | undefined> {
  try {
    const document = await reader.store.getDocument(scope, first.chunk.documentId);
    if (document === undefined || document.chunkCount > MAX_RECORDS) return undefined;
    const ids = Array.from({ length: document.chunkCount }, (_, i) => `${document.documentId}:${i}`);
    const out: Array<{ hit: Hit; fields: RecordField[] }> = [];
    for (let i = 0; i < ids.length; i += READ_BATCH) {
      for (const chunk of await reader.store.getChunks(scope, ids.slice(i, i + READ_BATCH))) {
        const fields = recordFields(chunk);
        if (fields === undefined) continue;
        const hit: Hit =
          chunk.id === first.chunk.id
            ? first
            : {
                chunk,
                score: first.score,
                scores: first.scores,
                // The first hit's boosts are its document's (the question named it): the record
                // stays among the documents the answer prefers.
                ...(first.boosts === undefined ? {} : { boosts: first.boosts }),
                ...(first.sourceName === undefined ? {} : { sourceName: first.sourceName }),
              };
        out.push({ hit, fields });
      }
    }
    return out.sort((a, b) => a.hit.chunk.ordinal - b.hit.chunk.ordinal);
  } catch {
    // The records only pick which one leads: a store that cannot read them leaves the search's order.
    return undefined;
  }
}
