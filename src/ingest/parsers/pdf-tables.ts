/**
 * Table regions of a PDF page rebuilt as Markdown tables: columns from the x-positions of the
 * text (the gutters no line's text crosses), cells whole (the lines of a multi-line cell joined),
 * header rows stacked into one (a cell spanning columns heads each of them), currency signs kept
 * with their amounts. Pure functions over the lines {@link pageLines} builds.
 * @module
 */
import { joinHyphenated, type LineLayout, normalizeLine, OVERLAPPING_SPACING } from './pdf-layout.js';

/** A line of a page as structure recovery sees it. */
export interface PlacedLine {
  text: string;
  layout: LineLayout;
  /** Index of the paragraph (block) the line belongs to on its page. */
  paragraph: number;
}

/** A table found on a page: lines `first` to `last` (inclusive) of the page's lines. */
export interface TableRegion {
  first: number;
  last: number;
  /** One cell per column, whole; columns left to right. */
  header: string[];
  rows: string[][];
}

/** A stretch of a line's text with no gap as wide as a word break between column cells. */
interface Segment {
  text: string;
  x: number;
  end: number;
}

interface Column {
  x: number;
  end: number;
}

/** Runs closer than this many ems belong to one segment (words of one cell). */
const SEGMENT_GAP = 0.5;
/** Lines between two lines with column gaps that may still belong to the same table. */
const MAX_PLAIN_RUN = 4;
/** Share of a table's lines that may cross a gutter (spanning header cells) without closing it. */
const CROSSING_SHARE = 0.15;
/** Type this many times larger than a table's rows is a title, not a row. */
const LARGER_TYPE = 1.2;
/**
 * Most header lines stacked into the header row, counting as one the lines of a band: lines set
 * closer than lines of text can be (see {@link OVERLAPPING_SPACING}), as centred cells that wrap
 * to different numbers of lines set them.
 */
const MAX_HEADER_LINES = 5;

/**
 * A line this many times its size below the line above, or more, starts a table row: a gap wider
 * than a line of text is a cell's padding (a row whose date wraps to two lines over a row whose
 * soloist wraps to three, both centred, sets them half a line apart across a row's border).
 */
const ROW_BREAK_SPACING = 1.5;

/**
 * Share of a table's body lines starting a band (after its first) below a padded gap that makes
 * it a table of padded rows, whose cells wrap at a text's pitch (see `buildTable`): half.
 */
const PADDED_ROWS_SHARE = 0.5;

/**
 * A first cell that labels a row: not empty, not a lead-in ending in a colon ("The components of
 * investments were as follows:"), not a unit in brackets ("(In millions)").
 */
const ROW_LABEL = /^(?!\(.*\)$).*[^:\s]$/s;

const CURRENCY = /^[$€£¥]$/;
const BULLET = /^[•▪■◦‣●○◆◇►▸‐–—*-]$/;
const NUMERIC = /^[($€£¥-]*\s*[\d.,]+\s*\)?\s*%?$|^[—–-]$/;
/** The end of a cell broken off mid-phrase: a conjunction, a preposition, an article, a comma or a dash. */
const DANGLING_END = /(?:^|\s)(?:and|or|&|to|of|the|a|an|for|with|in|on|at|by|from|per|incl\.?)$|[,–-]$/i;
/** Whether a cell's tokens hold a sum: a currency sign alone or before its figure. */
function holdsSum(cell: readonly string[]): boolean {
  return cell.some((t) => CURRENCY.test(t) || /^[$€£¥]\d/.test(t));
}

/**
 * Whether a header cell's lines so far break off: on a dangling word or an open bracket ("Price
 * per", "Call-out fee (incl. first 30"); not a date's comma ("October 30," over its year).
 */
function unfinishedHeader(parts: readonly string[]): boolean {
  const text = parts.join(' ').trim();
  return (
    (DANGLING_END.test(text) && !text.endsWith(',')) ||
    (text.match(/\(/g) ?? []).length > (text.match(/\)/g) ?? []).length
  );
}

const KEY_VALUE = /^\p{L}[^:|]{0,50}:(?:\s|$)/u;

