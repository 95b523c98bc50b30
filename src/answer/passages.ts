/**
 * A chunk's text as the passages an answer may quote: sentences of prose, lines of key/value
 * forms, and rows of Markdown tables — each row with its table's header, so a quoted figure keeps
 * its column labels. Headings are context, never passages.
 * @module
 */

/** A Markdown table's header and delimiter rows. */
export interface TableHead {
  header: string;
  delimiter: string;
}

/** One quotable passage of a chunk. */
export interface Passage {
  text: string;
  /** `sentence` of prose, `line` of a key/value form, `row` of a Markdown table. */
  kind: 'sentence' | 'line' | 'row';
  /** Position among the chunk's passages. */
  order: number;
  /** Paragraph or table the passage belongs to; two-sentence windows never cross it. */
  block: number;
  /** For a row: its table's header and delimiter, to quote with it. */
  table?: TableHead;
  /**
   * For a sentence after the first of a bulleted list's item: the item's label ("- **Cathedral
   * Row** – 95 spaces … Maximum vehicle height 1.9 m." gives "Cathedral Row" to the second
   * sentence), the subject the sentence goes on about without naming it.
   */
  itemLabel?: string;
}

let sentenceSegmenter: Intl.Segmenter | undefined;
/** The sentence segmenter, made on first use (loading ICU's break rules takes about 30 ms). */
function sentences(text: string): Intl.Segments {
  sentenceSegmenter ??= new Intl.Segmenter('en', { granularity: 'sentence' });
  return sentenceSegmenter.segment(text);
}
/**
 * A sentence the segmenter ended at a name's initial: a capital alone before its full stop, after
 * a word in capitals ("Cllr S.", "Mrs L."; not "QQ 12 34 56 C.").
 */
