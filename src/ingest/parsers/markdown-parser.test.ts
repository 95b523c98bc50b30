import { describe, expect, it } from 'vitest';
import { EmptyDocumentError } from '../../core/errors.js';
import { firstHeading, MarkdownParser } from './markdown-parser.js';

const parser = new MarkdownParser();
const source = (text: string) => ({ name: 'doc.md', bytes: new TextEncoder().encode(text) });

describe('MarkdownParser', () => {
  it('returns the Markdown as one page with the first # heading as title', async () => {
    const markdown = 'Intro line\n\n## Section\n\n# The Title #\n\nBody.\n';
    expect(await parser.parse(source(markdown))).toEqual({
      mediaType: 'text/markdown',
      title: 'The Title',
      pages: [{ pageNumber: 1, markdown }],
    });
  });

  it('has no title without a level-1 heading', async () => {
    const parsed = await parser.parse(source('## Only a section\n\ntext'));
    expect(parsed.title).toBeUndefined();
    expect(parsed).not.toHaveProperty('title');
  });

  it('drops YAML front matter and falls back to its title', async () => {
    const parsed = await parser.parse(
      source('---\ntitle: "From front matter"\ntags: [a]\n---\nBody only.\n'),
    );
    expect(parsed.pages[0]?.markdown).toBe('Body only.\n');
    expect(parsed.title).toBe('From front matter');
  });

  it("gives the front matter's date as the document's published date", async () => {
    const parsed = await parser.parse(
      source('---\ntitle: Plot fees\ndate: 2024-12-05\n---\n# Plot fees\n\nText.\n'),
    );
    expect(parsed).toMatchObject({ title: 'Plot fees', publishedDate: '2024-12-05' });
    expect(await parser.parse(source('# No front matter\n\nPublished 2024-12-05.\n'))).not.toHaveProperty(
      'publishedDate',
    );
  });

  it('throws EmptyDocumentError for blank input or front matter alone', async () => {
    await expect(parser.parse(source('\n  \n'))).rejects.toBeInstanceOf(EmptyDocumentError);
    await expect(parser.parse(source('---\ntitle: x\n---\n'))).rejects.toBeInstanceOf(EmptyDocumentError);
  });
});

describe('firstHeading', () => {
  it('skips headings inside fenced code', () => {
    expect(firstHeading('```sh\n# a comment\n```\n\n# Real')).toBe('Real');
    expect(firstHeading('~~~~\n# x\n~~~\n# still code\n~~~~\n# Real')).toBe('Real');
  });

  it('accepts setext headings and ignores #hashtags', () => {
    expect(firstHeading('#hashtag\n\nSetext Title\n===\n')).toBe('Setext Title');
  });
});
