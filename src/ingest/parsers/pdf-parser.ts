import type { getResolvedPDFJS } from 'unpdf';
import { EmptyDocumentError, InvalidArgumentError, isCairnError, ParseError } from '../../core/errors.js';
import type { Parser } from '../../core/ports.js';
import type { Page, ParsedDocument, Source } from '../../core/types.js';
import { type ImageText, type ImageTextOptions, ImageTextReader } from '../ocr/image-text.js';
import { chooseTitle } from './document-title.js';
import { NoLegibleTextError } from './image-parser.js';
import { packageVersion } from './package-version.js';
import { type PdfOps, type PdfPageLike, pageImages, textHiddenByPageImage } from './pdf-images.js';
import {
  type LayoutOptions,
  type PageLines,
  type PdfTextItem,
  pageLines,
  pageMarkdown,
} from './pdf-layout.js';
import { readOutline } from './pdf-outline.js';
import {
  DEFAULT_MIN_CONSECUTIVE_PAGES,
  DEFAULT_MIN_PAGE_FRACTION,
  dropRunningLines,
  type RunningLinesOptions,
} from './pdf-running-lines.js';
import { ensurePdfRuntime } from './pdf-runtime.js';
import { structurePages } from './pdf-structure.js';

/**
 * When a PDF page is read from its image rather than its text layer: it has little text and
 * raster images cover most of it (a scan, a photographed page).
 */
export interface ScannedPageOptions {
  /** A page with fewer non-space characters of text than this counts as having none. Default 20. */
  minTextChars?: number;
  /** Share of the page (0–1) that raster images must cover. Default 0.5. */
  minImageArea?: number;
  /**
   * A single image at least this large (in PDF points², at the page's own scale) makes a page
   * with little text a scan even when `minImageArea` reads low (a scan on a larger page). Default
   * 50 000 (about 22 × 22 cm), ragsage's `min_bitmap_area`.
   */
  minBitmapArea?: number;
  /**
   * A page that one image covers to at least this share (0–1), with no visible text painted
   * over it, is read from the image whatever its text layer holds: its text is invisible (a
   * scanner's OCR layer, often garbage) or hidden beneath the image. When reading the image
   * gives nothing, the text layer is kept. Default 0.9; 1.01 turns the rule off.
   */
  pageImageArea?: number;
}

/** Options of {@link PdfParser}. */
export interface PdfParserOptions extends ImageTextOptions {
  /**
   * Longest time one document may take, in milliseconds; past it parsing stops with a
   * {@link ParseError}. Default 60 000.
   */
  timeoutMs?: number;
  /** Password of an encrypted PDF; without it such a PDF fails with a {@link ParseError}. */
  password?: string;
  /** Line and column reconstruction settings; see {@link LayoutOptions}. */
  layout?: LayoutOptions;
  /** Page classification thresholds; see {@link ScannedPageOptions}. */
  scannedPages?: ScannedPageOptions;
  /**
   * Removal of running headers and footers: lines among the top two (bottom two) lines of more
   * than `minPageFraction` of the pages read from their text layer, or of each of at least
   * `minConsecutivePages` such pages in a row, compared with digits ignored (`Page 3 of 10`
   * matches `Page 4 of 10`), once the document has at least 3 such pages. They repeat the same
   * words in every chunk and carry nothing about the page. Default
   * `{ minPageFraction: 0.5, minConsecutivePages: 3 }`; `false` keeps every line. Scanned pages
   * are left as read.
   */
  runningLines?: RunningLinesOptions | false;
  /**
   * Structure recovery on pages read from their text layer: headings (from the outline when it
   * nests, else from type size, font, capitals and numbering) written as Markdown headings, the
   * first page's largest heading as the title, and tables rebuilt as Markdown tables with whole
   * cells. Default true; `false` writes every line as paragraph text.
   */
  structure?: boolean;
}

type PdfDocument = Awaited<
  ReturnType<Awaited<ReturnType<typeof getResolvedPDFJS>>['getDocument']>['promise']
>;

const DEFAULT_TIMEOUT_MS = 60_000;
const DESTROY_TIMEOUT_MS = 5_000;

/** Images smaller than this share of the page are left out when a scanned page is read. */
const MIN_OCR_IMAGE_AREA = 0.05;

class TimeoutError extends Error {}

/**
 * A timer that can be paused: the parse timeout bounds pdf.js, and stops while a scanned page
 * is OCR'd (OCR has its own bound per image).
 */
