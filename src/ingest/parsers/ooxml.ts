/**
 * Reading Office Open XML packages (DOCX, PPTX): the zip, its XML parts as DOM trees, and the
 * relationships that link parts. Elements are matched by their qualified names (`p:sp`,
 * `a:t`), which is how every Office writer prefixes them.
 * @module
 */
import type JSZip from 'jszip';
import { DOMParser } from 'linkedom';
import { ParseError } from '../../core/errors.js';
import type { Source } from '../../core/types.js';
import type { DomElement, DomNode } from './dom.js';

/** Uncompressed size beyond which a single part is refused (a zip bomb, not a document). */
const MAX_PART_BYTES = 256 * 1024 * 1024;

/** An opened package. */
export interface OoxmlPackage {
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
 * Opens a DOCX/PPTX package.
 * @throws {ParseError} naming `kind` when the bytes are no readable zip.
 */
export async function openPackage(source: Source, kind: string): Promise<OoxmlPackage> {
  const { default: jszip } = await import('jszip');
  let zip: JSZip;
  try {
    zip = await jszip.loadAsync(source.bytes, { checkCRC32: false });
  } catch (error) {
    throw new ParseError(source.name, `not a readable ${kind} file (${(error as Error).message})`, {
      cause: error,
    });
  }
  const text = async (path: string): Promise<string | undefined> => {
    const file = zip.file(path);
    if (file === null) return undefined;
    // JSZip keeps the central directory's size claim on an internal field; absent, no check.
    const size = (file as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize;
    if (size !== undefined && size > MAX_PART_BYTES) {
      throw new ParseError(
        source.name,
        `${kind} part ${path} claims ${size} bytes uncompressed; refusing it`,
      );
    }
    return file.async('string');
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
  return { text, xml, relationships };
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
