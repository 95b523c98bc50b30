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

/** Pages as people write them: `p. 3` or `pp. 3–5`. */
export function pages(start: number, end: number): string {
  return start === end ? `p. ${start}` : `pp. ${start}–${end}`;
}

/** `n thing` or `n things`. */
export function count(n: number, thing: string): string {
  return `${n.toLocaleString('en')} ${thing}${n === 1 ? '' : 's'}`;
}

/** A heading path as a breadcrumb. */
export function headingPath(path: readonly string[]): string {
  return path.length > 0 ? path.join(' › ') : '';
}

/** A byte count for people: `12 KB`, `3.4 MB`. */
export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** Scrolls `container` (not the page) so that `element` sits a third of the way down it. */
export function scrollWithin(container: HTMLElement, element: Element): void {
  const offset = element.getBoundingClientRect().top - container.getBoundingClientRect().top;
  container.scrollTop += offset - container.clientHeight / 3;
}
