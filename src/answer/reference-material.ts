/**
 * Reference material and event statements among an answer's passages, told apart by their form.
 *
 * Reference material points to text or vouches for it without stating anything of the subject: a
 * table of contents or an exhibit / document index (a table whose header names a page, an exhibit,
 * a document number or a filing), a certification or signature block ("I, Jane Doe, certify that I
 * have reviewed this report", "/s/ …", "has duly caused this report to be signed"), and a
 * cross-reference ("Refer to Note 6, Long-term Debt, for a description of our bonds", "See Item 7
 * for further information"). It shares a broad question's words — "legal proceedings", "debt",
 * "indenture" — because it names the sections that answer it, so it outranks them; an answer quotes
 * it after what states, and never leads with it. Unlike boilerplate (text repeated across documents,
 * see `repeatedPassages` and `copiedChunks`), it is found in a single document by its structure.
 *
 * An event statement tells what happened, when, and for how much: a sentence with an amount (a
 * currency sign or a scale word), a date (a month, or a quarter of a year) and a verb in the past
 * tense that is not a mere state ("issued", "entered into", "acquired", "settled", "sold", not
 * "was", "had", "ended"). A broad question ("what changes in debt did X disclose", "what legal
 * proceedings were disclosed") is answered by such a sentence more than by a table row that lists a
 * balance for several periods.
 * @module
 */
import { tableCells } from './passages.js';

/**
 * A table header cell of an index: page, exhibit, document number, filing form or date. A table of
 * contents has a page column; an exhibit or document list has an exhibit or document-number column
 * and often the form and date it was filed with.
 */