class Deadline {
  readonly expired: Promise<never>;
  private reject: (error: Error) => void = () => undefined;
  private timer: NodeJS.Timeout | undefined;
  private remaining: number;
  private since = 0;

  constructor(ms: number) {
    this.remaining = ms;
    this.expired = new Promise<never>((_, reject) => {
      this.reject = reject;
    });
    this.expired.catch(() => undefined);
    this.resume();
  }

  pause(): void {
    if (this.timer === undefined) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.remaining -= performance.now() - this.since;
  }

  resume(): void {
    if (this.timer !== undefined) return;
    this.since = performance.now();
    this.timer = setTimeout(() => this.reject(new TimeoutError()), Math.max(0, this.remaining));
    this.timer.unref();
  }

  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError()), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function errorName(error: unknown): string {
  return error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error)
    ? String((error as { name: unknown }).name)
    : '';
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Maps pdf.js failures to a {@link ParseError} with a reason a user can act on. */
function toParseError(source: Source, error: unknown, timeoutMs: number): Error {
  if (isCairnError(error)) return error;
  if (error instanceof TimeoutError) {
    return new ParseError(
      source.name,
      `PDF parsing timed out after ${timeoutMs / 1000} s; raise PdfParser's timeoutMs if the file is just large`,
    );
  }
  const name = errorName(error);
  const message = errorMessage(error);
  if (name === 'PasswordException') {
    return new ParseError(
      source.name,
      `PDF is encrypted (${message}); pass PdfParser's password option or decrypt it first, ` +
        'e.g. qpdf --decrypt --password=<password> in.pdf out.pdf',
      { cause: error },
    );
  }
  if (/encrypt/i.test(message)) {
    return new ParseError(source.name, `PDF encryption is unsupported or damaged (${message})`, {
      cause: error,
    });
  }
  if (name === 'InvalidPDFException') {
    return new ParseError(source.name, `not a valid PDF (${message})`, { cause: error });
  }
  return new ParseError(source.name, `corrupt or unreadable PDF (${message})`, { cause: error });
}

/**
 * The dates of the info dictionary (`ModDate`, then `CreationDate`, as PDF date strings
 * `D:YYYYMMDD…`): a weak fallback for the document's date when its text states none.
 */
async function readDates(pdf: PdfDocument): Promise<string[]> {
  try {
    const info = (await pdf.getMetadata()).info as Record<string, unknown> | undefined;
    return [info?.ModDate, info?.CreationDate].filter((d): d is string => typeof d === 'string');
  } catch {
    return [];
  }
}

/** The document title from the info dictionary, else from XMP `dc:title`. */
async function readTitle(pdf: PdfDocument): Promise<string | undefined> {
  try {
    const { info, metadata } = await pdf.getMetadata();
    const fromInfo = (info as Record<string, unknown> | undefined)?.Title;
    const candidates = [typeof fromInfo === 'string' ? fromInfo : undefined, metadata?.get('dc:title')];
    for (const candidate of candidates) {
      const title = candidate
        ?.replace(/^Microsoft (?:Word|PowerPoint|Excel) - /, '')
        .replace(/\s+/g, ' ')
        .trim();
      if (title) return title;
    }
  } catch {
    // a broken info dictionary is no reason to reject the text
  }
  return undefined;
}

/** What happened on the pages that were read from their images. */
interface ScanReport {
  /** Pages classified as scanned, in order. */
  pages: number[];
  /** Pages without text whose images cover too little of them to be read as scans. */
  smallImages?: number[];
  /** Why a scanned page gave no text (first reason per kind). */
  illegible?: Extract<ImageText, { kind: 'illegible' }>;
  /** Pages whose OCR or transcriber read failed. */
  unread?: number[];
  /** The first OCR or transcriber failure. */
  error?: unknown;
}

/** `[1, 2, 3, 7]` → `1–3, 7`. */
function pageList(pages: number[]): string {
  const ranges: string[] = [];
  for (let i = 0; i < pages.length; i++) {
    let j = i;
    while (j + 1 < pages.length && pages[j + 1] === pages[j]! + 1) j++;
    ranges.push(j > i ? `${pages[i]}–${pages[j]}` : `${pages[i]}`);
    i = j;
  }
  return `page${pages.length === 1 ? '' : 's'} ${ranges.join(', ')}`;
}

