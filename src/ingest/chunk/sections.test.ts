import { describe, expect, it } from 'vitest';
import { parseBlocks } from './markdown-blocks.js';
import { groupSections } from './sections.js';
import { SourceText } from './source-text.js';

function sections(markdown: string) {
  const source = new SourceText(markdown);
  return groupSections(parseBlocks(source)).map((section) => ({
    path: section.headingPath,
    headings: section.headings.map((heading) => source.slice(heading)),
    blocks: section.blocks.map((block) => source.slice(block)),
  }));
}

describe('groupSections', () => {
  it('closes headings of the same or deeper level, keeping shallower ones', () => {
    const paths = sections('# A\na\n## B\nb\n#### D\nd\n### C\nc\n## E\ne\n# F\nf').map((s) => s.path);
    expect(paths).toEqual([['A'], ['A', 'B'], ['A', 'B', 'D'], ['A', 'B', 'C'], ['A', 'E'], ['F']]);
  });

  it('joins a heading without content to a deeper heading after it, not to a sibling', () => {
    expect(sections('# A\n## B\n### C\ntext\n## D\n## E\ne')).toEqual([
      { path: ['A', 'B', 'C'], headings: ['# A', '## B', '### C'], blocks: ['text'] },
      { path: ['A', 'D'], headings: ['## D'], blocks: [] },
      { path: ['A', 'E'], headings: ['## E'], blocks: ['e'] },
    ]);
  });

  it('keeps text before the first heading in a section with an empty path', () => {
    expect(sections('lead\n\n# H\nbody')[0]).toEqual({ path: [], headings: [], blocks: ['lead'] });
  });

  it('lets an empty heading close deeper headings without adding to the path', () => {
    expect(sections('# A\n## B\nb\n##\nafter').map((s) => s.path)).toEqual([['A', 'B'], ['A']]);
  });
});