/** A line's runs merged into segments at gaps narrower than {@link SEGMENT_GAP} ems. */
function segmentsOf(layout: LineLayout): Segment[] {
  const segments: Segment[] = [];
  for (const run of layout.runs) {
    const last = segments.at(-1);
    const gap = last === undefined ? Number.POSITIVE_INFINITY : (run.x - last.end) / run.size;
    if (last !== undefined && gap < SEGMENT_GAP) {
      last.text += gap < 0.1 ? run.text : ` ${run.text}`;
      last.end = Math.max(last.end, run.end);
    } else {
      segments.push({ text: run.text, x: run.x, end: run.end });
    }
  }
  return segments
    .map((segment) => ({ ...segment, text: normalizeLine(segment.text) }))
    .filter((segment) => segment.text !== '');
}

/** A column gap: this many ems between two segments of a line. */
const COLUMN_GAP = 1.5;

/** True when a line is split into cells: by the layout, or by a gap of {@link COLUMN_GAP} ems. */
function isRowLike(line: PlacedLine, segments: readonly Segment[]): boolean {
  // A bullet and its text are a list item, not two cells.
  if (BULLET.test(segments[0]?.text ?? '')) return false;
  if (line.layout.cells >= 2) return true;
  return segments.some(
    (segment, i) => i > 0 && (segment.x - segments[i - 1]!.end) / line.layout.size >= COLUMN_GAP,
  );
}

/** A line that reads as running text: not split into cells, across most of the page's text width. */
function isProse(line: PlacedLine, rowLike: boolean, pageLeft: number, pageWidth: number): boolean {
  return !rowLike && line.layout.end - Math.max(line.layout.x, pageLeft) >= 0.55 * pageWidth;
}

/** A footnote's marker: "(a)", "1)", "*", "†". */
const FOOTNOTE_MARK = /^(?:\(\w{1,2}\)|\w{1,2}\)|[*†‡§]+)$/u;

/** How near (in ems) a segment's edge must be to a column's to be aligned with it. */
const ALIGNED = 0.25;

/**
 * Marks as row-like (in `rowLike`, in place) the lines opening with a label whose cells are closer than a column gap
 * but whose later segments start or end where cells of two row-like lines of their paragraph (or of
 * the row-like lines right above and below it) or more do:
 * a table's widest label leaves only the cells' padding before the next column ("Inner tube 27.5 x
 * 2.2 inch, Schrader valve" 1.4 ems from its price, under "Price" and the other rows' prices).
 */
function alignedRows(lines: readonly PlacedLine[], segments: readonly Segment[][], rowLike: boolean[]): void {
  const edges = new Map<number, Array<{ line: number; x: number; end: number }>>();
  lines.forEach((line, k) => {
    if (!rowLike[k]) return;
    const list = edges.get(line.paragraph) ?? [];
    for (const segment of segments[k]!.slice(1)) list.push({ line: k, x: segment.x, end: segment.end });
    edges.set(line.paragraph, list);
  });
  // A table printed with its cells' padding sets each row apart as a paragraph of its own: the
  // row-like lines right above and below a line (of its size, each a row of the table) set its
  // columns too ("| Extra hour | any hour booked in advance | £7.95 |" under three padded rows).
  const neighbours = (k: number) => {
    const out: Array<{ line: number; x: number; end: number }> = [];
    for (const step of [-1, 1])
      for (let j = k + step; j >= 0 && j < lines.length && rowLike[j]; j += step) {
        if (lines[j]!.layout.size !== lines[k]!.layout.size) break;
        for (const segment of segments[j]!.slice(1)) out.push({ line: j, x: segment.x, end: segment.end });
      }
    return out;
  };
  lines.forEach((line, k) => {
    const later = segments[k]!.slice(1);
    // A label opens the row (a figure first is a bridge's line, "(490) Higher unit cost …", which
    // reads as well as prose).
    const label = segments[k]![0]!.text;
    if (rowLike[k] || later.length === 0 || BULLET.test(label) || NUMERIC.test(label)) return;
    // Not a footnote's marker and its text below a table ("(a) Refer to Note 5 …").
    const beside = FOOTNOTE_MARK.test(label.trim())
      ? []
      : neighbours(k).filter((c) => lines[c.line]!.paragraph !== line.paragraph);
    const columns = [...(edges.get(line.paragraph) ?? []), ...beside];
    if (columns.length === 0) return;
    const near = (a: number, b: number) => Math.abs(a - b) <= ALIGNED * line.layout.size;
    // A column is one that two row-like lines or more share: one row-like line (a footnote whose
    // text is indented after its marker) sets none.
    const aligned = (segment: Segment) =>
      new Set(columns.filter((c) => near(c.x, segment.x) || near(c.end, segment.end)).map((c) => c.line))
        .size >= 2;
    if (later.every(aligned)) rowLike[k] = true;
  });
}