/**
 * PDF via unpdf (a serverless build of pdf.js): one Markdown page per PDF page, numbered from 1,
 * with lines rebuilt from text positions (see {@link pageLines}), overprinted text (fake bold)
 * read once, and running headers and footers dropped once every page is read (see
 * {@link PdfParserOptions.runningLines}). The title comes from the document info (or XMP). A page
 * that fails to read becomes an empty page as long as another page yields text.
 *
 * Scanned pages: a page whose text layer has fewer than `scannedPages.minTextChars` characters
 * while raster images cover at least `scannedPages.minImageArea` of it (or one image is at least
 * `scannedPages.minBitmapArea` large) is read from its images instead — by the vision transcriber
 * when one is set, else by OCR (on by default; see {@link ImageTextReader}). So is a page that one
 * image covers (`scannedPages.pageImageArea`) with no visible text painted over it, whatever its
 * text layer says. Each image is turned upright as the page shows it before reading.
 * A PDF is never returned empty because its pages are scans: when no page yields text and some
 * were scanned, the error says why (OCR off, text illegible, OCR failed).
 *
 * Bounds: a document gets {@link PdfParserOptions.timeoutMs} (60 s by default) of pdf.js work
 * (OCR time is not counted: the OCR engine bounds each image itself) and its pdf.js loading task
 * (and with it the document) is always destroyed, whether parsing succeeded, failed or timed out.
 * The timeout catches pdf.js waiting forever; pdf.js runs on the calling thread, so a synchronous
 * loop inside it would still block.
 */
export class PdfParser implements Parser {
  readonly specificationVersion = 'v1' as const;
  readonly fingerprint: string;
  readonly mediaTypes = ['application/pdf'] as const;
  private readonly timeoutMs: number;
  private readonly password: string | undefined;
  private readonly layout: LayoutOptions;
  private readonly minTextChars: number;
  private readonly minImageArea: number;
  private readonly minBitmapArea: number;
  private readonly pageImageArea: number;
  /** Share of text pages a running line must exceed; `undefined` when removal is off. */
  private readonly runningLineFraction: number | undefined;
  /** Consecutive text pages that make a line running there. */
  private readonly runningLinePages: number;
  private readonly structure: boolean;
  private readonly reader: ImageTextReader;

