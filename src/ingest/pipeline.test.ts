import { describe, expect, it } from 'vitest';
import { MarkdownChunker } from './chunk/markdown-chunker.js';
import { embeddingTextFor } from './pipeline.js';

describe('embeddingTextFor', () => {
  it('embeds a section heading once: in the path, not again from the text', () => {
    const [chunk] = new MarkdownChunker().chunk({
      documentId: 'guide.md',
      pages: [{ pageNumber: 1, markdown: '# Guide\n\n## [Setup](https://example.com)\n\nRun npm ci.' }],
    });
    expect(chunk!.headingPath).toEqual(['Guide', 'Setup']);
    expect(embeddingTextFor(chunk!)).toBe('Guide > Setup\n\nRun npm ci.');
  });

  it('keeps the text whole when it does not open with its headings, and has no path without headings', () => {
    expect(embeddingTextFor({ headingPath: ['Guide'], text: 'Later chunk.' })).toBe('Guide\n\nLater chunk.');
    expect(embeddingTextFor({ headingPath: [], text: '# Not a path' })).toBe('# Not a path');
  });
});