/** Candidate spans: lines with column gaps, the few plain lines between them, and their header lines. */
function candidateSpans(lines: readonly PlacedLine[]): Array<[number, number]> {
  const left = Math.min(...lines.map((l) => l.layout.x));
  const width = Math.max(...lines.map((l) => l.layout.end)) - left;
  const segments = lines.map((line) => segmentsOf(line.layout));
  const rowLike = lines.map((line, k) => isRowLike(line, segments[k]!));
  alignedRows(lines, segments, rowLike);
  const rowSizes = lines.filter((_, k) => rowLike[k]).map((line) => line.layout.size);
  const rowSize = rowSizes.sort((a, b) => a - b)[rowSizes.length >> 1] ?? 0;
  // Running text, and type much larger than the rows' (a title), is no part of a table.
  const prose = (k: number) =>
    isProse(lines[k]!, rowLike[k]!, left, width) || lines[k]!.layout.size > LARGER_TYPE * rowSize;
  const spans: Array<[number, number]> = [];
  let i = 0;
  while (i < lines.length) {
    if (!rowLike[i]) {
      i++;
      continue;
    }
    let last = i;
    let j = i + 1;
    while (j < lines.length) {
      if (rowLike[j]) {
        last = j;
        j++;
        continue;
      }
      // Plain lines continue the table when a row-like line follows soon and none of them is prose.
      let k = j;
      // A wide line whose next line continues it in lower case is a wrapped row label, not prose.
      const wrapped = (k: number) =>
        k + 1 < lines.length && rowLike[k + 1]! && /^\p{Ll}/u.test(lines[k + 1]!.text);
      // Lines of the last row's paragraph are its cells' wrapped lines (a padded row's description
      // over five lines, round128): they do not count towards the run.
      let run = 0;
      while (k < lines.length && !rowLike[k] && run < MAX_PLAIN_RUN && (!prose(k) || wrapped(k))) {
        if (lines[k]!.paragraph !== lines[last]!.paragraph) run++;
        k++;
      }
      if (k < lines.length && rowLike[k] && run <= MAX_PLAIN_RUN) {
        last = k;
        j = k + 1;
        continue;
      }
      break;
    }
    let first = i;
    // Header lines above the first row, in its paragraph, no larger than the table's text.
    const size = lines[i]!.layout.size;
    while (
      first > 0 &&
      first > (spans.at(-1)?.[1] ?? -1) + 1 &&
      lines[first - 1]!.paragraph === lines[i]!.paragraph &&
      lines[first - 1]!.layout.size <= size * 1.05 &&
      !prose(first - 1)
    )
      first--;
    // Continuation lines below the last row, in its paragraph.
    while (
      last + 1 < lines.length &&
      lines[last + 1]!.paragraph === lines[last]!.paragraph &&
      !prose(last + 1)
    )
      last++;
    spans.push([first, last]);
    i = last + 1;
  }
  return spans;
}

/**
 * Columns of a span of lines: the stretches between gutters, where a gutter is an x-range that
 * text of at most {@link CROSSING_SHARE} of the lines covers, at least half an em wide.
 */
function columnsOf(segments: Segment[][], size: number): Column[] {
  const all = segments.flat();
  if (all.length === 0) return [];
  const left = Math.floor(Math.min(...all.map((s) => s.x)));
  const right = Math.ceil(Math.max(...all.map((s) => s.end)));
  const bins = new Array<number>(Math.max(1, 2 * (right - left))).fill(0);
  for (const line of segments) {
    for (const segment of line) {
      const from = Math.max(0, Math.floor(2 * (segment.x - left)));
      const to = Math.min(bins.length, Math.ceil(2 * (segment.end - left)));
      for (let b = from; b < to; b++) bins[b]!++;
    }
  }
  const allowance = Math.floor(CROSSING_SHARE * segments.length);
  const covered = bins.map((count) => count > allowance);
  const minGap = Math.max(1, Math.round(size)); // half an em, in half-point bins
  const columns: Column[] = [];
  let b = 0;
  while (b < covered.length) {
    if (!covered[b]) {
      b++;
      continue;
    }
    // A column runs until an uncovered stretch at least minGap bins wide (or the end).
    const start = b;
    let end = b;
    while (b < covered.length) {
      if (covered[b]) {
        end = b + 1;
        b++;
        continue;
      }
      let gap = b;
      while (gap < covered.length && !covered[gap]) gap++;
      if (gap - b >= minGap || gap === covered.length) break;
      b = gap;
    }
    columns.push({ x: left + start / 2, end: left + end / 2 });
  }
  return columns;
}

