/**
 * Reading Office Open XML packages (DOCX, PPTX): the zip, its XML parts as DOM trees, and the
 * relationships that link parts. Elements are matched by their qualified names (`p:sp`,
 * `a:t`), which is how every Office writer prefixes them.
 * @module
 */
import type JSZip from 'jszip';
import { DOMParser } from 'linkedom';
import { ParseError, ParseLimitError } from '../../core/errors.js';
import type { Source } from '../../core/types.js';
import { formatBytes } from '../source-policy.js';
import type { DomElement, DomNode } from './dom.js';

/** Limits on what reading one package may inflate. */
export interface PackageLimits {
  /** Most bytes one part may inflate to. Default 64 MiB (a Word body of some 10,000 pages). */
  maxPartBytes?: number;
  /** Most bytes all the parts read may inflate to together. Default 128 MiB. */
  maxTotalBytes?: number;
}

const DEFAULT_MAX_PART_BYTES = 64 * 1024 * 1024;
const DEFAULT_MAX_TOTAL_BYTES = 128 * 1024 * 1024;

/** An opened package. */
export interface OoxmlPackage {
  /** True when the package has a part at `path`. */
  exists(path: string): boolean;
  /** The part's bytes as inflated, or `undefined` when the package has no such part. */
  bytes(path: string): Promise<Uint8Array | undefined>;
  /** The part's text, or `undefined` when the package has no such part. */
  text(path: string): Promise<string | undefined>;
  /** The part parsed as XML (its root element), or `undefined` when missing. */
  xml(path: string): Promise<DomElement | undefined>;
  /** The relationships of a part, by id, targets resolved to package paths. */
  relationships(path: string): Promise<Map<string, Relationship>>;
}

/** One relationship of a part. */
export interface Relationship {
  /** Last segment of the relationship type URI, e.g. `slide`, `notesSlide`, `hyperlink`. */
  type: string;
  /** Package path of an internal target (no leading `/`), or the URI of an external one. */
  target: string;
  external: boolean;
}

/**
 * Opens a DOCX/PPTX package. Parts are inflated as a stream and counted as they come: a part
 * that inflates past `limits.maxPartBytes`, or parts that together pass `limits.maxTotalBytes`,
 * are refused as a zip bomb as soon as the limit is passed, whatever sizes the zip's headers
 * claim (they can lie). JSZip inflates in blocks of 16 KiB of compressed data, so at most one
 * block's output (about 16 MiB) is held past a limit.
 * @throws {ParseError} naming `kind` when the bytes are no readable zip; `bytes`, `text` and
 *   `xml` throw it when a part cannot be inflated, and a {@link ParseLimitError} (`limit:
 *   'size'`) when it passes a limit.
 */
