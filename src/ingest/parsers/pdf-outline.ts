/**
 * A PDF's outline (bookmarks) as a flat list of entries with their depth and, when its
 * destination resolves, the page it points at.
 * @module
 */

/** One outline entry. */
export interface OutlineEntry {
  title: string;
  /** 0 for a top-level entry. */
  depth: number;
  /** 1-based page the entry points at, when known. */
  pageNumber?: number;
}

/** The parts of a pdf.js outline item this module reads. */
interface OutlineItem {
  title: string;
  dest: string | unknown[] | null;
  items: OutlineItem[];
}

/** The parts of a pdf.js document this module calls. */
export interface OutlineSource {
  getOutline(): Promise<OutlineItem[] | null>;
  getDestination(id: string): Promise<unknown[] | null>;
  getPageIndex(ref: { num: number; gen: number }): Promise<number>;
}

/** Most entries read from an outline. */
const MAX_ENTRIES = 2000;

async function pageOf(pdf: OutlineSource, dest: OutlineItem['dest']): Promise<number | undefined> {
  try {
    const explicit = typeof dest === 'string' ? await pdf.getDestination(dest) : dest;
    const target = explicit?.[0];
    if (typeof target === 'number') return target + 1;
    if (typeof target === 'object' && target !== null && 'num' in target) {
      return (await pdf.getPageIndex(target as { num: number; gen: number })) + 1;
    }
  } catch {
    // an unresolvable destination only loses the page
  }
  return undefined;
}

/**
 * The outline, depth first, titles with spaces collapsed (empty titles left out); [] when the
 * PDF has none or it cannot be read. At most 2000 entries.
 */
export async function readOutline(pdf: OutlineSource): Promise<OutlineEntry[]> {
  let items: OutlineItem[] | null;
  try {
    items = await pdf.getOutline();
  } catch {
    return [];
  }
  const entries: OutlineEntry[] = [];
  const walk = async (list: readonly OutlineItem[], depth: number): Promise<void> => {
    for (const item of list) {
      if (entries.length >= MAX_ENTRIES) return;
      const title = String(item.title ?? '')
        .replace(/\s+/g, ' ')
        .trim();
      if (title !== '') {
        const pageNumber = await pageOf(pdf, item.dest);
        entries.push({ title, depth, ...(pageNumber === undefined ? {} : { pageNumber }) });
      }
      if (Array.isArray(item.items)) await walk(item.items, depth + 1);
    }
  };
  await walk(items ?? [], 0);
  return entries;
}

/** Text as outline entries and lines are compared: case folded, spaces and punctuation dropped. */
export function outlineKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * True when a line is the heading an outline entry names: the same text (case, spaces and
 * punctuation aside), or one starting with the other (outline titles are often cut short), the
 * shorter holding at least 4 letters or digits and 60% of the longer, or 20 of them.
 */
export function namesLine(entry: OutlineEntry, line: string): boolean {
  const a = outlineKey(entry.title);
  const b = outlineKey(line);
  if (a.length < 4 || b.length < 4) return a === b && a !== '';
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return long.startsWith(short) && short.length >= Math.min(20, 0.6 * long.length);
}
