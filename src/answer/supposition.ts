/**
 * Sentences that suppose rather than state: a modal verb, a condition or a possibility ("may make
 * acquisitions", "in the event of a merger", "if the acquisition is completed", "the potential
 * impact of any divestitures", "could cause higher operating expenses"). A risk factor is mostly
 * such sentences: it shares a question's words ("operating expenses", "acquisitions") without
 * stating what happened. Also sentences that tell of an earlier time than the document's own
 * ({@link tellsEarlier}), or date it by whole years before the document's own ({@link datesEarlier}):
 * they state what happened then, not what the document reports.
 * @module
 */

/** A modal verb, a condition or a possibility (see the module comment). */
const SUPPOSING =
  /\b(?:may|might|could|would|should|if|unless|whether|potential(?:ly)?|possible|in the event|opportunit(?:y|ies) to)\b/i;

/**
 * The month "May", which {@link SUPPOSING} would read as the modal verb: before a day or year ("May
 * 3, 2023"), after a preposition, a day or a season word ("in May", "14 May", "early May"), or
 * before punctuation ("a warm, dry May;"). Not a title-case modal ("Shares That May Yet Be
 * Purchased"). Masked by a word of its length.
 */
const MONTH_MAY =
  /\bMay(?=\s+\d)|(?<=\b(?:in|on|of|since|until|till|by|from|to|during|before|after|early|mid|late|last|next|this|\d{1,2}(?:st|nd|rd|th)?)\s+)May\b|\bMay(?=\s*[,;.:)])/gi;

/**
 * A modal verb in a clause that names what something does, after "what" or "how" and its subject
 * of one to three words ("prints what a copy would do", "shows how much each plan would cost"):
 * the sentence states what the thing does; the clause supposes nothing of it. Not a question's own
 * modal ("What could cause higher expenses?").
 */
