import { EmptyDocumentError } from '../../core/errors.js';
import type { Parser } from '../../core/ports.js';
import type { ParsedDocument, Source } from '../../core/types.js';
import { headingText, stripClosingHashes } from '../chunk/heading-text.js';
import { type FrontMatterFields, frontMatterFields } from './published-date.js';
import { decodeTextSource } from './text-parser.js';

/** A YAML front-matter block at the very start: `---` … `---` (or `...`). */
const FRONT_MATTER = /^---[ \t]*\n([\s\S]*?)\n(?:---|\.\.\.)[ \t]*(?:\n|$)/;

/**
 * The first level-1 heading (`# Title`, or `Title` underlined with `===`) outside fenced code
 * blocks, without closing `#`s.
 */
export function firstHeading(markdown: string): string | undefined {
  const lines = markdown.split('\n');
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fenceMatch = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fenceMatch) {
      const marker = fenceMatch[1]!;
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    // The text after `# `, its closing `#`s removed as the chunker removes them.
    const atx = /^ {0,3}#[ \t]+(.*)$/.exec(line);
    const text = atx ? headingText(stripClosingHashes(atx[1]!.trim())) : '';
    if (text) return text;
    const next = lines[i + 1];
    if (next !== undefined && /^ {0,3}=+[ \t]*$/.test(next) && line.trim() !== '' && !/^ {4}/.test(line)) {
      return headingText(line.trim()) || undefined;
    }
  }
  return undefined;
}

/**
 * Markdown (and MDX): one page holding the source as it is, minus a leading YAML front-matter
 * block. The title is the first level-1 heading, else the front matter's `title`; the front
 * matter's `date` (`publishDate`, `pubDate`, `lastmod` …, see `frontMatterFields`) becomes the
 * document's `publishedDate`.
 */
export class MarkdownParser implements Parser {
  readonly specificationVersion = 'v1' as const;
  readonly fingerprint = 'markdown/v2';
  readonly mediaTypes = ['text/markdown', 'text/x-markdown'] as const;

  async parse(source: Source): Promise<ParsedDocument> {
    let markdown = decodeTextSource(source);
    let fields: FrontMatterFields = {};
    const frontMatter = FRONT_MATTER.exec(markdown);
    if (frontMatter) {
      fields = frontMatterFields(frontMatter[1]!);
      markdown = markdown.slice(frontMatter[0].length);
      if (markdown.trim() === '') throw new EmptyDocumentError(source.name);
    }
    const title = firstHeading(markdown) ?? fields.title;
    return {
      mediaType: 'text/markdown',
      ...(title === undefined ? {} : { title }),
      ...(fields.publishedDate === undefined ? {} : { publishedDate: fields.publishedDate }),
      pages: [{ pageNumber: 1, markdown }],
    };
  }
}
