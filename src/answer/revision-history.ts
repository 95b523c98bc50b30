/**
 * The row of a document's revision history a question asks for. Policies, procedures, datasheets
 * and manuals record their versions in a table under a heading such as "Revision history" (or a
 * table whose header has a version column and a date column): `| 3.1 | January 2026 | Fish tank
 * limit raised from 40 to 60 litres. |`. "When was the pets policy last revised?" and "What changed
 * in the latest version?" are answered by its newest row, "When was it first issued?" by its
 * oldest, "What changed in version 2.0?" by that version's row, "What changed before September
 * 2024?" by the newest row dated before it. The rows hold none of the question's words but the
 * heading's, so the extractive answer's scoring alone does not quote them.
 * @module
 */
import type { Hit } from '../core/types.js';
import {
  isRevisionHeader,
  isRevisionHeading,
  parseWrittenDate,
  WRITTEN_DATE,
} from '../ingest/document-date.js';
import { tableCells } from './passages.js';
import { askedDates, SECTION_ORDER } from './period-order.js';

/**
 * A question about a document's revisions: a word for revising or a version ("revised", "updated",
 * "amended", "changed", "reviewed", "issued", "released", "version", "edition", "revision",
 * "amendment", "release").
 */
const ASKS_REVISION =
  /\b(?:revis(?:ed|ions?)|updated|updates?|amend(?:ed|ments?)|chang(?:ed|es?)|reviewed|issued|versions?|editions?|releas(?:e|es|ed))\b/i;

/**
 * What a revision row answers: when (a revision's date) or what changed ("What changed in …?",
 * "What was added in version 2?", "What did release 4.2 fix?"). "What sleep current did the
 * revision before the current one state?" asks for the document's content as of a revision,
 * which its other passages state.
 */
const ASKS_CHANGE =
  /^\s*(?:when\b|(?:what|which)\s+(?:was\s+|were\s+|has\s+|have\s+)?(?:chang(?:ed|es?)|added|removed|new|fixed|updated|amended|revised|revisions?|updates?|amendments?)\b)|\bwhat\s+did\b.*\b(?:change|add|remove|fix|update|amend|revise)\b/i;

/**
 * A version the question names: "version 2.0", "revision C", "issue 3", "edition 4", "release 7".
 * Group 1: its label.
 */
const NAMED_VERSION =
  /\b(?:version|revision|rev\.?|issue|edition|release)\s+v?([0-9]+(?:\.[0-9]+)*[a-z]?|[A-Z])\b/i;

/** A version number written on its own ("Tidepool 4.1", "v2.3.1"). Group 1: the number. */
const VERSION_NUMBER = /(?<![\d.,£$€])\bv?(\d+\.\d+(?:\.\d+)*)(?![\d]|[.,]\d)/gi;

/** A header cell of the date column. */
const DATE_COLUMN = /^(?:date|issued|released|effective(?:\s+date)?|(?:revision|issue|release)\s+date)$/i;

/** A header cell of the version column. */
const VERSION_COLUMN = /^(?:rev(?:ision)?\.?|version|issue|edition|release)(?:\s+(?:no\.?|number))?$/i;

/** One revision: the table row's text (a Markdown row), its date (ISO) and version label. */
interface Revision {
  source: number;
  row: string;
  date: string;
  version?: string;
}

const plain = (cell: string) => cell.replace(/\*\*|__/g, '').trim();

/**
 * The revisions recorded in `hit`'s chunk: the rows of each table whose header is a revision
 * table's (see `isRevisionHeader`), or that follows a revision history's heading (in the chunk's
 * text or as the last heading of its heading path), each dated by its date column (else by the
 * first date any cell writes). Rows without a date are left out.
 */
function revisionsOf(hit: Hit, source: number): Revision[] {
  const lines = hit.chunk.text.split('\n');
  const out: Revision[] = [];
  let afterHeading = isRevisionHeading(hit.chunk.headingPath?.at(-1) ?? '');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line.startsWith('|')) {
      // A revision history's heading opens it; another heading closes it; a paragraph between
      // the heading and its table ("Changes since the first issue:") does neither.
      if (isRevisionHeading(line)) afterHeading = true;
      else if (/^#{1,6}\s/.test(line)) afterHeading = false;
      continue;
    }
    // A table: its header, delimiter and body rows.
    let end = i + 1;
    while (end < lines.length && lines[end]!.trim().startsWith('|')) end++;
    const table = lines.slice(i, end).map((l) => l.trim());
    i = end - 1;
    if (table.length < 3 || !(afterHeading || isRevisionHeader(table[0]!))) continue;
    const header = tableCells(table[0]!).map(plain);
    const dateColumn = header.findIndex((cell) => DATE_COLUMN.test(cell));
    const versionColumn = header.findIndex((cell) => VERSION_COLUMN.test(cell));
    for (const row of table.slice(2)) {
      const cells = tableCells(row).map(plain);
      const dated = dateColumn >= 0 ? [cells[dateColumn] ?? ''] : cells;
      let date: string | undefined;
      for (const cell of dated) {
        const m = new RegExp(WRITTEN_DATE, 'i').exec(cell);
        date = m ? parseWrittenDate(m[0])?.iso : undefined;
        if (date) break;
      }
      if (date === undefined) continue;
      const version = versionColumn >= 0 ? cells[versionColumn]?.replace(/^v(?=\d)/i, '') : undefined;
      out.push({ source, row, date, ...(version ? { version } : {}) });
    }
  }
  return out;
}

/**
 * The row of the first source's document's revision history that `question` asks for, and the
 * source (1-based) holding it: the version it names ("version 2.0", "Tidepool 4.1"), else the revision its time
 * cue picks among the history's dates (see `askedDates`: the newest for "latest" or "most recent",
 * the one before a date, those of a named month or year), else the one its order word picks
 * ("last revised": the newest; "first issued": the oldest). Undefined when the question asks
 * nothing of revisions (see `ASKS_REVISION`) or neither when nor what changed (see `ASKS_CHANGE`),
 * when no hit of that document holds a revision
 * history, or when the cue picks no single date.
 */
export function askedRevision(
  question: string,
  hits: readonly Hit[],
): { source: number; row: string } | undefined {
  if (!ASKS_REVISION.test(question) || !ASKS_CHANGE.test(question)) return undefined;
  const first = hits[0]?.chunk.documentId;
  if (first === undefined) return undefined;
  const revisions = hits.flatMap((hit, i) => (hit.chunk.documentId === first ? revisionsOf(hit, i + 1) : []));
  if (revisions.length < 2) return undefined;
  const named = NAMED_VERSION.exec(question)?.[1];
  if (named !== undefined) {
    const row = revisions.find((r) => r.version?.toLowerCase() === named.toLowerCase());
    return row ? { source: row.source, row: row.row } : undefined;
  }
  // A version number on its own ("When was Tidepool 4.1 released?") names the row whose version
  // it is, when one is.
  for (const [, number] of question.matchAll(VERSION_NUMBER)) {
    const row = revisions.find((r) => r.version === number);
    if (row) return { source: row.source, row: row.row };
  }
  const dates = [...new Set(revisions.map((r) => r.date))].sort();
  let picked = dates.filter(askedDates(question, dates));
  if (picked.length !== 1) {
    const order = SECTION_ORDER.exec(question);
    const pool = picked.length > 0 ? picked : dates;
    picked = order ? [order[1] === undefined ? pool[0]! : pool.at(-1)!] : [];
  }
  const row = picked.length === 1 ? revisions.find((r) => r.date === picked[0]) : undefined;
  return row ? { source: row.source, row: row.row } : undefined;
}