export async function openPackage(
  source: Source,
  kind: string,
  limits: PackageLimits = {},
): Promise<OoxmlPackage> {
  const maxPart = limits.maxPartBytes ?? DEFAULT_MAX_PART_BYTES;
  const maxTotal = limits.maxTotalBytes ?? DEFAULT_MAX_TOTAL_BYTES;
  const { default: jszip } = await import('jszip');
  let zip: JSZip;
  try {
    zip = await jszip.loadAsync(source.bytes, { checkCRC32: false });
  } catch (error) {
    throw new ParseError(source.name, `not a readable ${kind} file (${(error as Error).message})`, {
      cause: error,
    });
  }
  let inflated = 0;
  const bytes = async (path: string): Promise<Uint8Array | undefined> => {
    const file = zip.file(path);
    if (file === null) return undefined;
    const chunks: Buffer[] = [];
    let size = 0;
    const limitError = (): ParseLimitError | undefined => {
      if (size > maxPart) {
        return new ParseLimitError(
          source.name,
          'size',
          `${kind} part ${path} inflates to more than ${formatBytes(maxPart)}; refusing it as a zip bomb (maxPartBytes)`,
        );
      }
      if (inflated > maxTotal) {
        return new ParseLimitError(
          source.name,
          'size',
          `${kind} parts inflate to more than ${formatBytes(maxTotal)} together; refusing the file as a zip bomb (maxTotalBytes)`,
        );
      }
      return undefined;
    };
    await new Promise<void>((resolve, reject) => {
      const stream = file.nodeStream('nodebuffer');
      let settled = false;
      const fail = (error: Error) => {
        if (settled) return;
        settled = true;
        // Paused, the stream stops pulling inflated blocks from JSZip; nothing more is inflated.
        stream.pause();
        reject(error);
      };
      stream.on('data', (chunk: Buffer) => {
        if (settled) return;
        size += chunk.length;
        inflated += chunk.length;
        const limit = limitError();
        if (limit) fail(limit);
        else chunks.push(chunk);
      });
      stream.on('error', (error: Error) =>
        fail(
          new ParseError(source.name, `${kind} part ${path} cannot be inflated (${error.message})`, {
            cause: error,
          }),
        ),
      );
      stream.on('end', () => {
        if (settled) return;
        settled = true;
        resolve();
      });
    });
    return Buffer.concat(chunks, size);
  };
  const text = async (path: string): Promise<string | undefined> => {
    const content = await bytes(path);
    return content === undefined ? undefined : new TextDecoder().decode(content);
  };
  const xml = async (path: string) => {
    const content = await text(path);
    return content === undefined ? undefined : parseXml(content);
  };
  const relationships = async (path: string) => {
    const slash = path.lastIndexOf('/');
    const relsPath = `${path.slice(0, slash + 1)}_rels/${path.slice(slash + 1)}.rels`;
    const root = await xml(relsPath);
    const map = new Map<string, Relationship>();
    for (const rel of root ? childElements(root, 'Relationship') : []) {
      const id = rel.getAttribute('Id');
      const target = rel.getAttribute('Target');
      if (!id || !target) continue;
      const external = rel.getAttribute('TargetMode') === 'External';
      const type = (rel.getAttribute('Type') ?? '').replace(/^.*\//, '');
      map.set(id, { type, external, target: external ? target : resolvePartPath(path, target) });
    }
    return map;
  };
  return { exists: (path) => zip.file(path) !== null, bytes, text, xml, relationships };
}

/** Parses an XML document; returns its root element. */
export function parseXml(text: string): DomElement {
  const document: { documentElement: DomElement } = new DOMParser().parseFromString(text, 'text/xml');
  return document.documentElement;
}

/** `ppt/slides/slide1.xml` + `../notesSlides/notesSlide1.xml` → `ppt/notesSlides/notesSlide1.xml`. */
export function resolvePartPath(from: string, target: string): string {
  const segments = target.startsWith('/') ? [] : from.split('/').slice(0, -1);
  for (const segment of target.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return segments.join('/');
}

/** Child elements of `element` with the qualified name `name`, in order. */
export function childElements(element: DomElement, name: string): DomElement[] {
  return Array.from(element.children).filter((child) => child.nodeName === name);
}

/** The first child element named `name`. */
export function childElement(element: DomElement, name: string): DomElement | undefined {
  return Array.from(element.children).find((child) => child.nodeName === name);
}

/** Follows a path of child element names, e.g. `['p:nvSpPr', 'p:nvPr', 'p:ph']`. */
export function pathElement(
  element: DomElement | undefined,
  names: readonly string[],
): DomElement | undefined {
  let current = element;
  for (const name of names) {
    if (current === undefined) return undefined;
    current = childElement(current, name);
  }
  return current;
}

/** Descendant elements named `name`, in document order (not descending into matches). */
export function descendantElements(element: DomElement, name: string): DomElement[] {
  const found: DomElement[] = [];
  const walk = (parent: DomElement) => {
    for (const child of Array.from(parent.children)) {
      if (child.nodeName === name) found.push(child);
      else walk(child);
    }
  };
  walk(element);
  return found;
}

/** True for an element node (not text or comment). */
export function isElement(node: DomNode): node is DomElement {
  return node.nodeType === 1;
}

/** What an Office file's document properties (`docProps/core.xml`) say of it. */
export interface CoreProperties {
  /** `dc:title`, its whitespace collapsed; undefined when empty. */
  title?: string;
  /**
   * `dcterms:modified` then `dcterms:created`, as written (W3CDTF, e.g. `2024-03-04T08:05:00Z`):
   * when the file was saved and made, a weak date for its document (see `metadataDates`).
   */
  dates: string[];
}

/**
 * The document properties of an opened package; no title and no dates when it has no
 * `docProps/core.xml` or that part is unreadable.
 */
export async function coreProperties(pkg: OoxmlPackage): Promise<CoreProperties> {
  const core = await pkg.xml('docProps/core.xml').catch(() => undefined);
  if (!core) return { dates: [] };
  const text = (name: string) => (childElement(core, name)?.textContent ?? '').replace(/\s+/g, ' ').trim();
  const title = text('dc:title');
  const dates = [text('dcterms:modified'), text('dcterms:created')].filter((d) => d !== '');
  return { ...(title ? { title } : {}), dates };
}
