/** Building DOM nodes without HTML strings: text always goes in as text, never as markup. */

type Child = Node | string | null | undefined | false;

/** An element with attributes (`on*` keys become listeners) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number | boolean | EventListener | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') element.addEventListener(name.slice(2).toLowerCase(), value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, ...children);
  return element;
}

/** Appends children, skipping empty ones. */
export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/** Replaces an element's children. */
export function replace(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, ...children);
}

/** The element with `id`, which the page must have. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the page has no #${id}`);
  return element as T;
}

/**
 * `text` with the `[start, end)` ranges wrapped in `<mark>`, cut to a window of about `width`
 * characters around the first range (with ellipses where it was cut).
 */
export function markedSnippet(text: string, ranges: Array<[number, number]>, width = 320): DocumentFragment {
  const first = ranges[0]?.[0] ?? 0;
  const start =
    text.length <= width ? 0 : Math.max(0, Math.min(first - Math.floor(width / 3), text.length - width));
  const end = Math.min(text.length, start + width);
  const fragment = document.createDocumentFragment();
  if (start > 0) fragment.append('…');
  let at = start;
  for (const [from, to] of ranges) {
    if (to <= at || from >= end) continue;
    const a = Math.max(from, at);
    const b = Math.min(to, end);
    fragment.append(text.slice(at, a), h('mark', {}, text.slice(a, b)));
    at = b;
  }
  fragment.append(text.slice(at, end));
  if (end < text.length) fragment.append('…');
  return fragment;
}

/** Pages as people write them: `p. 3` or `pp. 3–5`. */
export function pages(start: number, end: number): string {
  return start === end ? `p. ${start}` : `pp. ${start}–${end}`;
}
