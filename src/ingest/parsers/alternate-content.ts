/**
 * Office markup's `mc:AlternateContent` offers a `mc:Choice` for readers that know a newer
 * feature and an `mc:Fallback` for the others. Mammoth reads only the fallback, so a writer that
 * emits a choice alone (text boxes and shapes from some Word versions and converters) loses its
 * text. {@link keepLoneChoices} turns such a lone choice into the fallback.
 * @module
 */

/** Start and end tags (and empty-element tags) of the three elements, in document order. */
const TAG = /<(\/?)mc:(AlternateContent|Choice|Fallback)\b[^>]*>/g;

interface Frame {
  hasFallback: boolean;
  /** Offsets of the first choice's start tag and its end tag, once seen. */
  choiceStart?: number;
  choiceEnd?: number;
}

/**
 * `xml` with the first `mc:Choice` of every `mc:AlternateContent` that has no `mc:Fallback`
 * renamed `mc:Fallback`, so a reader that takes the fallback reads the choice. One scan over the
 * tags (nested alternate content included); `xml` itself when nothing is renamed.
 */
export function keepLoneChoices(xml: string): string {
  if (!xml.includes('mc:AlternateContent')) return xml;
  const frames: Frame[] = [];
  /** Offsets of `mc:Choice` names to rename, ascending. */
  const renames: number[] = [];
  TAG.lastIndex = 0;
  for (let match = TAG.exec(xml); match !== null; match = TAG.exec(xml)) {
    const closing = match[1] === '/';
    const empty = match[0].endsWith('/>');
    const name = match[2];
    const frame = frames.at(-1);
    if (name === 'AlternateContent') {
      if (empty) continue;
      if (!closing) {
        frames.push({ hasFallback: false });
        continue;
      }
      const done = frames.pop();
      if (done && !done.hasFallback && done.choiceStart !== undefined && done.choiceEnd !== undefined) {
        renames.push(done.choiceStart, done.choiceEnd);
      }
      continue;
    }
    if (frame === undefined) continue;
    if (name === 'Fallback') frame.hasFallback = true;
    else if (!closing && !empty && frame.choiceStart === undefined) frame.choiceStart = match.index;
    else if (closing && frame.choiceStart !== undefined && frame.choiceEnd === undefined)
      frame.choiceEnd = match.index;
  }
  if (renames.length === 0) return xml;
  renames.sort((a, b) => a - b);
  const parts: string[] = [];
  let copied = 0;
  for (const at of renames) {
    const nameAt = xml.indexOf('mc:Choice', at);
    parts.push(xml.slice(copied, nameAt), 'mc:Fallback');
    copied = nameAt + 'mc:Choice'.length;
  }
  parts.push(xml.slice(copied));
  return parts.join('');
}
