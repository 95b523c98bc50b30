import { getResolvedPDFJS } from 'unpdf';
import { EmptyDocumentError, InvalidArgumentError, isCairnError, ParseError } from '../../core/errors.js';
import type { Parser } from '../../core/ports.js';
import type { Page, ParsedDocument, Source } from '../../core/types.js';
import { packageVersion } from './package-version.js';
import { type LayoutOptions, layoutPage, type PdfTextItem } from './pdf-layout.js';

/** Options of {@link PdfParser}. */
export interface PdfParserOptions {
  /**
   * Longest time one document may take, in milliseconds; past it parsing stops with a
   * {@link ParseError}. Default 60 000.
   */
  timeoutMs?: number;
  /** Password of an encrypted PDF; without it such a PDF fails with a {@link ParseError}. */
  password?: string;
  /** Line and column reconstruction settings; see {@link LayoutOptions}. */
  layout?: LayoutOptions;
}

type PdfDocument = Awaited<
  ReturnType<Awaited<ReturnType<typeof getResolvedPDFJS>>['getDocument']>['promise']
>;

const DEFAULT_TIMEOUT_MS = 60_000;
const DESTROY_TIMEOUT_MS = 5_000;

class TimeoutError extends Error {}

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

/**
 * PDF via unpdf (a serverless build of pdf.js): one Markdown page per PDF page, numbered from 1,
 * with lines rebuilt from text positions (see {@link layoutPage}). The title comes from the
 * document info (or XMP). A page that fails to read becomes an empty page as long as another
 * page yields text.
 *
 * Bounds: a document gets {@link PdfParserOptions.timeoutMs} (60 s by default) and its pdf.js
 * loading task (and with it the document) is always destroyed, whether parsing succeeded, failed
 * or timed out. The timeout catches pdf.js waiting forever; pdf.js runs on the
 * calling thread, so a synchronous loop inside it would still block.
 */
export class PdfParser implements Parser {
  readonly specificationVersion = 'v1' as const;
  readonly fingerprint = `pdf/unpdf@${packageVersion('unpdf')}/v1`;
  readonly mediaTypes = ['application/pdf'] as const;
  private readonly timeoutMs: number;
  private readonly password: string | undefined;
  private readonly layout: LayoutOptions;

  constructor(options: PdfParserOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (!(this.timeoutMs > 0))
      throw new InvalidArgumentError('timeoutMs', 'must be a positive number of milliseconds');
    this.password = options.password;
    this.layout = options.layout ?? {};
  }

  /**
   * @throws {ParseError} when the PDF is corrupt, truncated beyond repair, encrypted with a user
   *   password, or takes longer than the timeout.
   * @throws {EmptyDocumentError} when no page has a text layer (scanned images; OCR them first).
   */
  async parse(source: Source): Promise<ParsedDocument> {
    let closed = false;
    const pdfjs = await getResolvedPDFJS();
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
    const work = task.promise.then((pdf) => this.extract(source, pdf, () => closed));
    try {
      return await withTimeout(work, this.timeoutMs);
    } catch (error) {
      throw toParseError(source, error, this.timeoutMs);
    } finally {
      closed = true;
      work.catch(() => undefined);
      // Destroys the document, or stops it opening; bounded in case pdf.js itself is stuck.
      await withTimeout(task.destroy(), DESTROY_TIMEOUT_MS).catch(() => undefined);
    }
  }

  private async extract(source: Source, pdf: PdfDocument, isClosed: () => boolean): Promise<ParsedDocument> {
    const pages: Page[] = [];
    let failure: unknown;
    for (let pageNumber = 1; pageNumber <= pdf.numPages; pageNumber++) {
      if (isClosed()) throw new TimeoutError();
      let markdown = '';
      try {
        const page = await pdf.getPage(pageNumber);
        const content = await page.getTextContent();
        const items = content.items.filter((item): item is PdfTextItem & typeof item => 'str' in item);
        markdown = layoutPage(items, page.getViewport({ scale: 1 }).transform, this.layout);
        page.cleanup();
      } catch (error) {
        failure ??= error;
      }
      pages.push({ pageNumber, markdown });
    }
    if (!pages.some((page) => page.markdown.trim() !== '')) {
      if (failure !== undefined) throw failure;
      throw new EmptyDocumentError(source.name);
    }
    const title = await readTitle(pdf);
    return { mediaType: 'application/pdf', ...(title === undefined ? {} : { title }), pages };
  }
}
