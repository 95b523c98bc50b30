import { parseHTML } from 'linkedom';
import { EmptyDocumentError, ParseError } from '../../core/errors.js';
import type { Parser } from '../../core/ports.js';
import type { ParsedDocument, Source } from '../../core/types.js';
import { keepLoneChoices } from './alternate-content.js';
import { chooseTitle } from './document-title.js';
import type { DomDocument, DomElement } from './dom.js';
import { htmlToMarkdown } from './html-markdown.js';
import {
  childElements,
  coreProperties,
  isElement,
  type OoxmlPackage,
  openPackage,
  type PackageLimits,
} from './ooxml.js';
import { packageVersion } from './package-version.js';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Paragraph styles mammoth leaves unmapped that are headings to a reader. */
const STYLE_MAP = ["p[style-name='Title'] => h1:fresh", "p[style-name='Subtitle'] => h2:fresh"];

/** Header/footer lines that only number pages. */
const PAGE_NUMBER_ONLY = /^(?:page\s*)?\d+(?:\s*(?:of|\/)\s*\d+)?$/i;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function collapse(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * The text of each paragraph under `element`, in order: runs' `w:t`, tabs as spaces, breaks as
 * spaces; field codes skipped; a text box's paragraphs (inside a run) come as paragraphs of
 * their own; an `mc:AlternateContent` is read once (its first choice).
 */
function paragraphTexts(element: DomElement): string[] {
  const out: string[] = [];
  const walk = (node: DomElement, line: string[] | undefined): void => {
    for (const child of Array.from(node.childNodes)) {
      if (!isElement(child)) continue;
      switch (child.nodeName) {
        case 'w:p': {
          const own: string[] = [];
          walk(child, own);
          const text = collapse(own.join(''));
          if (text) out.push(text);
          break;
        }
        case 'w:t':
          line?.push(child.textContent ?? '');
          break;
        case 'w:tab':
        case 'w:br':
        case 'w:cr':
          line?.push(' ');
          break;
        case 'w:instrText':
        case 'w:delText':
        case 'mc:Fallback':
          break;
        case 'w:txbxContent':
          walk(child, undefined);
          break;
        default:
          walk(child, line);
      }
    }
  };
  walk(element, undefined);
  return out;
}

/** Lines of the document's headers and footers, de-duplicated, page-number lines left out. */
async function headerFooterLines(pkg: OoxmlPackage, documentPath: string): Promise<string[]> {
  const lines = new Set<string>();
  const rels = await pkg.relationships(documentPath);
  for (const kind of ['header', 'footer']) {
    for (const rel of rels.values()) {
      if (rel.type !== kind || rel.external) continue;
      const root = await pkg.xml(rel.target);
      if (!root) continue;
      for (const text of paragraphTexts(root)) {
        if (!PAGE_NUMBER_ONLY.test(text)) lines.add(text);
      }
    }
  }
  return [...lines];
}

/** The main document part, from the package relationships (`word/document.xml` by convention). */
async function documentPartPath(pkg: OoxmlPackage): Promise<string> {
  const rels = await pkg.relationships('');
  for (const rel of rels.values()) {
    if (rel.type === 'officeDocument' && !rel.external) return rel.target;
  }
  return 'word/document.xml';
}

/**
 * Reshapes mammoth's HTML in place: images become their alt text, footnote and endnote
 * back-links (`↑`) go, and the notes list mammoth appends gets a `Notes` heading.
 */
function tidy(document: DomDocument, body: DomElement): void {
  for (const image of Array.from(document.querySelectorAll('img'))) {
    const alt = collapse(image.getAttribute('alt'));
    if (alt) {
      const span = document.createElement('span');
      span.innerHTML = escapeHtml(`[${alt}]`);
      image.replaceWith(span);
    } else {
      image.remove();
    }
  }
  for (const link of Array.from(
    document.querySelectorAll('a[href^="#footnote-ref-"], a[href^="#endnote-ref-"]'),
  )) {
    link.remove();
  }
  const notes = body.querySelector('ol > li[id^="footnote-"], ol > li[id^="endnote-"]')?.parentElement;
  if (notes) {
    const level = body.querySelectorAll('h1').length >= 2 ? 'h1' : 'h2';
    const heading = document.createElement(level);
    heading.innerHTML = 'Notes';
    notes.before(heading);
  }
}

/**
 * The package as mammoth's own zip reader would present it (`exists`, `read`), so that every part
 * mammoth reads is inflated under the package's limits, and lone `mc:Choice` content survives
 * (see {@link keepLoneChoices}). Mammoth accepts such an object as `{ file }` (`lib/unzip.js`),
 * an input its type declarations do not list.
 */
function mammothInput(pkg: OoxmlPackage): { buffer: Buffer } {
  const file = {
    exists: (name: string) => pkg.exists(name),
    read: async (name: string, encoding?: string): Promise<string | Uint8Array> => {
      const data = await pkg.bytes(name);
      if (data === undefined) throw new Error(`the package has no part ${name}`);
      if (encoding === 'base64')
        return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');
      if (encoding === undefined) return data;
      const text = new TextDecoder(encoding).decode(data);
      return name.endsWith('.xml') ? keepLoneChoices(text) : text;
    },
  };
  return { file } as unknown as { buffer: Buffer };
}

/** Options of {@link DocxParser}. */
export interface DocxParserOptions extends PackageLimits {
  /** Keep the text of page headers and footers (under a closing heading); default true. */
  headersAndFooters?: boolean;
}

/**
 * Word documents (DOCX) via mammoth: one page of Markdown (a DOCX has no reliable page breaks).
 * Headings (`Heading 1`–`6`, `Title`, `Subtitle`) become `#` headings, lists stay lists, tables
 * become GFM tables, links become their text, images their alt text, text boxes are read in
 * place (an `mc:AlternateContent` with only a choice too), footnotes and endnotes follow the body under a `Notes` heading, and the text of page
 * headers and footers (which mammoth drops) closes the page under `Headers and footers`, page
 * numbers left out. The title is the document property, else (when that is empty or reads like an
 * identifier, see `chooseTitle`) the first `#` heading.
 */
export class DocxParser implements Parser {
  readonly specificationVersion = 'v1' as const;
  readonly fingerprint: string;
  readonly mediaTypes = [DOCX_TYPE] as const;
  private readonly headersAndFooters: boolean;
  private readonly limits: PackageLimits;

  constructor(options: DocxParserOptions = {}) {
    this.headersAndFooters = options.headersAndFooters ?? true;
    this.limits = { maxPartBytes: options.maxPartBytes, maxTotalBytes: options.maxTotalBytes };
    this.fingerprint = `docx/mammoth@${packageVersion('mammoth')}/v2${this.headersAndFooters ? '' : ';no-hf'}`;
  }

  /**
   * @throws {ParseError} when the file is no readable DOCX, or a part inflates past a limit
   *   ({@link PackageLimits}: a zip bomb).
   * @throws {EmptyDocumentError} when it holds no text.
   */
  async parse(source: Source): Promise<ParsedDocument> {
    const pkg = await openPackage(source, 'DOCX', this.limits);
    const documentPath = await documentPartPath(pkg);
    const { default: mammoth } = await import('mammoth');
    let html: string;
    try {
      const result = await mammoth.convertToHtml(mammothInput(pkg), {
        styleMap: STYLE_MAP,
        ignoreEmptyParagraphs: true,
        convertImage: mammoth.images.imgElement(async () => ({ src: '' })),
      });
      html = result.value;
    } catch (error) {
      if (error instanceof ParseError) throw error;
      throw new ParseError(source.name, `not a readable DOCX file (${(error as Error).message})`, {
        cause: error,
      });
    }
    const document: DomDocument = parseHTML(`<!doctype html><html><body>${html}</body></html>`).document;
    const body = document.body ?? document.documentElement;
    tidy(document, body);
    const firstHeading = collapse(body.querySelector('h1')?.textContent) || undefined;
    const parts = [htmlToMarkdown(document, body)];

    if (this.headersAndFooters) {
      let lines: string[] = [];
      try {
        lines = await headerFooterLines(pkg, documentPath);
      } catch {
        // a damaged header part is no reason to lose the body
      }
      const bodyText = parts[0]!;
      const fresh = lines.filter((line) => !bodyText.includes(line));
      if (fresh.length > 0) parts.push(`## Headers and footers\n\n${fresh.join('\n\n')}`);
    }
    const markdown = parts.filter((part) => part !== '').join('\n\n');
    if (markdown.trim() === '') throw new EmptyDocumentError(source.name);
    const core = await coreProperties(pkg);
    const title = chooseTitle(core.title, firstHeading);
    return {
      mediaType: DOCX_TYPE,
      ...(title === undefined ? {} : { title }),
      ...(core.dates.length > 0 ? { metadataDates: core.dates } : {}),
      pages: [{ pageNumber: 1, markdown }],
    };
  }
}
