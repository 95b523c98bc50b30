import { parseHTML } from 'linkedom';
import { EmptyDocumentError, ParseError } from '../../core/errors.js';
import type { Parser } from '../../core/ports.js';
import type { ParsedDocument, Source } from '../../core/types.js';
import { decodeText } from '../decode.js';
import { chooseTitle } from './document-title.js';
import type { DomDocument, DomElement } from './dom.js';
import { flattenDeepNesting, limitTagDepth } from './html-depth.js';
import { htmlToMarkdown } from './html-markdown.js';
import { packageVersion } from './package-version.js';
import { htmlPublishedDate } from './published-date.js';

/** Elements that are never content. */
const DROPPED = [
  'script',
  'style',
  'noscript',
  'template',
  'nav',
  'aside',
  'iframe',
  'svg',
  'canvas',
  'object',
  'embed',
  'img',
  'picture',
  'video',
  'audio',
  'map',
  'button',
  'select',
  'input',
  'textarea',
  'dialog',
  'link',
  'meta',
  'title',
  'base',
  '[role="navigation"]',
  '[role="banner"]',
  '[role="contentinfo"]',
  '[role="complementary"]',
  '[role="search"]',
  '[hidden]',
].join(', ');

/** Ancestors that make a `<header>`/`<footer>` part of the content rather than of the page. */
const SECTIONING = 'article, main, section, aside, nav, [role="main"]';

/** Elements whose presence inside a wrapper means the wrapper holds content. */
const CONTENTFUL = 'main, article, [role="main"], h1, h2, p';

/** Class or id tokens of page chrome in sites that do not use the semantic elements. */
const CHROME_TOKEN =
  /^(?:site-?)?(?:header|footer|nav|navbar|navigation|menu|breadcrumbs?|sidebar|cookie-?(?:banner|notice|consent)?|skip-?link|share|social)$/i;

const INLINE_HIDDEN = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important\s*)?(?:;|$)/i;

/**
 * Decodes HTML bytes: a byte-order mark wins, then a `charset` in the declared media type, then a
 * `<meta charset>` in the first KiB, then UTF-8.
 */
function decodeHtml(source: Source): string {
  const bytes = source.bytes;
  const hasBom =
    (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) ||
    (bytes[0] === 0xff && bytes[1] === 0xfe) ||
    (bytes[0] === 0xfe && bytes[1] === 0xff);
  if (!hasBom) {
    const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024)).toString('latin1');
    const charset =
      /charset\s*=\s*["']?([\w.:-]+)/i.exec(source.mediaType ?? '')?.[1] ??
      /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1];
    if (charset && !/^utf-?8$/i.test(charset)) {
      try {
        return decodeText(bytes, { encoding: charset, sourceName: source.name });
      } catch (error) {
        if (!(error instanceof RangeError)) throw error;
        // unknown label: fall back to UTF-8
      }
    }
  }
  return decodeText(bytes, { sourceName: source.name });
}

/**
 * Gives the markup an explicit `<body>`: linkedom does not synthesise one (an HTML5 parser
 * would), so a fragment or a page without `<body>` would otherwise have nowhere to put its content.
 */
function withBody(html: string): string {
  if (/<body[\s>]/i.test(html)) return html;
  // The first <head>…</head>, found with two forward searches (a lazy pattern would rescan the
  // rest of the page from every "<head" that has no end tag).
  const open = /<head[\s>]/i.exec(html);
  const closeTag = open ? /<\/head>/i : undefined;
  let head = '';
  if (open && closeTag) {
    const rest = html.slice(open.index);
    const close = closeTag.exec(rest);
    if (close) head = rest.slice(0, close.index + close[0].length);
  }
  const body = html
    .replace(head, '')
    .replace(/<\?xml[^>]{0,1000}\?>|<!doctype[^>]{0,1000}>|<\/?html(?:\s[^>]{0,1000})?>/gi, '');
  return `<!doctype html><html>${head}<body>${body}</body></html>`;
}