/** Whether a segment and a column share some of their x-range. */
function overlaps(column: Column, segment: Segment): boolean {
  return Math.min(column.end, segment.end) > Math.max(column.x, segment.x);
}

/**
 * Index of the column a segment overlaps most; when it overlaps none (text centred over a gutter),
 * the column nearest to where it starts.
 */
function columnOf(columns: readonly Column[], segment: Segment): number {
  let best = -1;
  let bestOverlap = 0;
  columns.forEach((column, c) => {
    const overlap = Math.min(column.end, segment.end) - Math.max(column.x, segment.x);
    if (overlap > bestOverlap) {
      best = c;
      bestOverlap = overlap;
    }
  });
  if (best >= 0) return best;
  let nearest = 0;
  let distance = Number.POSITIVE_INFINITY;
  columns.forEach((column, c) => {
    const d = segment.x < column.x ? column.x - segment.x : Math.max(0, segment.x - column.end);
    if (d < distance) {
      nearest = c;
      distance = d;
    }
  });
  return nearest;
}

/**
 * Which segment of a header line heads each column: the one that overlaps it most, else — for
 * columns after the first, which holds the row labels — the nearest one within one and a half
 * times its width plus three ems that does not head the first column. So a header line with
 * fewer segments than columns (`Three Months Ended` over two columns of figures) heads several
 * columns with one segment. Not a segment overlapping a column whose header the lines above left
 * unfinished (`unfinished`: on a dangling word or an open bracket): it is that cell's last line
 * ("min)" of "Call-out fee (incl. first 30 min)", "rider" of "Price per rider"), no heading of the
 * columns beside it (round135, round137); "(In millions)" under "Three Months Ended" still heads them.
 * Nor does a column that a line above headed with a cell of its own (`owned`: a segment heading no
 * other column) take a segment over another column: "price" under "Monthly" is the last line of
 * "Monthly price", no heading of "Storage" beside it (round147). A column headed only by cells
 * spanning columns ("Three Months Ended") still takes the next spanning line ("March 31,"), a
 * segment over no column (a year centred over a gutter, under "June 25,") the nearest, and a note
 * in brackets alone over the columns of figures ("(In millions)") every column near it.
 */
function headerCells(
  columns: readonly Column[],
  segments: readonly Segment[],
  size: number,
  unfinished: readonly boolean[] = [],
  owned: readonly boolean[] = [],
): Array<Segment | undefined> {
  const first = columns[0]!;
  const spanning = segments.filter(
    (segment) => Math.min(first.end, segment.end) <= Math.max(first.x, segment.x),
  );
  // A note in brackets alone over the columns of figures ("(In millions)") is said of every column
  // near it.
  const note = spanning.length === 1 && /^\(.*\)$/.test(spanning[0]!.text);
  return columns.map((column, c) => {
    let best: Segment | undefined;
    let bestOverlap = 0;
    let distance = Number.POSITIVE_INFINITY;
    for (const segment of segments) {
      const overlap = Math.min(column.end, segment.end) - Math.max(column.x, segment.x);
      if (overlap > bestOverlap) {
        best = segment;
        bestOverlap = overlap;
      } else if (
        bestOverlap === 0 &&
        c > 0 &&
        !(owned[c] && !note && columns.some((other) => overlaps(other, segment))) &&
        !columns.some((other, o) => unfinished[o] && overlaps(other, segment)) &&
        -overlap < distance &&
        spanning.includes(segment)
      ) {
        if (-overlap <= 1.5 * (segment.end - segment.x) + 3 * size) {
          best = segment;
          distance = -overlap;
        }
      }
    }
    return best;
  });
}