const INDEX_COLUMN =
  /^(?:pages?|exhibits?(?:\s+(?:no\.?|number|#))?|document\s+(?:no\.?|number|#)|file(?:d)?\s+(?:form|with)|fil(?:ing|ed)(?:\s+or\s+\w+)?\s+date|form)$/i;

/** A table-of-contents row's label: an item, part, section, note or schedule of a document. */
const CONTENTS_LABEL =
  /^(?:part\s+[ivx\d]+|item\s+\d+[a-z]?|section\s+\d+|note\s+\d+|schedule\s+[a-z\d]+)\b/i;

/** A signed certification, a signature line or the clause that introduces the signatures. */
const CERTIFICATION =
  /^\s*\/s\/|\b(?:I|we),\s+[\p{Lu}][\p{L}.' -]{1,60},\s+(?:[\p{L} ,]{0,80}\s)?(?:hereby\s+)?certif(?:y|ies)\b|\bduly\s+caused\s+this\s+(?:report|statement|document)\b|\bsigned\s+on\s+(?:its|their)\s+behalf\b/u;

/** A pointer to another part of a document or to another document. */
const POINTER =
  /\b(?:note|item|part|section|page|pages|exhibit|schedule|appendix|chapter)\s+(?:[ivx]+\b|\d+[a-z]?\b)|\bincorporated\s+(?:herein\s+)?by\s+reference\b/i;

/**
 * A sentence telling what its own document covers: "Everything you need to know about joining
 * Pendlewick Library …", "… this handbook tells you how the club works: …" (round124, round128).
 * It names the topics a question asks of and states none of them.
 */
const DESCRIBES_ITSELF =
  /^\W*everything\s+you\s+need\s+to\s+know\b|\b(?:this|these|our)\s+(?:handbook|guide|page|pages|leaflet|booklet|document|faqs?|manual|policy|notes|section|sheet|pack|brochure|website|site)\s+(?:tells|explains|sets\s+out|covers|describes|answers|summari[sz]es|(?:is|are)\s+(?:here\s+)?to\s+help)\b|^\W*in\s+this\s+(?:handbook|guide|leaflet|booklet|document|manual|page|section)\s*,?\s+(?:you['’]ll|you\s+will|we)\b/i;

/** Words that send the reader elsewhere: "refer to", "see", "can be found in", "is described in". */
const SENDS =
  /\b(?:refer(?:s|red)?\s+to|see|(?:can|may)\s+be\s+found\s+in|(?:is|are)\s+(?:described|discussed|included|presented|set\s+forth)\s+in|incorporated\s+(?:herein\s+)?by\s+reference)\b/i;

/** An amount: a currency sign before a number, or a number with a scale word or a percent sign. */
const AMOUNT = /[$€£¥]\s?\d|\d\s?(?:thousand|million|billion|trillion)\b|\d\s?%/i;

/** A date: a month's name (with a day or a year), or a quarter or half of a year. */
const DATE =
  /\b(?:jan(?:uary)?|feb(?:ruary)?|march|april|may|june|july|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+(?:\d{1,2},?\s+)?(?:19|20)\d\d\b|\b(?:first|second|third|fourth)\s+(?:fiscal\s+)?(?:quarter|half)\b|\bQ[1-4]\b/i;

/**
 * Past-tense words that state a condition, a period or a reference, not an event: "three months
 * ended", "compared with", "unaudited", "consolidated", "based on", "related to".
 */
const NOT_EVENTS = new Set([
  'ended',
  'compared',
  'consolidated',
  'condensed',
  'unaudited',
  'audited',
  'based',
  'related',
  'expected',
  'estimated',
  'anticipated',
  'included',
  'excluded',
  'described',
  'discussed',
  'presented',
  'required',
  'reported',
  'disclosed',
  'used',
  'owned',
  'limited',
  'diluted',
  'weighted',
  'adjusted',
  'combined',
  'continued',
  'need',
  'red',
  'bed',
  'seed',
  'speed',
  'exceed',
  'proceed',
  'succeed',
  'indeed',
]);

/** Irregular past tenses of verbs that tell a transaction or an outcome. */
const IRREGULAR_EVENTS =
  /\b(?:sold|bought|paid|took|made|won|lost|began|brought|sought|spent|lent|drew|met|rose|fell|grew|struck|wrote|bid|led|became|hit|cut|set|put)\b/i;

/** True when `text` holds a verb in the past tense that tells an event (see {@link NOT_EVENTS}). */
function tellsPastEvent(text: string): boolean {
  if (IRREGULAR_EVENTS.test(text)) return true;
  for (const [word] of text.toLowerCase().matchAll(/\b[a-z]{3,}ed\b/g))
    if (!NOT_EVENTS.has(word)) return true;
  return false;
}

/** True when `text` states an amount or a date (see {@link AMOUNT} and {@link DATE}). */
export function statesAmountOrDate(text: string): boolean {
  return AMOUNT.test(text) || DATE.test(text);
}

/**
 * True when a passage is reference material (see the module comment): a row of a table whose
 * header names an index column (page, exhibit, document number, filing form or date) or whose label
 * names an item, part, section or note and whose only number is a page number; or a line or
 * sentence that certifies or signs, that tells what its own document covers (see
 * {@link DESCRIBES_ITSELF}), or that sends the reader elsewhere (a pointer such as `Note 6`,
 * `Item 7`, `page 27`, with "refer to", "see", "can be found in", "is described in") and states no
 * amount of its own.
 */
export function isReferenceMaterial(passage: {
  kind: 'sentence' | 'line' | 'row';
  text: string;
  table?: { header: string };
}): boolean {
  if (passage.kind === 'row') {
    const header = passage.table ? tableCells(passage.table.header) : [];
    if (header.some((cell) => INDEX_COLUMN.test(cell.replace(/[:*]/g, '').trim()))) return true;
    const cells = tableCells(passage.text);
    const numbers = cells.slice(1).filter((cell) => /\d/.test(cell));
    return (
      CONTENTS_LABEL.test(cells[0] ?? '') &&
      numbers.length === 1 &&
      /^\d{1,3}$/.test(numbers[0]!.trim()) &&
      cells.at(-1) === numbers[0]
    );
  }
  if (CERTIFICATION.test(passage.text)) return true;
  if (DESCRIBES_ITSELF.test(passage.text) && !AMOUNT.test(passage.text)) return true;
  return SENDS.test(passage.text) && POINTER.test(passage.text) && !AMOUNT.test(passage.text);
}

/**
 * True when a sentence tells an event with its amount and its time (see the module comment):
 * "In March 2024 the Authority issued $45.0 million of revenue bonds", "In May 2024 a jury awarded
 * the plaintiffs $2.6 million". Not a row or a line: a table lists balances, not what happened.
 */
export function statesEvent(passage: { kind: 'sentence' | 'line' | 'row'; text: string }): boolean {
  return (
    passage.kind === 'sentence' &&
    AMOUNT.test(passage.text) &&
    DATE.test(passage.text) &&
    tellsPastEvent(passage.text)
  );
}

/** A pointer's section: its kind and number, `note 9`, `item 1a`, `part ii`. */
const SECTION = /\b(note|item|part|section|schedule|appendix|chapter)\s+(\d+[a-z]?|[ivx]+)\b/gi;

/**
 * The sections a cross-reference sends the reader to (see {@link isReferenceMaterial}), as
 * lower-case keys (`note 9`, `item 7`); none for any other text. "Refer to Note 9, Commitments and
 * Contingencies, for a description of our legal proceedings" gives `note 9`.
 */
export function pointedSections(text: string): string[] {
  if (!SENDS.test(text) || AMOUNT.test(text)) return [];
  return [...text.matchAll(SECTION)].map((m) => `${m[1]!.toLowerCase()} ${m[2]!.toLowerCase()}`);
}

/** The section a heading opens, as a key of {@link pointedSections} (`Note 9. Commitments` → `note 9`). */
export function headingSection(heading: string): string | undefined {
  const match = /^\s*(note|item|part|section|schedule|appendix|chapter)\s+(\d+[a-z]?|[ivx]+)\b/i.exec(
    heading,
  );
  return match ? `${match[1]!.toLowerCase()} ${match[2]!.toLowerCase()}` : undefined;
}
