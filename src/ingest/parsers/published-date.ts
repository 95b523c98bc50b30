import { parse as parseYaml } from 'yaml';
import { metadataDate, parseWrittenDate } from '../document-date.js';
import type { DomDocument, DomElement } from './dom.js';

/**
 * The dates a file's own fields give its document, as its author or publisher set them: a
 * Markdown front matter's `date`, an HTML page's `article:published_time`, `<meta name="date">`,
 * Dublin Core or JSON-LD `datePublished`. Unlike a file's creation date, they say when the
 * document was published, so they date it as its text would (see `findDocumentDate`).
 */

/**
 * Front-matter keys that say when a post or page was published, best first, compared without
 * case: Jekyll and Eleventy `date`, Hugo `publishDate`, Astro `pubDate`; then the dates of a
 * later edit (Hugo `lastmod`, Jekyll `last_modified_at`, Astro `updatedDate`), used when no
 * publication date is given.
 */
const FRONT_MATTER_DATE_KEYS = [
  'date',
  'published',
  'publishdate',
  'pubdate',
  'datepublished',
  'published_at',
  'created',
  'lastmod',
  'updated',
  'updateddate',
  'modified',
  'last_modified_at',
];

/** What a front-matter block says of its document: its `title` and the date it was published. */
export interface FrontMatterFields {
  title?: string;
  /** ISO `YYYY-MM-DD`. */
  publishedDate?: string;
}

/**
 * The `title` and publication date of a YAML front-matter block (the text between its `---`
 * lines), read with the `yaml` package. A block that is not valid YAML (`title: Part 1: Setup`)
 * is read line by line as `key: value` pairs, so a hand-written block still gives its fields.
 */