  constructor(options: PdfParserOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (!(this.timeoutMs > 0))
      throw new InvalidArgumentError('timeoutMs', 'must be a positive number of milliseconds');
    this.password = options.password;
    this.layout = options.layout ?? {};
    this.minTextChars = options.scannedPages?.minTextChars ?? 20;
    this.minImageArea = options.scannedPages?.minImageArea ?? 0.5;
    this.minBitmapArea = options.scannedPages?.minBitmapArea ?? 50_000;
    this.pageImageArea = options.scannedPages?.pageImageArea ?? 0.9;
    if (!(this.minBitmapArea >= 0)) {
      throw new InvalidArgumentError(
        'scannedPages.minBitmapArea',
        'must be an area in PDF points², 0 or more',
      );
    }
    if (!(this.pageImageArea > 0)) {
      throw new InvalidArgumentError(
        'scannedPages.pageImageArea',
        'must be a share of the page above 0 (above 1 turns the rule off)',
      );
    }
    if (!(this.minTextChars >= 0)) {
      throw new InvalidArgumentError(
        'scannedPages.minTextChars',
        'must be a number of characters, 0 or more',
      );
    }
    if (!(this.minImageArea >= 0 && this.minImageArea <= 1)) {
      throw new InvalidArgumentError(
        'scannedPages.minImageArea',
        'must be a share of the page between 0 and 1',
      );
    }
    this.runningLineFraction =
      options.runningLines === false
        ? undefined
        : (options.runningLines?.minPageFraction ?? DEFAULT_MIN_PAGE_FRACTION);
    if (
      this.runningLineFraction !== undefined &&
      !(this.runningLineFraction >= 0.5 && this.runningLineFraction < 1)
    ) {
      throw new InvalidArgumentError(
        'runningLines.minPageFraction',
        'must be a share of the pages from 0.5 up to (not including) 1; set runningLines: false to keep running lines',
      );
    }
    this.runningLinePages =
      (options.runningLines || undefined)?.minConsecutivePages ?? DEFAULT_MIN_CONSECUTIVE_PAGES;
    if (!(Number.isInteger(this.runningLinePages) && this.runningLinePages >= 2)) {
      throw new InvalidArgumentError(
        'runningLines.minConsecutivePages',
        'must be a whole number of pages, 2 or more',
      );
    }
    this.structure = options.structure ?? true;
    this.reader = new ImageTextReader(options);
    const running =
      this.runningLineFraction === undefined
        ? 'no-running'
        : `running>${this.runningLineFraction}|${this.runningLinePages}`;
    // Layout settings change the text, so a cache must not hand back a parse made with others.
    const layout = Object.entries(this.layout)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, value]) => `${key}=${JSON.stringify(value)}`)
      .join(',');
    this.fingerprint =
      `pdf/unpdf@${packageVersion('unpdf')}/v19;scan<${this.minTextChars}c>=${this.minImageArea}|${this.minBitmapArea}pt2|page>=${this.pageImageArea};` +
      `${running};${this.structure ? '' : 'no-structure;'}${layout ? `layout(${layout});` : ''}${this.reader.fingerprint}`;
  }

  /**
   * @throws {ParseError} when the PDF is corrupt, truncated beyond repair, encrypted with a user
   *   password, or takes longer than the timeout; or when it has no text but scanned pages that
   *   could not be read (OCR off, OCR failed).
   * @throws {EmptyDocumentError} when no page has text, and scanned pages (if any) are blank; a
   *   {@link NoLegibleTextError} (kind `illegible`) when scanned pages held only illegible text.
   */
  async parse(source: Source): Promise<ParsedDocument> {
    let closed = false;
    // pdf.js loads with the first PDF, not with the parsers.
    ensurePdfRuntime();
    const pdfjs = await (await import('unpdf')).getResolvedPDFJS();
    // The options unpdf's getDocumentProxy applies, plus quiet logging. The loading task is kept
    // (getDocumentProxy hides it) so that a document still opening at the timeout is destroyed too.
    // pdf.js may take ownership of (detach) the buffer it is given, so it gets a copy.
    const task = pdfjs.getDocument({
      data: new Uint8Array(source.bytes),
      isEvalSupported: false,
      useSystemFonts: true,
      disableFontFace: true,
      verbosity: 0,
      ...(this.password === undefined ? {} : { password: this.password }),
    });
    const deadline = new Deadline(this.timeoutMs);
    const ops: PdfOps = pdfjs.OPS;
    const work = task.promise.then((pdf) => this.extract(source, pdf, ops, deadline, () => closed));
    try {
      return await Promise.race([work, deadline.expired]);
    } catch (error) {
      throw toParseError(source, error, this.timeoutMs);
    } finally {
      closed = true;
      deadline.clear();
      work.catch(() => undefined);
      // Destroys the document, or stops it opening; bounded in case pdf.js itself is stuck.
      await withTimeout(task.destroy(), DESTROY_TIMEOUT_MS).catch(() => undefined);
    }
  }

  private async extract(
    source: Source,
    pdf: PdfDocument,
    ops: PdfOps,
    deadline: Deadline,
    isClosed: () => boolean,
  ): Promise<ParsedDocument> {
    const pages: Page[] = [];
    /** Per page, its lines when its Markdown is its text layer's. */
    const lines: Array<PageLines | undefined> = [];
    const scans: ScanReport = { pages: [] };
    let failure: unknown;
    for (let pageNumber = 1; pageNumber <= pdf.numPages; pageNumber++) {
      if (isClosed()) throw new TimeoutError();
      let markdown = '';
      let text: PageLines | undefined;
      try {
        const page = await pdf.getPage(pageNumber);
        const content = await page.getTextContent();
        const items = content.items.filter((item): item is PdfTextItem & typeof item => 'str' in item);
        text = pageLines(items, page.getViewport({ scale: 1 }).transform, this.layout);
        markdown = pageMarkdown(text);
        const thin = markdown.replace(/\s/g, '').length < this.minTextChars;
        if (
          thin ||
          (this.pageImageArea <= 1 && (await textHiddenByPageImage(page, ops, this.pageImageArea)))
        ) {
          const scanned = await this.readScannedPage(source, page, pageNumber, ops, {
            deadline,
            scans,
          });
          if (scanned !== undefined) {
            markdown = scanned;
            text = undefined;
          }
        }
        page.cleanup();
      } catch (error) {
        failure ??= error;
      }
      pages.push({ pageNumber, markdown });
      lines.push(text);
    }
    const kept =
      this.runningLineFraction === undefined
        ? lines
        : dropRunningLines(lines, this.runningLineFraction, this.runningLinePages);
    const outline = this.structure ? await readOutline(pdf) : [];
    const structure = this.structure ? structurePages(kept, outline) : undefined;
    kept.forEach((text, i) => {
      const markdown = structure?.markdown[i];
      if (markdown !== undefined) pages[i]!.markdown = markdown;
      else if (text !== lines[i] && text !== undefined) pages[i]!.markdown = pageMarkdown(text);
    });
    if (!pages.some((page) => page.markdown.trim() !== '')) {
      const unread = this.unreadScansError(source, scans);
      if (unread !== undefined) throw unread;
      if (failure !== undefined) throw failure;
      const small = scans.smallImages;
      throw new EmptyDocumentError(
        source.name,
        small === undefined
          ? undefined
          : `no text layer, and the images on ${pageList(small)} cover less than ` +
              `${Math.round(this.minImageArea * 100)}% of the page, so they were not read as scans ` +
              '(PdfParser scannedPages.minImageArea)',
      );
    }
    const title = chooseTitle(await readTitle(pdf), structure?.title, outline[0]?.title);
    const metadataDates = await readDates(pdf);
    return {
      mediaType: 'application/pdf',
      ...(title === undefined ? {} : { title }),
      ...(metadataDates.length > 0 ? { metadataDates } : {}),
      pages,
      ...(scans.unread ? { unreadPages: scans.unread } : {}),
    };
  }

  /**
   * Reads a page with little text from its images when they cover enough of it. Returns the
   * text read, or `undefined` to keep the text layer (not a scan, or nothing legible).
   */
  private async readScannedPage(
    source: Source,
    page: PdfPageLike,
    pageNumber: number,
    ops: PdfOps,
    context: { deadline: Deadline; scans: ScanReport },
  ): Promise<string | undefined> {
    const images = await pageImages(page, ops);
    const coverage = images.reduce((sum, image) => sum + image.areaRatio, 0);
    if (images.length === 0) return undefined;
    if (coverage < this.minImageArea && !images.some((image) => image.area >= this.minBitmapArea)) {
      context.scans.smallImages = [...(context.scans.smallImages ?? []), pageNumber];
      return undefined;
    }
    context.scans.pages.push(pageNumber);
    if (!this.reader.enabled) return undefined;
    const readable = images
      .filter((image) => image.areaRatio >= MIN_OCR_IMAGE_AREA || images.length === 1)
      .sort((a, b) => a.top - b.top);
    const texts: string[] = [];
    context.deadline.pause();
    try {
      for (const image of readable) {
        const result = await this.reader.readRaster(image.raster, { sourceName: source.name, pageNumber });
        if (result.kind === 'text') texts.push(result.markdown);
        else if (result.kind === 'illegible') context.scans.illegible ??= result;
      }
    } catch (error) {
      context.scans.error ??= error;
      context.scans.unread = [...(context.scans.unread ?? []), pageNumber];
    } finally {
      context.deadline.resume();
    }
    return texts.length > 0 ? texts.join('\n\n') : undefined;
  }

  /**
   * Why a PDF whose pages gave no text but include scans could not be read, if that is the case:
   * a {@link ParseError} when OCR is off or failed, a {@link NoLegibleTextError} (skipped as
   * illegible, with the setting to try) when it read nothing legible.
   */
  private unreadScansError(source: Source, scans: ScanReport): ParseError | NoLegibleTextError | undefined {
    if (scans.pages.length === 0) return undefined;
    const where = pageList(scans.pages);
    if (!this.reader.enabled) {
      return new ParseError(
        source.name,
        `no text layer: ${where} are scanned images and OCR is off; turn PdfParser's ocr option on ` +
          'or set a vision transcriber',
      );
    }
    if (scans.error !== undefined) {
      const message = scans.error instanceof Error ? scans.error.message : String(scans.error);
      return new ParseError(
        source.name,
        `no text layer, and reading the scanned ${where} failed: ${message}`,
        {
          cause: scans.error,
        },
      );
    }
    if (scans.illegible !== undefined) {
      return new NoLegibleTextError(
        source.name,
        `no text layer, and the scanned ${where} hold no legible text: ${scans.illegible.reason}`,
        { illegible: true },
      );
    }
    return undefined;
  }
}