function collapse(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * Removes boilerplate in place: navigation, page-level header and footer, scripts, hidden parts,
 * and elements whose class or id names page chrome (`sidebar`, `breadcrumbs`, …) unless they hold
 * the main content.
 */
function dropBoilerplate(document: DomDocument): void {
  for (const element of document.querySelectorAll(DROPPED)) element.remove();
  for (const element of document.querySelectorAll('[style]')) {
    if (INLINE_HIDDEN.test(element.getAttribute('style') ?? '')) element.remove();
  }
  for (const element of document.querySelectorAll('[aria-hidden="true"]')) {
    if (!element.querySelector(CONTENTFUL)) element.remove();
  }
  for (const element of document.querySelectorAll('header, footer')) {
    if (!element.parentElement?.closest(SECTIONING)) element.remove();
  }
  for (const element of document.querySelectorAll('[class], [id]')) {
    const tokens = `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`.split(/\s+/);
    if (tokens.some((token) => CHROME_TOKEN.test(token)) && !element.querySelector('main, article, h1')) {
      element.remove();
    }
  }
  // Forms are dropped, except a form wrapping the whole page (ASP.NET WebForms): unwrap that.
  for (const form of document.querySelectorAll('form')) {
    if (form.querySelector(CONTENTFUL)) form.replaceWith(...form.childNodes);
    else form.remove();
  }
}

/** `<main>` (or role=main) when it has text, else a sole `<article>`, else the body. */
function contentRoot(document: DomDocument): DomElement {
  for (const main of document.querySelectorAll('main, [role="main"]')) {
    if (collapse(main.textContent)) return main;
  }
  const articles = document.querySelectorAll('article');
  if (articles.length === 1 && collapse(articles[0]!.textContent)) return articles[0]!;
  return document.body ?? document.documentElement;
}

/**
 * HTML: the readable main content as Markdown, one page. Navigation, page-level header and
 * footer, asides, forms, scripts, styles, embedded media and hidden elements are dropped;
 * `<main>` or a sole `<article>` is preferred over the whole body. Headings become `#`…`######`,
 * lists stay lists, links become their text and data tables become GFM tables (layout tables are
 * unwrapped). The title is `<title>`, else (when that is empty or reads like an identifier, see
 * `chooseTitle`) the first `<h1>`. The page's date fields (`article:published_time`, `<meta
 * name="date">`, Dublin Core, JSON-LD `datePublished`; see `htmlPublishedDate`) become the
 * document's `publishedDate`.
 */
export class HtmlParser implements Parser {
  readonly specificationVersion = 'v1' as const;
  readonly fingerprint = `html/turndown@${packageVersion('turndown')}/v4`;
  readonly mediaTypes = ['text/html', 'application/xhtml+xml'] as const;

  async parse(source: Source): Promise<ParsedDocument> {
    const text = decodeHtml(source);
    if (text.trim() === '') throw new EmptyDocumentError(source.name);
    let document: DomDocument;
    try {
      document = parseHTML(withBody(limitTagDepth(text))).document;
    } catch (error) {
      throw new ParseError(source.name, `unreadable HTML (${(error as Error).message})`, { cause: error });
    }
    // Before any selector runs: matching walks ancestors, and conversion recurses per level.
    flattenDeepNesting(document.documentElement);
    const title = chooseTitle(
      document.querySelector('title')?.textContent ?? undefined,
      document.querySelector('h1')?.textContent ?? undefined,
    );
    const publishedDate = htmlPublishedDate(document);
    dropBoilerplate(document);
    const root = contentRoot(document);
    const markdown = htmlToMarkdown(document, root);
    if (markdown === '') throw new EmptyDocumentError(source.name);
    return {
      mediaType: 'text/html',
      ...(title === undefined ? {} : { title }),
      ...(publishedDate === undefined ? {} : { publishedDate }),
      pages: [{ pageNumber: 1, markdown }],
    };
  }
}