export function frontMatterFields(block: string): FrontMatterFields {
  const fields = new Map<string, unknown>();
  let parsed: unknown;
  try {
    parsed = parseYaml(block);
  } catch {
    parsed = undefined;
  }
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
    for (const [key, value] of Object.entries(parsed)) fields.set(key.toLowerCase(), value);
  } else {
    for (const m of block.matchAll(/^([A-Za-z_][\w-]*)[ \t]*:[ \t]*(.*?)[ \t]*$/gm)) {
      fields.set(m[1]!.toLowerCase(), m[2]!.replace(/^(['"])(.*)\1$/, '$2'));
    }
  }
  const title = fields.get('title');
  const text = typeof title === 'string' || typeof title === 'number' ? String(title).trim() : '';
  const publishedDate = firstDate(FRONT_MATTER_DATE_KEYS.map((key) => fields.get(key)));
  return { ...(text ? { title: text } : {}), ...(publishedDate ? { publishedDate } : {}) };
}

/**
 * `<meta>` names and properties that date a page, best first, compared without case: Open Graph's
 * `article:published_time`, `date`, Dublin Core (`dcterms.date`, `DC.date`, `DC.date.issued`),
 * Highwire Press's `citation_publication_date` (scholarly pages); then the dates of a later edit.
 */
const META_DATE_NAMES = [
  'article:published_time',
  'date',
  'dcterms.date',
  'dcterms.issued',
  'dcterms.created',
  'dc.date',
  'dc.date.issued',
  'dc.date.created',
  'citation_publication_date',
  'citation_date',
  'publish-date',
  'publish_date',
  'pubdate',
  'article:modified_time',
  'dcterms.modified',
  'dc.date.modified',
  'last-modified',
];

/** schema.org properties that date a page in its JSON-LD or microdata, best first. */
const SCHEMA_DATE_PROPERTIES = ['datePublished', 'dateCreated', 'dateModified'];

/**
 * The date an HTML page's fields give it (ISO `YYYY-MM-DD`): its `<meta>` dates (see
 * `META_DATE_NAMES`), else schema.org's `datePublished` (`dateCreated`, `dateModified`) in its
 * JSON-LD scripts or microdata, else the `<time>` of its byline (see `bylineDate`); undefined
 * when it has none. Read before the page's scripts and
 * head are dropped.
 */
export function htmlPublishedDate(document: DomDocument): string | undefined {
  const meta = new Map<string, string>();
  for (const element of document.querySelectorAll('meta')) {
    const name = (element.getAttribute('property') ?? element.getAttribute('name') ?? '').toLowerCase();
    const content = element.getAttribute('content');
    if (name && content && !meta.has(name)) meta.set(name, content);
  }
  const fromMeta = firstDate(META_DATE_NAMES.map((name) => meta.get(name)));
  if (fromMeta) return fromMeta;
  const schema = new Map<string, unknown>();
  for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      collectSchemaDates(JSON.parse(script.textContent ?? ''), schema, 0);
    } catch {
      // a malformed JSON-LD block dates nothing; the page is read as before
    }
  }
  for (const element of document.querySelectorAll('[itemprop]')) {
    const property = element.getAttribute('itemprop') ?? '';
    const value = element.getAttribute('content') ?? element.getAttribute('datetime');
    if (SCHEMA_DATE_PROPERTIES.includes(property) && value && !schema.has(property))
      schema.set(property, value);
  }
  return firstDate(SCHEMA_DATE_PROPERTIES.map((property) => schema.get(property))) ?? bylineDate(document);
}

/** A class or id of a post's byline or date line ("byline", "entry-date", "post-meta", "posted-on"). */
const BYLINE =
  /byline|dateline|entry-date|post-date|posted|published|pubdate|post-meta|entry-meta|article-meta/i;

/** Ancestors of a `<time>` read for a byline's class or id: the time's own element and three above it. */
const BYLINE_DEPTH = 4;

/**
 * The `datetime` of the first `<time>` a page marks as its publication date: one with the `pubdate`
 * attribute, or inside a byline or date line ("<p class="byline">Posted on <time datetime="2024-01-15">"),
 * as blogs and news sites write it. A `<time>` elsewhere (an event's date in the text) dates nothing.
 */
function bylineDate(document: DomDocument): string | undefined {
  for (const time of document.querySelectorAll('time[datetime]')) {
    let marked = time.getAttribute('pubdate') !== null;
    let element: DomElement | null = time;
    for (let depth = 0; !marked && element && depth < BYLINE_DEPTH; depth++) {
      marked = BYLINE.test(`${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`);
      element = element.parentElement;
    }
    const day = marked ? dayOf(time.getAttribute('datetime')) : undefined;
    if (day) return day;
  }
  return undefined;
}

/** How deep JSON-LD is searched for dates (`@graph` → an article → its fields). */
const JSON_LD_DEPTH = 4;

/** The schema.org dates of a JSON-LD value (and of its `@graph` and nested objects), the first of each kept. */
function collectSchemaDates(value: unknown, into: Map<string, unknown>, depth: number): void {
  if (depth > JSON_LD_DEPTH || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) collectSchemaDates(item, into, depth + 1);
    return;
  }
  const record = value as Record<string, unknown>;
  for (const property of SCHEMA_DATE_PROPERTIES) {
    if (record[property] !== undefined && !into.has(property)) into.set(property, record[property]);
  }
  for (const nested of Object.values(record)) {
    if (nested !== null && typeof nested === 'object') collectSchemaDates(nested, into, depth + 1);
  }
}

/** The first of `values` that reads as a date, as ISO `YYYY-MM-DD`. */
function firstDate(values: readonly unknown[]): string | undefined {
  for (const value of values) {
    const day = dayOf(value);
    if (day) return day;
  }
  return undefined;
}

/**
 * A field's value as an ISO day: ISO 8601 (`2024-03-02`, `2024-09-20T18:30:00+01:00`: the day as
 * written, whatever the zone), `2024/05/20` (Highwire Press), a JavaScript `Date`, or a written
 * date ("March 2, 2024"); undefined for anything else, and for an impossible day.
 */
function dayOf(value: unknown): string | undefined {
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 10);
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const numeric = /^((?:19|20)\d\d)[-/](\d\d)[-/](\d\d)(?!\d)/.exec(text);
  if (numeric) return metadataDate(`${numeric[1]}-${numeric[2]}-${numeric[3]}`);
  const written = parseWrittenDate(text);
  return written?.precision === 'day' ? written.iso : undefined;
}
