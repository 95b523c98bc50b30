/**
 * The order and period labels of an answer's quotes when they come from documents of different
 * dates (a company's quarterly reports, a policy's versions): the quotes of the period the
 * question asks for — or, for a recency question, of the newest document — lead, and each quote
 * says which period it belongs to ("Quarter ended 2023-07-01: …"). The period a document covers
 * is its metadata's `date` and `period` (set at ingest, see `findDocumentDate`); which documents
 * the question prefers is what the retriever's time preference said (`Hit.boosts`), else, for a
 * recency cue, the newest. Quotes of one document whose sections are dated (a changelog's
 * "## 2.4.0 — 2024-06-03", release notes' "## Version 5.1 (May 2024)") are ordered and labelled
 * by their sections' dates the same way (see {@link sectionDate}).
 * @module
 */
import type { Hit, Metadata } from '../core/types.js';
import { parseWrittenDate, seasonNamed, shownDate, WRITTEN_DATE } from '../ingest/document-date.js';
import { versionLabel } from '../retrieve/document-identity.js';
import { timeCue } from '../retrieve/time-preference.js';
import { seriesOf } from './boilerplate.js';

/** A unit of quoted text: the passages of one source quoted together. */
export interface QuoteUnit<P> {
  source: number;
  passages: P[];
}

/**
 * A hit's ISO date and period kind from its chunk metadata, when it has a date to show (not one
 * from a file's metadata: a creation date says nothing of the period quoted, see `shownDate`).
 */
function datedAs(hit: Hit | undefined): { date: string; kind?: string; span?: string } | undefined {
  const metadata = hit?.chunk.metadata;
  const date = shownDate(metadata);
  if (date === undefined) return undefined;
  const period = metadata?.period;
  const fields = period && typeof period === 'object' && !Array.isArray(period) ? (period as Metadata) : {};
  const { kind, span } = fields;
  return {
    date,
    ...(typeof kind === 'string' ? { kind } : {}),
    ...(typeof span === 'string' ? { span } : {}),
  };
}

const LABELS: Record<string, string> = {
  quarter: 'Quarter ended',
  half: 'Six months ended',
  'nine-months': 'Nine months ended',
  year: 'Year ended',
  season: 'Season ended',
  month: 'Month ended',
};

/**
 * How a quote names its document's period: "Quarter ended 2023-07-01", "Dated 2024-03-01", a
 * season by its name and year ("Autumn 2025"; winter by the year it ends in, "Winter 2025" for
 * December 2024 to February 2025), a split year whose end the document does not state by the span
 * its title writes ("Year 2025–26", not a made-up "Year ended 2026-12-31").
 */
export function periodLabel(hit: Hit | undefined): string | undefined {
  const dated = datedAs(hit);
  if (!dated) return undefined;
  if (dated.kind === 'year' && dated.span) return `Year ${dated.span}`;
  const season = dated.kind === 'season' ? seasonNamed(dated.date) : undefined;
  if (season) return season;
  return `${LABELS[dated.kind ?? ''] ?? 'Dated'} ${dated.date}`;
}

/**
 * `units` reordered and labelled when they quote sources of two dates or more; otherwise as they
 * are, unlabelled. Units of preferred sources (boosted for the period or recency the question
 * asks for, not for the version in force of a question naming no time: `HitBoost.inForce`; else,
 * for a recency cue, the newest) lead, the others keep their order. When the
 * quotes come from documents of more than one series (see `seriesOf`: two issuers' reports), a
 * label names its document too ("Quarter ended 2023-06-30, birch-2023-q2.md"), so that a figure of
 * one issuer is not read as another's. `askedSource` is the hit of the dated section the question
 * asks for (default: {@link askedSection}'s, which a caller that read it already passes).
 */
export function orderByPeriod<P>(
  question: string,
  hits: readonly Hit[],
  units: ReadonlyArray<QuoteUnit<P>>,
  askedSource: number | undefined = askedSection(question, hits),
): { units: Array<QuoteUnit<P>>; labels: Map<number, string> } {
  const labels = new Map<number, string>();
  const dates = new Set(units.map((u) => datedAs(hits[u.source - 1])?.date).filter((d) => d !== undefined));
  if (dates.size < 2) return bySection(question, hits, units, askedSource);
  const named = new Set(units.map((u) => seriesOf(hits[u.source - 1]!))).size > 1;
  for (const unit of units) {
    const hit = hits[unit.source - 1];
    const label = periodLabel(hit);
    if (label)
      labels.set(unit.source, named ? `${label}, ${hit!.sourceName ?? hit!.chunk.documentId}` : label);
  }
  const boosted = new Set(
    units
      .map((u) => u.source)
      .filter((n) =>
        hits[n - 1]?.boosts?.some((b) => b.kind === 'period' || (b.kind === 'recency' && !b.inForce)),
      ),
  );
  if (boosted.size === 0 && timeCue(question).recency) {
    const newest = [...dates].sort().at(-1);
    for (const unit of units) if (datedAs(hits[unit.source - 1])?.date === newest) boosted.add(unit.source);
  }
  if (boosted.size === 0) return { units: [...units], labels };
  const lead = units.filter((u) => boosted.has(u.source));
  const rest = units.filter((u) => !boosted.has(u.source));
  return { units: [...lead, ...rest], labels };
}

