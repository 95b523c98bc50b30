import type { DomDocument, DomElement, DomNode } from './dom.js';

/** Spans beyond these are treated as malformed and clamped. */
const MAX_COLSPAN = 50;
const MAX_ROWSPAN = 500;

interface GridCell {
  /** The source cell; spanned positions point at the cell that spans them. */
  cell: DomElement;
  /** True for the cell's own (top-left) position. */
  origin: boolean;
  /** True for a position reached by `colspan` (left empty in the output). */
  colSpanned: boolean;
}

function span(cell: DomElement, name: string, max: number): number {
  const value = Number.parseInt(cell.getAttribute(name) ?? '1', 10);
  return Number.isFinite(value) && value >= 1 ? Math.min(value, max) : 1;
}

/** The rows of `table` in order, nested tables excluded. */
function rowsOf(table: DomElement): DomElement[] {
  return Array.from(table.querySelectorAll('tr')).filter((row) => row.closest('table') === table);
}

function cellsOf(row: DomElement): DomElement[] {
  return Array.from(row.children).filter((child) => child.nodeName === 'TD' || child.nodeName === 'TH');
}

/** Lays cells out on a grid, resolving `colspan` and `rowspan`. */
function buildGrid(rows: DomElement[]): GridCell[][] {
  const grid: GridCell[][] = rows.map(() => []);
  rows.forEach((row, r) => {
    let column = 0;
    for (const cell of cellsOf(row)) {
      while (grid[r]![column] !== undefined) column++;
      const colspan = span(cell, 'colspan', MAX_COLSPAN);
      const rowspan = Math.min(span(cell, 'rowspan', MAX_ROWSPAN), rows.length - r);
      for (let dr = 0; dr < rowspan; dr++) {
        for (let dc = 0; dc < colspan; dc++) {
          grid[r + dr]![column + dc] = { cell, origin: dr === 0 && dc === 0, colSpanned: dc > 0 };
        }
      }
      column += colspan;
    }
  });
  return grid;
}

/** A layout table: role=presentation, nested tables, or too few rows or columns to be data. */
function isLayoutTable(table: DomElement, grid: GridCell[][]): boolean {
  const role = table.getAttribute('role');
  if (role === 'presentation' || role === 'none') return true;
  if (table.querySelector('table')) return true;
  const width = Math.max(0, ...grid.map((row) => row.length));
  return grid.length < 2 || width < 2;
}

function moveChildren(from: DomElement, to: DomElement): void {
  to.append(...Array.from(from.childNodes));
}

/** Replaces a layout table by its cells' contents, one block per cell. */
function unwrapTable(document: DomDocument, table: DomElement): void {
  const blocks: DomNode[] = [];
  const caption = table.querySelector('caption');
  if (caption) {
    const paragraph = document.createElement('p');
    moveChildren(caption, paragraph);
    blocks.push(paragraph);
  }
  for (const row of rowsOf(table)) {
    for (const cell of cellsOf(row)) {
      const block = document.createElement('div');
      moveChildren(cell, block);
      blocks.push(block);
    }
  }
  table.replaceWith(...blocks);
}

/**
 * Rebuilds a data table as `<thead>` with one header row plus `<tbody>`, every row as wide as the
 * widest: the shape turndown-plugin-gfm turns into a GFM table. The first row is the header (a
 * table without `<th>` cells gets its first row promoted). Row-spanned cells repeat their content
 * on every row they cover so that each Markdown row stands alone; column-spanned positions are
 * left empty. A `<caption>` becomes a paragraph before the table.
 */
function rebuildTable(document: DomDocument, table: DomElement, grid: GridCell[][]): void {
  const width = Math.max(...grid.map((row) => row.length));
  const rebuilt = document.createElement('table');
  const head = document.createElement('thead');
  const body = document.createElement('tbody');
  rebuilt.append(head, body);
  const rebuiltCells = new Map<DomElement, DomElement>();
  grid.forEach((cells, r) => {
    const row = document.createElement('tr');
    for (let c = 0; c < width; c++) {
      const position = cells[c];
      const cell = document.createElement(r === 0 ? 'th' : 'td');
      if (position?.origin) {
        moveChildren(position.cell, cell);
        rebuiltCells.set(position.cell, cell);
      } else if (position !== undefined && !position.colSpanned) {
        const origin = rebuiltCells.get(position.cell);
        if (origin) cell.append(...Array.from(origin.childNodes, (node) => node.cloneNode(true)));
      }
      row.append(cell);
    }
    (r === 0 ? head : body).append(row);
  });
  const caption = table.querySelector('caption');
  if (caption && caption.closest('table') === table) {
    const paragraph = document.createElement('p');
    moveChildren(caption, paragraph);
    table.before(paragraph);
  }
  table.replaceWith(rebuilt);
}

/**
 * Prepares every table under `root` for GFM conversion, innermost first: layout tables are
 * unwrapped into blocks, data tables rebuilt into a regular grid with a single header row.
 */
export function normalizeTables(document: DomDocument, root: DomElement): void {
  const tables = Array.from(root.querySelectorAll('table')).reverse();
  for (const table of tables) {
    const rows = rowsOf(table);
    // Rowspans must be resolved before cells move, so build the grid first.
    const grid = buildGrid(rows);
    if (isLayoutTable(table, grid)) unwrapTable(document, table);
    else rebuildTable(document, table, grid);
  }
}
