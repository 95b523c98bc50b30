/**
 * Which title a document gets: the one its metadata declares unless that is empty or reads like
 * an identifier or a file name (`0000320193-22-000070`, `04.01.2023 10Q Document`,
 * `report_v2.docx`), else one found in its content (a PDF's largest first-page heading, its
 * outline's first entry, an HTML page's first `<h1>`).
 * @module
 */

/** Words that say nothing about a document when they are all its title says. */
const GENERIC = new Set([
  'document',
  'untitled',
  'file',
  'draft',
  'copy',
  'doc',
  'docx',
  'pdf',
  'final',
  'version',
  'new',
  'microsoft',
  'word',
  'powerpoint',
  'presentation',
  'slide',
  'slides',
  'title',
  'cover',
  'contents',
  'table',
  'of',
  'page',
]);

/**
 * True when `title` carries no words of its own: empty, or, once tokens holding a digit or an
 * underscore, file names (`a.pdf`) and generic words (`document`, `untitled`, `draft`…) are set
 * aside, fewer than two words of two letters or more are left.
 */
export function looksLikeIdentifier(title: string | undefined): boolean {
  if (title === undefined) return true;
  const words = title
    .split(/[\s\-–—/|,;:()[\]]+/)
    .filter((token) => token !== '')
    .filter((token) => !/[\d_]/.test(token) && !/\.\w{2,4}$/.test(token))
    .map((token) => token.replace(/[^\p{L}]/gu, '').toLowerCase())
    .filter((word) => word.length >= 2 && !GENERIC.has(word));
  return words.length < 2;
}

/** Spaces collapsed, trimmed; `undefined` when nothing is left. */
function clean(title: string | undefined): string | undefined {
  const text = title?.replace(/\s+/g, ' ').trim();
  return text ? text : undefined;
}

/**
 * The title to record: `declared` (metadata) unless it {@link looksLikeIdentifier}; else the first
 * of `found` (titles from the content, best first) that does not; else `declared` as it is, or
 * the first found one, or undefined.
 */
export function chooseTitle(
  declared: string | undefined,
  ...found: Array<string | undefined>
): string | undefined {
  const metadata = clean(declared);
  if (metadata !== undefined && !looksLikeIdentifier(metadata)) return metadata;
  const candidates = found.map(clean).filter((t): t is string => t !== undefined);
  return candidates.find((t) => !looksLikeIdentifier(t)) ?? metadata ?? candidates[0];
}

/** Endings of an organisation's legal name (`Example Corp.`, `EXAMPLE.COM, INC.`, `Example Holdings plc`). */
const ORGANISATION =
  /^[\p{Lu}\p{N}][\p{L}\p{N}&.,'’\- ]{1,70}?,?\s+(?:inc|incorporated|corp|corporation|company|co|ltd|limited|llc|llp|l\.p|plc|gmbh|ag|s\.a|n\.v|se|holdings|group)\.?$/iu;

/**
 * A title read from the text of a document's first page, for a document whose metadata title is
 * missing or an identifier (see {@link looksLikeIdentifier}): the first short line naming an
 * organisation by its legal form (a filing's registrant, a report's publisher), else the first
 * paragraph when it is short and has words of its own; undefined when neither is found. Markdown
 * heading marks and table pipes are ignored.
 */
export function titleFromText(firstPage: string): string | undefined {
  const lines = firstPage
    .slice(0, 6000)
    .split('\n')
    .map((line) =>
      line
        .replace(/^#+\s*/, '')
        .replace(/\|/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    );
  const organisation = lines.find((line) => line.length <= 80 && ORGANISATION.test(line));
  if (organisation) return organisation;
  const paragraph: string[] = [];
  for (const line of lines) {
    if (line === '' || /^[-_=*]{3,}$/.test(line)) {
      if (paragraph.length > 0) break;
      continue;
    }
    paragraph.push(line);
  }
  // An email's header block ("From: …", "Date: …", "Subject: Lift maintenance"): its subject.
  const subject = emailSubject(paragraph);
  if (subject) return subject;
  const first = paragraph.join(' ');
  return first.length > 0 && first.length <= 200 && !looksLikeIdentifier(first) ? first : undefined;
}

/**
 * The `Subject:` of a block of header lines (each "Name: value", as an email's header block or a
 * memo's "To: … From: … Subject: …" heading), when it has one of 200 characters or fewer.
 */
function emailSubject(lines: readonly string[]): string | undefined {
  if (lines.length < 2 || !lines.every((line) => /^[A-Za-z][A-Za-z-]{0,30}:\s/.test(line))) return undefined;
  const subject = lines.map((line) => /^(?:subject|re):\s*(.+)$/i.exec(line)?.[1]?.trim()).find(Boolean);
  return subject && subject.length <= 200 ? subject : undefined;
}
