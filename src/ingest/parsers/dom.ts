/**
 * The few DOM members the HTML parser uses, typed structurally: the project compiles without the
 * DOM lib and linkedom's own declarations lean on it.
 */
export interface DomNode {
  readonly nodeName: string;
  readonly nodeType: number;
  readonly textContent: string | null;
  readonly parentNode: DomNode | null;
  readonly childNodes: Iterable<DomNode> & ArrayLike<DomNode>;
  readonly firstChild: DomNode | null;
  readonly nextSibling: DomNode | null;
  cloneNode(deep: boolean): DomNode;
  remove(): void;
}

export interface DomElement extends DomNode {
  readonly parentElement: DomElement | null;
  readonly children: Iterable<DomElement> & ArrayLike<DomElement>;
  readonly previousElementSibling: DomElement | null;
  innerHTML: string;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  querySelector(selector: string): DomElement | null;
  querySelectorAll(selector: string): Iterable<DomElement> & ArrayLike<DomElement>;
  closest(selector: string): DomElement | null;
  append(...nodes: DomNode[]): void;
  before(...nodes: DomNode[]): void;
  replaceWith(...nodes: DomNode[]): void;
}

export interface DomDocument {
  readonly body: DomElement | null;
  readonly documentElement: DomElement;
  createElement(tagName: string): DomElement;
  querySelector(selector: string): DomElement | null;
  querySelectorAll(selector: string): Iterable<DomElement> & ArrayLike<DomElement>;
}
