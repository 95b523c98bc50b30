import { EmptyDocumentError, isCairnError, ParseError, ParseLimitError } from '../../core/errors.js';
import type { Parser } from '../../core/ports.js';
import type { Page, ParsedDocument, Source } from '../../core/types.js';
import { chooseTitle } from './document-title.js';
import type { DomElement } from './dom.js';
import {
  childElement,
  childElements,
  coreProperties,
  descendantElements,
  type OoxmlPackage,
  openPackage,
  type PackageLimits,
  pathElement,
} from './ooxml.js';

const PPTX_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

/** Placeholders that repeat on every slide and carry no content. */
const SKIPPED_PLACEHOLDERS = new Set(['sldNum', 'dt', 'sldImg', 'hdr']);
const TITLE_PLACEHOLDERS = new Set(['title', 'ctrTitle']);
/** Placeholders whose paragraphs are bulleted unless they say otherwise (inherited from the layout). */
const BULLETED_PLACEHOLDERS = new Set(['body', 'obj', '']);

/** Longest text a title-less slide's top line may have to be taken as its title. */
const MAX_INFERRED_TITLE = 100;

function collapse(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/** The text of a DrawingML paragraph (`a:p`): runs, fields, line breaks as spaces. */
function paragraphText(paragraph: DomElement): string {
  const parts: string[] = [];
  for (const child of Array.from(paragraph.children)) {
    if (child.nodeName === 'a:r' || child.nodeName === 'a:fld')
      parts.push(childElement(child, 'a:t')?.textContent ?? '');
    else if (child.nodeName === 'a:br') parts.push(' ');
  }
  return collapse(parts.join(''));
}

/**
 * The paragraphs of a text body as Markdown lines. A paragraph is a list item when it has a
 * bullet or auto-number, or, inheriting from the layout, when it sits in a body placeholder and
 * does not switch bullets off; `lvl` indents it.
 */
function textBodyLines(body: DomElement, bulleted: boolean): string[] {
  const lines: string[] = [];
  const counters: number[] = [];
  for (const paragraph of childElements(body, 'a:p')) {
    const text = paragraphText(paragraph);
    if (text === '') continue;
    const properties = childElement(paragraph, 'a:pPr');
    const level = Math.min(8, Number(properties?.getAttribute('lvl') ?? 0) || 0);
    const numbered = properties && childElement(properties, 'a:buAutoNum');
    const bullet =
      numbered !== undefined ||
      (properties !== undefined && childElement(properties, 'a:buChar') !== undefined) ||
      (bulleted && (properties === undefined || childElement(properties, 'a:buNone') === undefined));
    if (!bullet) {
      counters.length = 0;
      lines.push(text.replace(/^([#>]|[-+*]\s|\d+[.)]\s)/, '\\$1'));
      continue;
    }
    counters.length = level + 1;
    counters[level] = (counters[level] ?? 0) + 1;
    const marker = numbered ? `${counters[level]}.` : '-';
    lines.push(`${'  '.repeat(level)}${marker} ${text}`);
  }
  return lines;
}

/** Joins lines into blocks: list items stay together, other lines become paragraphs. */
function linesToMarkdown(lines: string[]): string {
  let out = '';
  lines.forEach((line, i) => {
    if (i > 0) {
      const isItem = /^\s*(?:-|\d+\.) /.test(line);
      const prevItem = /^\s*(?:-|\d+\.) /.test(lines[i - 1]!);
      out += isItem && prevItem ? '\n' : '\n\n';
    }
    out += line;
  });
  return out;
}

/** A DrawingML table (`a:tbl`) as a GFM table; the first row is the header. Merged cells stay empty. */
function tableMarkdown(table: DomElement): string {
  const rows = childElements(table, 'a:tr').map((row) =>
    childElements(row, 'a:tc').map((cell) => {
      if (cell.getAttribute('hMerge') === '1' || cell.getAttribute('vMerge') === '1') return '';
      const body = childElement(cell, 'a:txBody');
      const text = body ? childElements(body, 'a:p').map(paragraphText).filter(Boolean).join(' ') : '';
      return text.replace(/\|/g, '\\|');
    }),
  );
  const width = Math.max(0, ...rows.map((row) => row.length));
  if (rows.length === 0 || width === 0 || rows.every((row) => row.every((cell) => cell === ''))) return '';
  const line = (cells: string[]) =>
    `| ${Array.from({ length: width }, (_, i) => cells[i] ?? '').join(' | ')} |`.replace(/ {2,}\|/g, ' |');
  return [line(rows[0]!), line(Array(width).fill('---')), ...rows.slice(1).map(line)].join('\n');
}

interface SlideBlock {
  markdown: string;
  /** Placeholder type (`''` for an indexed placeholder without type), or undefined for free shapes. */
  placeholder: string | undefined;
  /** Top edge in EMU when the shape states its own position. */
  top: number | undefined;
  /** True for a top-level shape holding one short paragraph: a title candidate. */
  titleLike: boolean;
}

/** Reads the shapes of a shape tree (or group) in document (z) order, groups recursively. */
async function readShapes(
  tree: DomElement,
  context: { pkg: OoxmlPackage; slidePath: string; topLevel: boolean },
): Promise<SlideBlock[]> {
  const blocks: SlideBlock[] = [];
  for (const shape of Array.from(tree.children)) {
    switch (shape.nodeName) {
      case 'p:sp': {
        const ph = pathElement(shape, ['p:nvSpPr', 'p:nvPr', 'p:ph']);
        const placeholder = ph ? (ph.getAttribute('type') ?? '') : undefined;
        if (placeholder !== undefined && SKIPPED_PLACEHOLDERS.has(placeholder)) break;
        const body = childElement(shape, 'p:txBody');
        if (!body) break;
        const isTitle = placeholder !== undefined && TITLE_PLACEHOLDERS.has(placeholder);
        const lines = isTitle
          ? [childElements(body, 'a:p').map(paragraphText).filter(Boolean).join(' ')].filter(Boolean)
          : textBodyLines(body, placeholder !== undefined && BULLETED_PLACEHOLDERS.has(placeholder));
        if (lines.length === 0) break;
        const offset = pathElement(shape, ['p:spPr', 'a:xfrm', 'a:off']);
        const top = offset ? Number(offset.getAttribute('y')) : undefined;
        blocks.push({
          markdown: linesToMarkdown(lines),
          placeholder,
          top: Number.isFinite(top) ? top : undefined,
          titleLike: context.topLevel && lines.length === 1 && lines[0]!.length <= MAX_INFERRED_TITLE,
        });
        break;
      }
      case 'p:grpSp':
        blocks.push(...(await readShapes(shape, { ...context, topLevel: false })));
        break;
      case 'p:graphicFrame': {
        const data = pathElement(shape, ['a:graphic', 'a:graphicData']);
        const table = data && childElement(data, 'a:tbl');
        if (table) {
          const markdown = tableMarkdown(table);
          if (markdown) blocks.push({ markdown, placeholder: undefined, top: undefined, titleLike: false });
        } else if (data) {
          const markdown = await diagramText(data, context);
          if (markdown) blocks.push({ markdown, placeholder: undefined, top: undefined, titleLike: false });
        }
        break;
      }
      case 'mc:AlternateContent': {
        for (const branch of [childElement(shape, 'mc:Choice'), childElement(shape, 'mc:Fallback')]) {
          const found = branch ? await readShapes(branch, context) : [];
          if (found.length > 0) {
            blocks.push(...found);
            break;
          }
        }
        break;
      }
    }
  }
  return blocks;
}

/** The text of a SmartArt diagram (its data part), one list item per node. */
async function diagramText(
  data: DomElement,
  context: { pkg: OoxmlPackage; slidePath: string },
): Promise<string> {
  const ids = childElement(data, 'dgm:relIds');
  const id = ids?.getAttribute('r:dm');
  if (!id) return '';
  const rel = (await context.pkg.relationships(context.slidePath)).get(id);
  const root = rel && !rel.external ? await context.pkg.xml(rel.target) : undefined;
  if (!root) return '';
  const items = descendantElements(root, 'a:p').map(paragraphText).filter(Boolean);
  return items.map((item) => `- ${item}`).join('\n');
}

/** The speaker notes of a slide: the notes page's body placeholder. */
async function notesMarkdown(pkg: OoxmlPackage, slidePath: string): Promise<string> {
  const rels = await pkg.relationships(slidePath);
  const rel = [...rels.values()].find((r) => r.type === 'notesSlide' && !r.external);
  const root = rel ? await pkg.xml(rel.target) : undefined;
  const tree = pathElement(root, ['p:cSld', 'p:spTree']);
  if (!tree) return '';
  const parts: string[] = [];
  for (const shape of descendantElements(tree, 'p:sp')) {
    const ph = pathElement(shape, ['p:nvSpPr', 'p:nvPr', 'p:ph']);
    if (ph?.getAttribute('type') !== 'body') continue;
    const body = childElement(shape, 'p:txBody');
    if (body) parts.push(linesToMarkdown(textBodyLines(body, false)));
  }
  return parts.filter(Boolean).join('\n\n');
}

/** Slide part paths in presentation order (`p:sldIdLst`). */
async function slidePaths(pkg: OoxmlPackage, presentationPath: string, source: Source): Promise<string[]> {
  const presentation = await pkg.xml(presentationPath);
  if (!presentation) throw new ParseError(source.name, 'not a PowerPoint file (no presentation part)');
  const rels = await pkg.relationships(presentationPath);
  const list = childElement(presentation, 'p:sldIdLst');
  return (list ? childElements(list, 'p:sldId') : [])
    .map((slide) => rels.get(slide.getAttribute('r:id') ?? ''))
    .filter((rel) => rel !== undefined && !rel.external)
    .map((rel) => rel!.target);
}

/** Slide Markdown: the title as `#` heading, then shape text, tables, and notes under `## Notes`. */
async function slideMarkdown(
  pkg: OoxmlPackage,
  slidePath: string,
  slideNumber: number,
): Promise<{ markdown: string; title: string | undefined }> {
  const root = await pkg.xml(slidePath);
  const tree = pathElement(root, ['p:cSld', 'p:spTree']);
  const blocks = tree ? await readShapes(tree, { pkg, slidePath, topLevel: true }) : [];
  let titleBlock = blocks.find(
    (block) => block.placeholder !== undefined && TITLE_PLACEHOLDERS.has(block.placeholder),
  );
  if (titleBlock === undefined) {
    const candidates = blocks.filter((block) => block.titleLike && block.top !== undefined);
    titleBlock = candidates.sort((a, b) => a.top! - b.top!)[0];
  }
  const title = titleBlock?.markdown.replace(/^\\/, '');
  const parts = [`# ${title ?? `Slide ${slideNumber}`}`];
  for (const block of blocks) if (block !== titleBlock) parts.push(block.markdown);
  const notes = await notesMarkdown(pkg, slidePath);
  if (notes) parts.push(`## Notes\n\n${notes}`);
  const hasContent = title !== undefined || parts.length > 1;
  return { markdown: hasContent ? parts.join('\n\n') : '', title };
}

/**
 * PowerPoint presentations (PPTX): one page per slide, in presentation order. Each page opens
 * with the slide title as a `#` heading (the title placeholder; on a slide without one, its
 * topmost one-line text box; else `Slide N`), then the text of every shape in reading (z) order —
 * grouped shapes and SmartArt included, bulleted and numbered paragraphs as lists — tables as
 * GFM tables, and the speaker notes under `## Notes`. Slide numbers and dates are left out. A
 * slide without any text yields an empty page, so page numbers stay slide numbers.
 */
export class PptxParser implements Parser {
  readonly specificationVersion = 'v1' as const;
  readonly fingerprint = 'pptx/v2';
  readonly mediaTypes = [PPTX_TYPE] as const;
  private readonly limits: PackageLimits;

  /** @param options how much the package may inflate ({@link PackageLimits}). */
  constructor(options: PackageLimits = {}) {
    this.limits = { maxPartBytes: options.maxPartBytes, maxTotalBytes: options.maxTotalBytes };
  }

  /**
   * @throws {ParseError} when the file is no readable PPTX; a {@link ParseLimitError} when a
   *   part inflates past a limit (a zip bomb), even if other slides could be read.
   * @throws {EmptyDocumentError} when no slide has text.
   */
  async parse(source: Source): Promise<ParsedDocument> {
    const pkg = await openPackage(source, 'PPTX', this.limits);
    const rootRels = await pkg.relationships('');
    const presentationPath =
      [...rootRels.values()].find((rel) => rel.type === 'officeDocument' && !rel.external)?.target ??
      'ppt/presentation.xml';
    let paths: string[];
    try {
      paths = await slidePaths(pkg, presentationPath, source);
    } catch (error) {
      if (isCairnError(error) && error.code === 'PARSE_FAILED') throw error;
      throw new ParseError(source.name, `not a readable PPTX file (${(error as Error).message})`, {
        cause: error,
      });
    }
    const pages: Page[] = [];
    let firstTitle: string | undefined;
    let failure: unknown;
    for (const [index, path] of paths.entries()) {
      let markdown = '';
      try {
        const slide = await slideMarkdown(pkg, path, index + 1);
        markdown = slide.markdown;
        firstTitle ??= slide.title;
      } catch (error) {
        if (error instanceof ParseLimitError) throw error;
        failure ??= error;
      }
      pages.push({ pageNumber: index + 1, markdown });
    }
    if (!pages.some((page) => page.markdown !== '')) {
      if (failure !== undefined) {
        throw new ParseError(source.name, `unreadable PPTX slides (${(failure as Error).message})`, {
          cause: failure,
        });
      }
      throw new EmptyDocumentError(source.name);
    }
    const core = await coreProperties(pkg);
    const title = chooseTitle(core.title, firstTitle);
    return {
      mediaType: PPTX_TYPE,
      ...(title ? { title } : {}),
      ...(core.dates.length > 0 ? { metadataDates: core.dates } : {}),
      pages,
    };
  }
}
