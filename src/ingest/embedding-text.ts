/**
 * The text embedded for a chunk: who it comes from (the document's title and, when it says more,
 * its file name) and where in it (the heading path), then the chunk's own text, which stays as
 * it is. A passage that never names its document ("Net sales rose 2%") is then still found by a
 * question that does ("Contoso's net sales in Q3 2022").
 * @module
 */
import { withoutLeadingHeadings } from './chunk/heading-text.js';

/** A document as its chunks' embedding text names it. */
export interface DocumentIdentity {
  /** The document's title, when it has one. */
  title?: string;
  /** Its documentId or file name (a path relative to the ingest root). */
  name: string;
}

/** The file name without folders and extension. */
function baseName(name: string): string {
  return (name.split('/').at(-1) ?? name).replace(/\.[a-z0-9]{1,5}$/i, '');
}

/** Runs of letters and digits, two characters or more, lower-cased. */
function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? [];
}

/**
 * The line that names a document: its title, followed by its file name (in parentheses) when
 * that has a word (a run of two letters or digits or more) the title lacks
 * (`Contoso Inc. (2023 Q1 CTSO)`); the file name alone without a title; undefined when neither says
 * anything (a file name of bare numbers, `12345` or `2023-05-01`).
 * With `omitTitle` (the heading path already opens with it) only the file name part is returned.
 */
export function documentLabel(identity: DocumentIdentity, omitTitle = false): string | undefined {
  const title = identity.title?.replace(/\s+/g, ' ').trim() || undefined;
  const file = baseName(identity.name)
    .replace(/[_\s]+/g, ' ')
    .trim();
  const inTitle = new Set(words(title ?? ''));
  const fileWords = words(file);
  // A bare number (an id, a date) says nothing; `2023 Q1 ACME` does, next to `Acme Corporation`.
  const bare = fileWords.every((word) => /^\d+$/.test(word));
  const fileSays = !bare && fileWords.some((word) => !inTitle.has(word));
  if (title === undefined || omitTitle) return fileSays ? file : undefined;
  return fileSays ? `${title} (${file})` : title;
}

/**
 * Text that is embedded for a chunk without a contextualizer: the document's label (see
 * {@link documentLabel}; its title is left out when the heading path already opens with it), the
 * heading path joined by ` > `, a blank line, then the chunk text without the heading lines it opens
 * with when they are the path's (so a section's heading is embedded once). Without `document`, the
 * heading path and the text.
 */
export function embeddingTextFor(
  chunk: { headingPath: string[]; text: string },
  document?: DocumentIdentity,
): string {
  const header: string[] = [];
  if (document !== undefined) {
    const titled = chunk.headingPath[0] !== undefined && chunk.headingPath[0] === document.title?.trim();
    const label = documentLabel(document, titled);
    if (label !== undefined) header.push(label);
  }
  if (chunk.headingPath.length === 0) {
    return header.length > 0 ? `${header.join('\n')}\n\n${chunk.text}` : chunk.text;
  }
  header.push(chunk.headingPath.join(' > '));
  // The heading lines the text opens with are the path's: embedded once, in the path.
  const body = withoutLeadingHeadings(chunk.text, chunk.headingPath);
  return body === '' ? header.join('\n') : `${header.join('\n')}\n\n${body}`;
}
