/**
 * A document's text rebuilt from its stored chunks: chunks in order, the text a chunk repeats
 * from the end of the one before (the chunker's overlap) removed.
 * @module
 */

/** Shortest repeated run that counts as overlap, so that a chance match of a few characters is kept. */
const MIN_OVERLAP = 16;

/** The longest suffix of `previous` that `next` starts with, when it is at least {@link MIN_OVERLAP} long. */
function overlapLength(previous: string, next: string): number {
  for (let length = Math.min(previous.length, next.length); length >= MIN_OVERLAP; length--) {
    if (next.startsWith(previous.slice(previous.length - length))) return length;
  }
  return 0;
}

/** Chunk texts, in order, joined into one text without the overlaps. */
export function joinChunkTexts(texts: readonly string[]): string {
  const parts: string[] = [];
  let previous = '';
  for (const text of texts) {
    const overlap = overlapLength(previous, text);
    const rest = text.slice(overlap).replace(/^\s+/, '');
    if (rest !== '') parts.push(overlap > 0 ? rest : text.trim());
    previous = text;
  }
  return parts.join(parts.length > 0 ? '\n\n' : '');
}
