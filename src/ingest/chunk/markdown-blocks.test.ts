import { describe, expect, it } from 'vitest';
import { type Block, parseBlocks } from './markdown-blocks.js';
import { SourceText } from './source-text.js';

function kinds(markdown: string): Array<[Block['kind'], string]> {
  const source = new SourceText(markdown);
  return parseBlocks(source).map((block) => [block.kind, source.slice(block)]);
}

describe('parseBlocks', () => {
  it('reads ATX headings with levels and text, and rejects look-alikes', () => {
    const source = new SourceText('# One\n## Two ##\n###### Six\n####### seven\n#nospace\n    # indented\n#');
    const headings = parseBlocks(source).filter((block) => block.kind === 'heading');
    expect(headings.map((block) => [block.level, block.text])).toEqual([
      [1, 'One'],
      [2, 'Two'],
      [6, 'Six'],
      [1, ''],
    ]);
  });

  it('reads setext headings only under a plain paragraph', () => {
    expect(kinds('Title\n=====\n\n- item\n---\n\n> quote\n---\n\n---')).toEqual([
      ['heading', 'Title\n====='],
      ['paragraph', '- item\n---'],
      ['paragraph', '> quote\n---'],
      ['paragraph', '---'],
    ]);
  });

  it('needs a delimiter row with as many cells as the header for a table', () => {
    expect(kinds('| a | b |\n|---|---|\n| 1 | 2 |\nrow without pipe\n\nafter')).toEqual([
      ['table', '| a | b |\n|---|---|\n| 1 | 2 |\nrow without pipe'],
      ['paragraph', 'after'],
    ]);
    expect(kinds('| a | b |\n|---|\n| 1 | 2 |')).toEqual([['paragraph', '| a | b |\n|---|\n| 1 | 2 |']]);
    expect(kinds('intro line\n| a |\n| :-: |\n| 1 |\n- list')).toEqual([
      ['paragraph', 'intro line'],
      ['table', '| a |\n| :-: |\n| 1 |'],
      ['paragraph', '- list'],
    ]);
  });

  it('closes a fence only with the same character, at least as long', () => {
    const markdown = '````md\n```\n~~~~\n````\nafter';
    expect(kinds(markdown)).toEqual([
      ['code', '````md\n```\n~~~~\n````'],
      ['paragraph', 'after'],
    ]);
    expect(kinds('``` not `a` fence\ntext')).toEqual([['paragraph', '``` not `a` fence\ntext']]);
  });

  it('runs a never-closed fence to the end, without trailing blank lines', () => {
    const source = new SourceText('~~~\ncode\n\n# not heading\n\n\n');
    const [block] = parseBlocks(source);
    expect(block?.kind).toBe('code');
    expect(source.slice(block!)).toBe('~~~\ncode\n\n# not heading');
    expect(block?.kind === 'code' && block.closer).toBe(undefined);
  });

  it('handles CRLF line ends', () => {
    expect(kinds('# H\r\n\r\ntext\r\nmore\r\n')).toEqual([
      ['heading', '# H'],
      ['paragraph', 'text\r\nmore'],
    ]);
  });
});