const INITIAL_END = /(?:^|[\s(])\p{Lu}[\p{L}.]*\s\p{Lu}\.$/u;
/** The end of a company's name: "Inc.", "Corp.", "Ltd.", "Co.", "L.P.", "N.V.", "S.A.". */
const COMPANY_END = /\b(?:Inc|Corp|Ltd|Co|L\.P|N\.V|S\.A|B\.V)\.$/;
/**
 * A bold mark opening a sentence and closing nothing of its own ("** A three bedroom …"); group 1:
 * the mark. Not a single "*" or "_", which also mark a footnote ("VAT*") and a list item.
 */
const CLOSING_EMPHASIS = /^(\*\*|__)(?=\s|$)/;
const DELIMITER_ROW = /^\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$/;
const KEY_VALUE_LINE = /\s\|\s|^\|/;
/**
 * A line of a form's field: a label of up to 41 characters (a spreadsheet's key written with
 * underscores too: "price_gbp"), a colon, then its value (group 1: the label).
 */
const LABEL_LINE = /^([\p{L}][\p{L}\p{N} /&().#'_-]{0,40}):\s/u;

/**
 * The label of a form's field line that gives a value ("Food hygiene rating: 5 (Very good)." →
 * "Food hygiene rating"); undefined for a line whose value is empty or that is no field line.
 */
export function fieldLabel(line: string): string | undefined {
  const m = LABEL_LINE.exec(line);
  return m && line.slice(m[0].length).trim() !== '' ? m[1] : undefined;
}

/**
 * `text` without Markdown's code and emphasis marks, which are no part of a word or a figure: "|
 * `parallel_jobs` | `4` |" reads 4, "**12** rooms" 12 rooms.
 */
export function withoutMarks(text: string): string {
  return text.replace(/[`*]/g, '');
}

/** The cells of a Markdown table row, trimmed, escaped pipes kept. */
export function tableCells(row: string): string[] {
  const inner = row
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

/** True when `text` holds a Markdown table (see `passagesOf`: a paragraph opening with a row, then a delimiter row). */
export function holdsTable(text: string): boolean {
  return text.split(/\n\s*\n/).some((paragraph) => isTable(paragraph.trim().split('\n')));
}

/** True when `lines` open with a Markdown table: a row, then a delimiter row. */
function isTable(lines: readonly string[]): boolean {
  return lines.length >= 2 && /^\s*\|/.test(lines[0]!) && DELIMITER_ROW.test(lines[1]!.trim());
}

/** A bulleted list item's line: "- ", "* ", "+ " or "• " before its text. */
const BULLET = /^\s*[-*+•]\s+\S/;
/**
 * A bulleted item's label: a bold lead (group 1: "- **Cathedral Row** – 95 spaces") or up to six
 * words before a dash or colon (group 2: "- Harbour Quay: 210 spaces").
 */
const ITEM_LABEL = /^\s*[-*+•]\s+(?:\*\*([^*]{1,60})\*\*|([^\s–—:.;,][^–—:.;]{0,50}?)\s*(?:\s[–—-]\s|:\s))/u;

/**
 * The shortest line that a paragraph's next line can continue, in characters. A PDF's text layer
 * breaks prose where its printed lines end ("Do not mix with bleach or" / "other chlorine-based
 * cleaners: contact releases chlorine gas."): a line that ends mid-sentence is full, a form's
 * field ("name: cairn") is short.
 */
const WRAPPED_LINE_MIN = 40;

/**
 * A sentence that ends inside a line, after a word in lower case ("… Department: Warehouse. Pay
 * date: 25"): a line holding one and ending without a closing mark was cut mid-sentence by the
 * printed line's end. Not an initial ("Dr S. Varga").
 */
const SENTENCE_INSIDE = /\p{Ll}{2}[.!?]["”’)]*\s+[\p{Lu}\p{N}]/u;

/**
 * The paragraph's lines with each printed line-wrap undone: a line that opens with a lower-case
 * letter — or with a capital, after a line in which a sentence ends (see {@link SENTENCE_INSIDE}:
 * "… Pay date: 25" / "September 2026. Tax period: …") — continues the line before it when that line is at least {@link WRAPPED_LINE_MIN}
 * characters and ends without a sentence's or a clause's closing mark (`.`, `!`, `?`, `:`, `;`,
 * a table's `|`), unless both are a form's fields (see {@link LABEL_LINE}). Without it a wrapped line whose first words end in a colon ("statement: H319
 * Causes …", "materials: strong alkalis") read as a form's field and broke the paragraph into
 * lines, and a sentence ran on across two passages. `wrapped` marks a line that ran on: printed
 * prose, no form's field, however it opens ("Eyes: rinse with plenty of water …").
 */
function unwrapped(lines: readonly string[]): { text: string; wrapped: boolean }[] {
  const out: { text: string; wrapped: boolean }[] = [];
  for (const line of lines) {
    const previous = out[out.length - 1];
    if (
      previous !== undefined &&
      (/^\s*\p{Ll}/u.test(line) || (/^\s*\p{Lu}/u.test(line) && SENTENCE_INSIDE.test(previous.text))) &&
      previous.text.trim().length >= WRAPPED_LINE_MIN &&
      !/[.!?:;|]["”’)]*\s*$/.test(previous.text) &&
      // A field after a field is the record's next field ("support: Marigold Static and Pale
      // Harbour" / "status: sold out": a JSON record's keys are in lower case), unless a sentence
      // ends inside the first (a paragraph of labelled sentences, wrapped).
      !(
        LABEL_LINE.test(line.trim()) &&
        !previous.wrapped &&
        LABEL_LINE.test(previous.text.trim()) &&
        !SENTENCE_INSIDE.test(previous.text)
      )
    ) {
      out[out.length - 1] = { text: `${previous.text.trimEnd()} ${line.trim()}`, wrapped: true };
    } else out.push({ text: line, wrapped: false });
  }
  return out;
}

/**
 * The passages of a chunk's text, in order. Paragraphs are split at blank lines; a Markdown
 * table gives one passage per body row; a paragraph whose lines are mostly key/value or label
 * lines gives one per line; prose gives one per sentence (`Intl.Segmenter`), a bulleted list's
 * items each their own (a list of clauses ending in semicolons is no one sentence). Headings and
 * lines without a letter or digit give none. Lines a PDF wrapped are joined first (see `unwrapped`).
 */
export function passagesOf(text: string): Passage[] {
  const out: Passage[] = [];
  let block = 0;
  for (const paragraph of text.split(/\n\s*\n/)) {
    block++;
    const lines = paragraph.split('\n').filter((line) => line.trim() !== '');
    if (lines.length === 0) continue;
    const push = (passage: Omit<Passage, 'order' | 'block'>) => {
      if (/[\p{L}\p{N}]/u.test(passage.text)) out.push({ ...passage, order: out.length, block });
    };
    if (isTable(lines)) {
      const table = { header: lines[0]!.trim(), delimiter: lines[1]!.trim() };
      for (const row of lines.slice(2)) push({ text: row.trim(), kind: 'row', table });
      continue;
    }
    const printed = unwrapped(lines.filter((line) => !/^#{1,6}\s/.test(line)));
    if (printed.length === 0) continue;
    const prose = printed.map((line) => line.text);
    const tabular = printed.filter(
      (line) => !line.wrapped && (KEY_VALUE_LINE.test(line.text) || LABEL_LINE.test(line.text)),
    ).length;
    if (tabular >= prose.length / 2) {
      for (const line of prose) push({ text: line.replace(/\s+/g, ' ').trim(), kind: 'line' });
      continue;
    }
    // An ordered list's marker ("1. Apologies for absence.") reads as a sentence of its own to
    // the segmenter: it opens the sentence after it instead.
    let marker = '';
    let held = '';
    let heldLabel: string | undefined;
    const flush = () => {
      if (held !== '')
        push({ text: held, kind: 'sentence', ...(heldLabel === undefined ? {} : { itemLabel: heldLabel }) });
      held = '';
    };
    // A bulleted list's items are passages of their own, however they end ("- not to smoke inside
    // the flat;"): the segmenter reads a list of clauses ending in semicolons as one sentence.
    const units: string[] = [];
    const bulleted = prose.filter((line) => BULLET.test(line)).length >= 2;
    for (const line of prose) {
      if (bulleted && (BULLET.test(line) || units.length === 0)) units.push(line);
      else if (bulleted) units[units.length - 1] += ` ${line}`;
    }
    if (!bulleted) units.push(prose.join(' '));
    const segments = units.flatMap((unit) => {
      const m = bulleted ? ITEM_LABEL.exec(unit) : null;
      const label = (m?.[1] ?? m?.[2])?.trim();
      const wordCount = label?.split(/\s+/).length ?? 0;
      const itemLabel = label !== undefined && wordCount <= 6 ? label : undefined;
      return [...sentences(unit)].map(({ segment }, i) => ({
        segment,
        itemLabel: i === 0 ? undefined : itemLabel,
      }));
    });
    for (const { segment, itemLabel } of segments) {
      let text = segment.replace(/\s+/g, ' ').trim();
      // A sentence in bold or italics ends before its closing mark ("**Guide price £325,000.** A
      // three bedroom …"): the mark closes the sentence held, it does not open the next one.
      const closing = CLOSING_EMPHASIS.exec(text)?.[1];
      if (closing !== undefined && held.split(closing).length % 2 === 0) {
        held += closing;
        text = text.slice(closing.length).trim();
        if (text === '') continue;
      }
      if (/^\d{1,3}[.)]$/.test(text)) {
        marker = `${marker}${text} `;
        continue;
      }
      // A company's name ends in "Inc." before its short name in brackets ("1Life Healthcare,
      // Inc. (“One Medical”), for …"): the segmenter ends a sentence there, the sentence goes on.
      // So does a name after its initial, its surname alone left ("Cllr S. Nunn."): the segmenter
      // ends a sentence at the initial's full stop, and one capitalised word is no sentence.
      if (
        held !== '' &&
        ((COMPANY_END.test(held) && /^[(“"‘]/.test(text)) ||
          (INITIAL_END.test(held) && /^\p{Lu}[\p{L}'’-]*\.?$/u.test(text)))
      ) {
        held = `${held} ${marker}${text}`;
      } else {
        flush();
        held = `${marker}${text}`;
        heldLabel = itemLabel;
      }
      marker = '';
    }
    flush();
  }
  return out;
}

/** A passage's text for comparison: case folded, spaces collapsed, digits kept. */
export function passageKey(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Quotes table rows with their header: header row, delimiter row, the rows. */
export function quoteRows(table: TableHead, rows: readonly string[]): string {
  return [table.header, table.delimiter, ...rows].join('\n');
}