/** Characters of a section heading a label keeps at most. */
const SECTION_LABEL_CHARACTERS = 80;

/**
 * The date a hit's section states: the last heading of its heading path that writes a date
 * ("2.4.0 — 2024-06-03", "Version 5.1 (May 2024)"), with that heading; undefined when none does.
 */
export function sectionDate(hit: Hit | undefined): { date: string; heading: string } | undefined {
  const pattern = new RegExp(WRITTEN_DATE, 'i');
  for (const heading of [...(hit?.chunk.headingPath ?? [])].reverse()) {
    const m = pattern.exec(heading);
    const parsed = m ? parseWrittenDate(m[0]) : undefined;
    if (parsed) return { date: parsed.iso, heading: heading.replace(/^#+\s*/, '').trim() };
  }
  return undefined;
}

/**
 * A dotted version number after "v" ("v2.3"), which `versionLabel` leaves to file names: group 1.
 */
const V_NUMBER = /\bv(\d+(?:\.\d+)+)(?![\d.]*\d)/i;

/** A version number as compared: trailing ".0" parts dropped ("5.0.0" and "5.0" are "5"). */
const versionKey = (version: string) => version.replace(/(?:\.0+)+$/, '');

/**
 * The date of the section among `sections` whose heading writes the version `question` names (its
 * `versionLabel`, or a number after "v": see {@link V_NUMBER}) as a dotted number, trailing ".0"
 * parts aside: "When was Wrenlet Notes version 5.0 released?" asks for "Version 5.0.0 —
 * 18 November 2025", not "Version 5.1.0" (round116); undefined when it names none or no one
 * section writes it.
 */
function versionDate(
  question: string,
  sections: ReadonlyArray<{ date: string; heading: string } | undefined>,
): string | undefined {
  const asked = versionLabel(question) ?? V_NUMBER.exec(question)?.[1];
  if (asked === undefined) return undefined;
  const dates = new Set(
    sections
      .filter((s) => s !== undefined)
      .filter((s) =>
        (s.heading.match(/\d+(?:\.\d+)+/g) ?? []).some((v) => versionKey(v) === versionKey(asked)),
      )
      .map((s) => s.date),
  );
  return dates.size === 1 ? [...dates][0] : undefined;
}

/**
 * Which of `dates` (ISO, ascending, distinct) `question` asks for: the newest for a recency cue,
 * the one so many back for a position ("the previous version", "the earliest release"), the one in
 * force at a date or the last before it or the first after it (see `TimeCue.at`), those in a
 * named month or year for a period (a quarter or a fiscal year is read as its calendar year here);
 * none otherwise.
 */
export function askedDates(question: string, dates: readonly string[]): (date: string) => boolean {
  const cue = timeCue(question);
  if (cue.position?.months === undefined && cue.position?.days === undefined && cue.position) {
    const { from, steps } = cue.position;
    const at = from === 'newest' ? dates[dates.length - 1 - steps] : dates[steps];
    return (date) => date === at;
  }
  // A date the version asked for is in force at, or was replaced before or after ("What did a
  // week cost before April 2026?" of "Charges until 31 March 2026" and "Charges from 1 April
  // 2026"), read of sections as the retriever reads it of documents.
  if (cue.at) {
    const { start, end, relation } = cue.at;
    if (relation === 'issued') return (date) => date >= start && date <= end;
    const at =
      relation === 'before'
        ? dates.filter((d) => d < start).at(-1)
        : relation === 'after'
          ? dates.find((d) => d >= start)
          : dates.filter((d) => d <= end).at(-1);
    return (date) => date === at;
  }
  if (cue.period && cue.period.yearsBack === undefined && cue.period.year > 0) {
    const { year, month } = cue.period;
    const prefix = month === undefined ? `${year}-` : `${year}-${String(month).padStart(2, '0')}-`;
    return (date) => date.startsWith(prefix);
  }
  if (cue.recency) {
    const newest = dates[dates.length - 1];
    return (date) => date === newest;
  }
  return () => false;
}

/**
 * The source (1-based) of the section `question` asks for among the dated sections (see
 * {@link sectionDate}) of the first source's document in `hits` — "the most recent incident" of
 * a status page whose sections are headed "April 22, 2026: Delayed webhook deliveries" — when
 * its time cue picks one of two dates or more there (see `askedDates`) and picked no document (the
 * first source has no period or recency boost: the cue is about the sections, not a series'
 * versions). The first hit of that section's date; undefined otherwise. Sections are counted among
 * the hits: a section the search did not return is not counted.
 */
export function askedSection(question: string, hits: readonly Hit[]): number | undefined {
  const first = hits[0];
  if (first === undefined || first.boosts?.some((b) => b.kind === 'period' || b.kind === 'recency'))
    return undefined;
  const dated = hits
    .map((hit, i) => ({
      source: i + 1,
      section: hit.chunk.documentId === first.chunk.documentId ? sectionDate(hit) : undefined,
    }))
    .filter((s) => s.section !== undefined)
    .map((s) => ({ source: s.source, date: s.section!.date, heading: s.section!.heading }));
  const dates = [...new Set(dated.map((s) => s.date))].sort();
  if (dates.length < 2) return undefined;
  // A version the question names picks its section (see `versionDate`).
  const version = versionDate(question, dated);
  const asked = version === undefined ? askedDates(question, dates) : (date: string) => date === version;
  let matching = dated.filter((s) => asked(s.date));
  // An order word the time cue did not read (it reads "last" and "first" of documents and spans
  // only: "the last train" is no newest document) picks among the sections the cue left: "the last
  // webhook incident", "the first incident of 2026".
  const order = SECTION_ORDER.exec(question);
  if (order && new Set(matching.map((s) => s.date)).size !== 1) {
    const pool = matching.length > 0 ? matching : dated;
    const within = [...new Set(pool.map((s) => s.date))].sort();
    const at = order[1] === undefined ? within[0] : within.at(-1);
    matching = pool.filter((s) => s.date === at);
  }
  // A period may name several sections (a month's incidents): only one picked is quoted so.
  return new Set(matching.map((s) => s.date)).size === 1 ? matching[0]!.source : undefined;
}

/**
 * A question asking when: "When was …", "By when must …", "On what date …", "What date did …"
 * (after an optional "In …," clause).
 */
export const ASKS_WHEN =
  /^\s*(?:in\s[^,?]{1,80},\s*)?(?:(?:(?:by|until|till|since|from)\s+)?when\b|(?:on|by)\s+(?:what|which)\s+(?:date|day)\b|(?:what|which)\s+date\b)/i;

/**
 * A question asking which version, release or edition, also of a thing it names first ("Which
 * Driftwell release …?": up to three words written with a capital between): a dated section's
 * heading answers it, as it does when (see {@link ASKS_WHEN}).
 */
const ASKS_WHICH_SECTION =
  /\b(?:[Ww]hich|WHICH|[Ww]hat|WHAT)\s+(?:\p{Lu}[\p{L}\p{N}.-]*\s+){0,3}(?:[Vv]ersion|[Rr]elease|[Ee]dition|[Uu]pdate|[Ii]ssue|[Bb]uild)\b/u;

/** An order word among dated sections: group 1 the newest ("last", "latest"), else the earliest. */
export const SECTION_ORDER = /\b(?:(latest|newest|most\s+recent|last)|first|earliest|oldest)\b/i;

/**
 * `units` of one document (or of documents of one date) ordered and labelled by the dates of their
 * sections (see {@link sectionDate}) when they quote sections of two dates or more: each quote
 * says its section's heading, and the sections the question asks for lead — the newest for a
 * recency cue, the one so many back for a position ("the previous version", "the earliest
 * release"), those dated in a named month or year for a period (a quarter or a fiscal year is read
 * as its calendar year here). Newest, previous and earliest are counted among the quoted sections:
 * a section the answer does not quote is not counted. Otherwise as they are.
 */
function bySection<P>(
  question: string,
  hits: readonly Hit[],
  units: ReadonlyArray<QuoteUnit<P>>,
  askedSource: number | undefined,
): { units: Array<QuoteUnit<P>>; labels: Map<number, string> } {
  const labels = new Map<number, string>();
  const sections = new Map(units.map((u) => [u.source, sectionDate(hits[u.source - 1])]));
  const dates = [
    ...new Set([...sections.values()].map((s) => s?.date).filter((d) => d !== undefined)),
  ].sort();
  // One dated section quoted is ordered and labelled too when it is the one the question asks for
  // among the hits' sections of its document (`askedSource`, see `askedSection`).
  const picked =
    dates.length === 1 && askedSource !== undefined ? sectionDate(hits[askedSource - 1])?.date : undefined;
  // One dated section quoted says its heading when the question asks which version or when: "-
  // Added: dark mode follows the system setting." is under "3.1.0 (15 January 2026)".
  if (dates.length === 1 && (ASKS_WHICH_SECTION.test(question) || ASKS_WHEN.test(question))) {
    for (const [source, section] of sections) {
      if (section) labels.set(source, section.heading.slice(0, SECTION_LABEL_CHARACTERS));
    }
  }
  if (dates.length < 2 && (picked === undefined || picked !== dates[0])) return { units: [...units], labels };
  for (const [source, section] of sections) {
    if (section) labels.set(source, section.heading.slice(0, SECTION_LABEL_CHARACTERS));
  }
  const version = versionDate(question, [...sections.values()]);
  const asked =
    picked !== undefined
      ? (date: string) => date === picked
      : version !== undefined
        ? (date: string) => date === version
        : askedDates(question, dates);
  const lead = units.filter((u) => {
    const date = sections.get(u.source)?.date;
    return date !== undefined && asked(date);
  });
  if (lead.length === 0) return { units: [...units], labels };
  return { units: [...lead, ...units.filter((u) => !lead.includes(u))], labels };
}
