/**
 * Groups blocks into sections, one per heading, and tracks the heading path.
 * @module
 */
import type { Block, HeadingBlock } from './markdown-blocks.js';

/** A heading (or a run of nested headings) and the non-heading blocks under it. */
export interface Section {
  /** Heading texts enclosing the section, outermost first; [] before the first heading. */
  headingPath: string[];
  /**
   * The section's heading lines: usually one, none before the first heading, several when a
   * heading with no content of its own is directly followed by a deeper one (`# A` then `## B`).
   */
  headings: HeadingBlock[];
  /** Paragraphs, tables and code blocks, in source order. */
  blocks: Exclude<Block, HeadingBlock>[];
}

/**
 * Splits `blocks` into sections. A heading of level n closes every open heading of level >= n;
 * an empty heading text closes them but adds nothing to the path. A heading with no blocks under
 * it joins the next section when that section's heading is deeper, so no chunk is a lone parent
 * heading. Sections with neither headings nor blocks are dropped.
 */
export function groupSections(blocks: readonly Block[]): Section[] {
  const sections: Section[] = [];
  const open: Array<{ level: number; text: string }> = [];
  let current: Section = { headingPath: [], headings: [], blocks: [] };
  for (const block of blocks) {
    if (block.kind !== 'heading') {
      current.blocks.push(block);
      continue;
    }
    while (open.length > 0 && open.at(-1)!.level >= block.level) open.pop();
    if (block.text !== '') open.push({ level: block.level, text: block.text });
    const headingPath = open.map((heading) => heading.text);
    const parent = current.headings.at(-1);
    if (current.blocks.length === 0 && parent !== undefined && block.level > parent.level) {
      current.headings.push(block);
      current.headingPath = headingPath;
      continue;
    }
    if (current.headings.length > 0 || current.blocks.length > 0) sections.push(current);
    current = { headingPath, headings: [block], blocks: [] };
  }
  if (current.headings.length > 0 || current.blocks.length > 0) sections.push(current);
  return sections;
}