/** `$ 1,234` → `$1,234`, `(60 )` → `(60)`, spaces collapsed. */
function tidyCell(text: string): string {
  return text
    .replace(/([$€£¥])\s+(?=[\d(])/g, '$1')
    .replace(/\(\s*([\d.,]+)\s*\)/g, '($1)')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The lines of one cell joined into one: hyphenation rejoined, then spaces. */
function joinCell(parts: readonly string[]): string {
  return tidyCell(joinHyphenated(parts.filter((p) => p !== '')).join(' '));
}

/** Font carrying most characters of the lines. */
function mainFont(lines: readonly PlacedLine[]): string {
  const weights = new Map<string, number>();
  for (const line of lines) {
    weights.set(line.layout.font, (weights.get(line.layout.font) ?? 0) + line.text.length);
  }
  return [...weights].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
}

/** Builds the table of one span, or `undefined` when the span does not read as a table. */
function buildTable(lines: readonly PlacedLine[], first: number, last: number): TableRegion | undefined {
  const span = lines.slice(first, last + 1);
  if (span.length < 2) return undefined;
  const segments = span.map((line) => segmentsOf(line.layout));
  const size = Math.min(...span.map((line) => line.layout.size));
  // Gutters come from the body: leading lines that leave the label column empty are stacked
  // headers, whose cells span columns.
  const left = Math.min(...segments.flat().map((segment) => segment.x));
  let lead = 0;
  while (lead < segments.length && (segments[lead]![0]?.x ?? left) > left + 2 * size) lead++;
  const gutterLines = segments.length - lead >= 2 ? segments.slice(lead) : segments;
  let columns = columnsOf(gutterLines, size);
  // A cell spanning columns (an HTML colspan: "Monday | Closed (the horses' rest day)" under "Days |
  // Yard office | First lesson | Last lesson starts") covers the gutters it spans: in a table of two
  // columns or more (the colspan adds columns, it makes no table of a list), when the lines
  // of at least the median number of segments, three or more, part more columns, one segment to a
  // column, those are the columns (round135).
  const counts = gutterLines.map((line) => line.length).sort((a, b) => a - b);
  const median = counts[Math.floor(counts.length / 2)]!;
  const many = gutterLines.filter((line) => line.length >= median);
  if (columns.length >= 2 && many.length >= 3 && many.length < gutterLines.length) {
    const wider = columnsOf(many, size);
    // Only where each of those lines fills exactly one cell of each column: a statement's lone
    // currency signs ("$" apart from "6,188") part no columns of their own.
    if (wider.length > columns.length && many.every((line) => line.length === wider.length)) columns = wider;
  }
  if (columns.length < 2) return undefined;

  // Cells per line, by column: each segment goes to the column it overlaps most.
  const cellsOf = (line: readonly Segment[]): string[][] => {
    const cells = columns.map(() => [] as string[]);
    for (const segment of line) cells[columnOf(columns, segment)]!.push(segment.text);
    return cells;
  };

  // Header lines: leading lines with an empty first column or set in another font than the body;
  // the last of them must fill more than the first column (a bold `ASSETS:` opens the body).
  const font = mainFont(span);
  const filled = (l: number) => cellsOf(segments[l]!).filter((cell) => cell.length > 0).length;
  const startsBand = (l: number) =>
    l === 0 || span[l]!.layout.y - span[l - 1]!.layout.y >= OVERLAPPING_SPACING * size;
  // A gap wider than a line of text above a line is a cell's padding (see ROW_BREAK_SPACING).
  const padded = (l: number) =>
    l > 0 &&
    span[l]!.layout.y - span[l - 1]!.layout.y >=
      ROW_BREAK_SPACING * Math.max(span[l]!.layout.size, span[l - 1]!.layout.size);
  const inLabelledBand = (l: number) => {
    for (let k = l; k < span.length && (k === l || !startsBand(k)); k++)
      if (cellsOf(segments[k]!)[0]!.length > 0) return true;
    return false;
  };
  let headerLines = 0;
  let bands = 0;
  while (headerLines < span.length - 1) {
    const emptyLabel = cellsOf(segments[headerLines]!)[0]!.length === 0;
    const bodyFont = span[headerLines]!.layout.font === font;
    // A line of the body's font below a padded gap, in a band (lines at half pitches) with a
    // label, opens the body: the first line of a first row whose cell wraps ("Sibelius: Finlandia;
    // Grieg: Piano" above the row's centred date).
    if (bodyFont && (!emptyLabel || (padded(headerLines) && inLabelledBand(headerLines)))) break;
    if (startsBand(headerLines)) bands++;
    if (bands === MAX_HEADER_LINES) break;
    headerLines++;
  }
  if (bands === MAX_HEADER_LINES) headerLines = 0;
  while (headerLines > 0 && cellsOf(segments[headerLines - 1]!)[0]!.length > 0 && filled(headerLines - 1) < 2)
    headerLines--;

  // A currency sign alone in a cell belongs to the amount in the next cell; then columns that hold
  // nothing in any body line go.
  const body = segments.slice(headerLines).map((line) => {
    const cells = cellsOf(line);
    for (let c = 0; c + 1 < cells.length; c++) {
      const sign = cells[c]!.at(-1);
      if (sign === undefined || !CURRENCY.test(sign)) continue;
      const next = cells.findIndex((cell, k) => k > c && cell.length > 0);
      if (next < 0 || !NUMERIC.test(cells[next]![0]!)) continue;
      cells[c]!.pop();
      cells[next]![0] = `${sign}${cells[next]![0]}`;
    }
    return cells;
  });
  const keep = columns.map((_, c) => body.some((cells) => cells[c]!.length > 0));
  columns = columns.filter((_, c) => keep[c]);
  const bodyCells = body.map((cells) => cells.filter((_, c) => keep[c]));
  if (columns.length < 2) return undefined;
  const headerParts = columns.map(() => [] as string[]);
  /** Columns a header line has headed with a cell of their own (not one spanning columns). */
  const owned = columns.map(() => false);
  let h = 0;
  while (h < headerLines) {
    let end = h + 1;
    while (end < headerLines && !startsBand(end)) end++;
    if (end - h === 1) {
      headerCells(
        columns,
        segments[h]!,
        span[h]!.layout.size,
        headerParts.map(unfinishedHeader),
        owned,
      ).forEach((segment, c, heads) => {
        if (segment === undefined) return;
        if (segment.text !== '') headerParts[c]!.push(segment.text);
        if (heads.filter((other) => other === segment).length === 1) owned[c] = true;
      });
    } else {
      // A band: header cells that wrap to different numbers of lines, centred, set their lines at
      // half pitches. Each segment heads the column it overlaps, its lines joined top to bottom.
      for (let l = h; l < end; l++)
        for (const segment of segments[l]!) {
          const c = columnOf(columns, segment);
          if (overlaps(columns[c]!, segment)) {
            headerParts[c]!.push(segment.text);
            owned[c] = true;
          }
        }
    }
    h = end;
  }

  // Body rows: a line continues the row above when its first cell is empty or starts in lower
  // case, or when it is set closer to the line above than lines of text can be (a row whose cells
  // wrap to different numbers of lines, centred: `AD-18` / `18 V | 65 Nm` / `Pro`) — unless it
  // would put a second figure into a cell that already holds one, or a gap wider than a line of
  // text (a cell's padding, see ROW_BREAK_SPACING) is above it.
  // A table whose rows are set apart by padding (most body lines that start a band below a padded
  // gap: an HTML table printed with its cells' padding) wraps a row's cells to lines at a text's
  // pitch: a line not below a padded gap continues the row above, whatever its label starts with,
  // when one of its cells goes on in lower case ("Saturday 6 and Sunday | … | Buses replace all
  // trains all" over "7 March | Cross | day."). Not a line of capitalised labels and figures
  // ("Operating leases | 8 years" over "Finance leases | 11 years"), nor a statement's lines
  // whose groups alone are set apart.
  const bandStarts = bodyCells.flatMap((_, k) =>
    k > 0 && startsBand(headerLines + k) ? [headerLines + k] : [],
  );
  // So is a table whose rows (two or more) are padded and whose other labelled lines hold no
  // figure: the wrapped lines of labels and descriptions ("Boiler & / Heating / Care" beside
  // "Everything in Boiler / Care plus radiators, / …", round128), not a statement's figures.
  // Or whose other labelled lines leave empty the columns where the padded rows hold figures: the
  // wrapped lines of plan names ("Lumigrove" / "Lite" beside "100 GB | £1.79 | £17.99"), however
  // their other cells wrap ("Family | (shared) | others (6 people in total)", round147).
  const labelled = bandStarts.filter((l) => cellsOf(segments[l]!)[0]!.length > 0);
  const paddedStarts = bandStarts.filter(padded);
  const figureColumns = columns
    .map((_, c) => c)
    .filter((c) => c > 0 && paddedStarts.some((l) => cellsOf(segments[l]!)[c]!.some((t) => NUMERIC.test(t))));
  const wrapsOnly = (l: number) => {
    const cells = cellsOf(segments[l]!);
    return (
      !cells.some((cell) => cell.some((t) => /\d/.test(t))) ||
      (figureColumns.length > 0 && figureColumns.every((c) => cells[c]!.length === 0))
    );
  };
  const paddedRows =
    bandStarts.length >= 2 &&
    (paddedStarts.length >= PADDED_ROWS_SHARE * bandStarts.length ||
      (paddedStarts.length >= 2 && labelled.filter((l) => !padded(l)).every(wrapsOnly)));
  const rows: string[][][] = [];
  bodyCells.forEach((cells, k) => {
    const row = rows.at(-1);
    const label = cells[0]!.join(' ');
    // (Label-less lines above the first labelled row are a header, however padded.)
    const continues =
      row !== undefined &&
      !(padded(headerLines + k) && rows.some((r) => ROW_LABEL.test(r[0]!.join(' ').trim()))) &&
      (label === '' ||
        /^\p{Ll}/u.test(label) ||
        !startsBand(headerLines + k) ||
        // (A lead-in ending in a colon, "Net revenue:", is a row of its own, however set.)
        (paddedRows &&
          !/:\s*$/.test(row[0]!.join(' ')) &&
          (cells.some((cell) => /^\p{Ll}/u.test(cell.join(' '))) ||
            // nor one without a figure ("Heating | Care plus radiators," under "Boiler & |
            // Everything in Boiler | £19.50 |", round128)
            !cells.some((cell) => cell.some((t) => /\d/.test(t)))))) &&
      !cells.some(
        (cell, c) =>
          cell.length > 0 && row[c]!.some((t) => NUMERIC.test(t)) && cell.some((t) => NUMERIC.test(t)),
      );
    // A row whose cell breaks off on a word that cannot end it ("Evenings and", "Monday to Friday
    // 7pm to") goes on in the next line when that line leaves the row's sums' cells empty
    // ("Saturdays | 10pm; Saturday 8am to 6pm |" under "Evenings and | Monday to Friday 7pm to |
    // £95.00 | £20.00 |", round137), whatever its figures.
    const resumes =
      row !== undefined &&
      label !== '' &&
      // (A cell of a dash alone, "–", is a value: none, not a phrase broken off; round148.)
      row.some((cell) => {
        const text = cell.join(' ').trim();
        return DANGLING_END.test(text) && !NUMERIC.test(text);
      }) &&
      row.some(holdsSum) &&
      row.every((cell, c) => !holdsSum(cell) || cells[c]!.length === 0);
    if (!continues && !resumes) rows.push(cells);
    else
      cells.forEach((cell, c) => {
        row[c]!.push(...cell);
      });
  });

  let header = headerParts.map(joinCell);
  let table = rows.map((row) => row.map(joinCell));
  if (headerLines === 0) {
    header = table[0]!;
    table = table.slice(1);
  }
  // Columns nobody uses are dropped.
  const used = header.map((h, c) => h !== '' || table.some((row) => row[c] !== ''));
  header = header.filter((_, c) => used[c]);
  table = table.map((row) => row.filter((_, c) => used[c]));
  if (header.length < 2 || table.length < 1) return undefined;
  const full = table.filter((row) => row.filter((cell) => cell !== '').length >= 2).length;
  if (full < Math.min(2, table.length)) return undefined;

  // Key/value forms (`Location: Tallahassee`) and pages set in columns of running text are not tables.
  const cells = [header, ...table].flat().filter((cell) => cell !== '');
  if (cells.filter((cell) => KEY_VALUE.test(cell)).length >= 0.4 * cells.length) return undefined;
  const averages = columns.map((_, c) => {
    const texts = bodyCells.map((cells) => cells[c]!.join(' ')).filter((t) => t !== '');
    return texts.reduce((sum, t) => sum + t.length, 0) / Math.max(1, texts.length);
  });
  if (averages.every((average) => average >= 35)) return undefined;
  return { first, last, header, rows: labelGroupTotals(table) };
}

/**
 * `rows` with each row that totals a group but has no label of its own labelled "Total" and the
 * group's label. Financial statements print a segment's subtotal under its items without a label
 * ("Client Computing", then "Desktop", "Notebook", "Other", then "| | 6,780 | 7,678 |"), the rule
 * above the figures saying what the text does not: read without it, the subtotal belongs to no
 * row, and "Client Computing revenue" finds only the segment's operating income further down. A
 * group is a row with a label and no other cell — not a lead-in ending in a colon ("Net
 * revenue:"), which heads the groups — followed by at least two labelled rows of figures; its
 * total is the first row after them whose cells are all figures and whose label is empty.
 */
export function labelGroupTotals(rows: readonly string[][]): string[][] {
  let group: string | undefined;
  let members = 0;
  const figures = (cells: readonly string[]) => {
    const filled = cells.filter((cell) => cell !== '');
    return filled.length > 0 && filled.every((cell) => NUMERIC.test(cell));
  };
  return rows.map((row) => {
    const [label = '', ...values] = row;
    if (label !== '' && values.every((cell) => cell === '')) {
      group = label.trim().endsWith(':') ? undefined : label;
      members = 0;
      return row;
    }
    if (label !== '' && figures(values)) {
      members++;
      return row;
    }
    const total = label === '' && figures(values) && group !== undefined && members >= 2;
    const out = total ? [`Total ${group}`, ...values] : row;
    group = undefined;
    return out;
  });
}

/**
 * The tables on a page whose lines (top to bottom) are `lines`. A table starts at a line split
 * into cells at column gaps and runs over the lines that follow while such lines keep coming (at
 * most {@link MAX_PLAIN_RUN} plain lines between them, none of them running text), with the header
 * lines above it in its paragraph. It is kept when its columns (from gutters) are at least two,
 * at least two of its rows fill two cells, and it is not a key/value form or running text set in
 * columns.
 */
export function findTables(lines: readonly PlacedLine[]): TableRegion[] {
  if (lines.length < 2) return [];
  const tables: TableRegion[] = [];
  for (const [first, last] of candidateSpans(lines)) {
    const table = buildTable(lines, first, last);
    if (table) tables.push(table);
  }
  return tables;
}

/** A cell holding a digit: a value, which a header cell names rather than holds. */
const holdsFigure = (cells: readonly string[]) => cells.some((cell) => /\d/.test(cell));

/**
 * Tables a page break split, joined to their header (pages as `findTables` read them, in order;
 * the tables are changed in place): a table that opens a page took its first row of values for
 * its header because its header was printed at the foot of the page before, alone ("Ticket |
 * Price" over "Monthly | £65" on the next page), or with the first part of the table (a long price
 * list run over two pages without its header repeated). That header is the table's again, and its
 * first row a row. The header must have as many cells as the table has columns and hold no
 * figure; the row that took its place must be shaped as a body row (a label first, its figures in
 * columns of figures). A header line alone at the foot moves to the table; repeated over the rows,
 * it is dropped. Returns, per page, the lines that moved.
 */
export function joinPageBreakTables(
  pages: ReadonlyArray<readonly PlacedLine[] | undefined>,
  tables: ReadonlyArray<TableRegion[]>,
): Array<Set<number>> {
  const moved = pages.map(() => new Set<number>());
  for (let p = 0; p + 1 < pages.length; p++) {
    const lines = pages[p];
    const next = tables[p + 1]?.[0];
    if (!lines || lines.length === 0 || next?.first !== 0) continue;
    const last = lines.length - 1;
    const ending = tables[p]!.find((t) => t.last === last);
    let header: string[] | undefined;
    if (ending) header = ending.header;
    else if (!tables[p]!.some((t) => last >= t.first && last <= t.last)) {
      const line = lines[last]!;
      const segments = segmentsOf(line.layout);
      if (isRowLike(line, segments)) header = segments.map((segment) => segment.text);
    }
    if (header === undefined || header.length !== next.header.length || holdsFigure(header)) continue;
    const same = header.every((cell, i) => cell === next.header[i]);
    // The row taken for a header is shaped as a body row: a label first, and its figures in
    // columns where the row after it (or the table's last row before the break) has figures too.
    // A header of years ("| | 2023 | 2022 |") has no label.
    const body = ending?.rows.at(-1) ?? next.rows[0];
    const shaped =
      next.header[0] !== '' &&
      holdsFigure(next.header) &&
      body !== undefined &&
      next.header.every((cell, i) => !holdsFigure([cell]) || holdsFigure([body[i] ?? '']));
    if (!same && !shaped) continue;
    if (!same) next.rows.unshift(next.header);
    next.header = [...header];
    if (!ending) moved[p]!.add(last);
  }
  return moved;
}

/** A cell for a Markdown table row: pipes escaped, never empty-looking. */
function markdownCell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|');
}

/** A table as GFM Markdown: header row, delimiter row, body rows. */
export function tableMarkdown(table: Pick<TableRegion, 'header' | 'rows'>): string {
  const row = (cells: readonly string[]) => `| ${cells.map(markdownCell).join(' | ')} |`;
  return [row(table.header), row(table.header.map(() => '---')), ...table.rows.map(row)].join('\n');
}