const EMBEDDED_MODAL =
  /\b((?:what|how(?:\s+(?:much|many))?)\s+(?:[\p{L}'’-]+\s+){1,3}?)(?:would|could|might)\b/giu;

/**
 * A modal verb in a clause giving a reason, after "because" and its subject of one to three words
 * ("is recalling some packs because they may contain sesame"): the sentence states what is done and
 * why; the reason's hedge supposes nothing of it. A modal of the main clause still supposes ("could
 * fall because customers may delay orders").
 */
const REASON_MODAL = /\b(because\s+(?:[\p{L}'’-]+\s+){1,3}?)(?:may|might|could|would)\b/giu;

/**
 * `text` with the month "May" (see {@link MONTH_MAY}; capitalised) and the modal verbs of clauses
 * naming what something does (see {@link EMBEDDED_MODAL}) or giving a reason (see
 * {@link REASON_MODAL}) masked.
 */
function masked(text: string): string {
  return (
    text
      .replace(MONTH_MAY, (m) => (m === 'May' ? 'Maj' : m))
      // Masked by letters of its length, so a position in the masked text is one in `text`.
      .replace(EMBEDDED_MODAL, (m, before: string) => `${before}${'x'.repeat(m.length - before.length)}`)
      .replace(REASON_MODAL, (m, before: string) => `${before}${'x'.repeat(m.length - before.length)}`)
  );
}

/** True when `text` supposes rather than states (see the module comment). */
export function supposes(text: string): boolean {
  return SUPPOSING.test(masked(text));
}

/**
 * A figure in words: a number from two up ("up to two cats", "twelve months"), not "one" ("one of
 * our suppliers", "no one").
 */
const NUMBER_WORD =
  /\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundreds?|thousands?|dozens?)\b/i;

/**
 * True when `text` supposes (see {@link supposes}) and states no figure: a supposing sentence with a
 * figure is an estimate the document states ("would cut its running cost by about £2,300 a year").
 * With `countWords` (a question asking how many), a figure in words (see {@link NUMBER_WORD}) is one
 * too: "Tenants may keep up to two cats" grants the count asked. Otherwise it is not: a library
 * guide's "Members may take up to five seed packets" outranked its late fee for "What did the guide
 * say about late returns?" (stop 59's bench, `dgb3-01`).
 */
export function supposesWithoutFigure(text: string, countWords = false): boolean {
  return supposes(text) && !/\d/.test(text) && !(countWords && NUMBER_WORD.test(text));
}

/**
 * The part of `text` before its first supposing word (see {@link SUPPOSING}): what it states
 * before it supposes. All of `text` when it supposes nothing.
 */
export function statedPart(text: string): string {
  const m = SUPPOSING.exec(masked(text));
  return m === null ? text : text.slice(0, m.index);
}

/**
 * A phrase placing what a sentence tells before the document's own time: a span back ("one year
 * prior to the accident", "two quarters earlier", "three years ago"), "previously" (not "as
 * previously disclosed / reported", which refers to an earlier telling of the same fact, nor after
 * a comma or a bracket, where it describes someone's former role: "Raj Mehta, previously financial
 * controller, took over"), or the prior period ("in the prior year", "during the preceding
 * quarter").
 */
const EARLIER =
  /\b(?:(?:\d+|one|two|three|four|five|six|several|some|a|an)\s+(?:years?|months?|weeks?|quarters?)\s+(?:before|earlier|ago|prior)|(?<![,(]\s*)previously\b(?!\s+(?:disclosed|reported|announced|described|stated|noted|mentioned|discussed|filed|issued))|(?:in|during)\s+(?:the\s+)?(?:prior|previous|preceding)\s+(?:year|quarter|period|fiscal\s+year)\b)/i;

/**
 * True when `text` tells of an earlier time than the document's own (see {@link EARLIER}): "About
 * one year prior to the accident, in a different airplane, the pilot also lost control", "The team
 * previously completed a study which showed …". Such a sentence states an event of another time or
 * another undertaking: a question whether the document reports one ("did the airplane strike any
 * taxiway light in the accident?") is not answered by it.
 */
export function tellsEarlier(text: string): boolean {
  return EARLIER.test(text);
}

/**
 * The years a document's own period is in: `year`, the calendar year of its date (the end of the
 * period it reports, `metadata.date`), and `fiscalYear`, the fiscal year it names its own quarter
 * or half by ("the second quarter of fiscal year 2025", see {@link ownFiscalYear}). Either may be
 * unknown.
 */
export interface OwnYears {
  year?: number;
  fiscalYear?: number;
}

/**
 * A whole-year dating: "in fiscal year 2023", "during fiscal 2022", "in calendar year 2021", "in
 * 2022" (group 1 "fiscal" when fiscal, group 2 the year). A year after a month or a day ("In
 * February 2022", "on May 3, 2022") is not one: such a date tells a step of a matter that may
 * still be under way (an agreement signed, a suit filed), not the year whose figures hold it.
 */
const YEAR_DATING =
  /\b(?<!(?:January|February|March|April|May|June|July|August|September|October|November|December|\d,?)\s)(?:in|during)\s+(?:the\s+)?(?:(fiscal)\s+(?:year\s+)?|calendar\s+year\s+)?((?:19|20)\d\d)\b(?!\s*(?:,|and)\s*(?:19|20)\d\d)/gi;

/**
 * True when `text` dates what it tells by whole years (see {@link YEAR_DATING}) and every such
 * year is before the document's own (`own`): a fiscal year before `own.fiscalYear`, a calendar year
 * before `own.year`. "In fiscal year 2024 the company completed the acquisition of Fabrikam" in a
 * report of the second quarter of fiscal year 2025 tells of the comparison period, not of the
 * period the report is about. False when it names no such year, or a year whose kind `own` does not
 * know.
 */
export function datesEarlier(text: string, own: OwnYears): boolean {
  let dated = false;
  for (const m of text.matchAll(YEAR_DATING)) {
    const year = Number(m[2]);
    const ownYear = m[1] ? own.fiscalYear : own.year;
    if (ownYear === undefined || year >= ownYear) return false;
    dated = true;
  }
  return dated;
}

/** A document naming its own period by a fiscal year: "(second) quarter of fiscal year 2025", "first half of fiscal 2024". */
const OWN_FISCAL =
  /\b(?:quarter|half|months)\s+(?:and\s+(?:first|second|third|fourth)\s+(?:half|quarter)\s+|ended\s+\S+\s+\d{1,2},?\s+)?of\s+fiscal\s+(?:year\s+)?((?:19|20)\d\d)\b/gi;

/**
 * The fiscal year a document names its own quarter or half by, from `texts` (its chunks): the
 * year most often written after "quarter of fiscal year", "half of fiscal" (see {@link OWN_FISCAL}),
 * the later one on a tie — a quarterly report names its own period more often than the comparison
 * period's. Undefined when no text names one.
 */
export function ownFiscalYear(texts: readonly string[]): number | undefined {
  const counts = new Map<number, number>();
  for (const text of texts) {
    for (const m of text.matchAll(OWN_FISCAL)) counts.set(Number(m[1]), (counts.get(Number(m[1])) ?? 0) + 1);
  }
  let best: number | undefined;
  for (const [year, n] of counts) {
    const top = best === undefined ? -1 : counts.get(best)!;
    if (n > top || (n === top && year > best!)) best = year;
  }
  return best;
}
