import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import type { DomElement } from './dom.js';
import { flattenDeepNesting, limitTagDepth } from './html-depth.js';
import { HtmlParser } from './html-parser.js';

const source = (html: string) => ({ name: 'deep.html', bytes: new TextEncoder().encode(html) });

function depthOf(root: DomElement): number {
  let deepest = 0;
  const stack: Array<[DomElement, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [element, depth] = stack.pop()!;
    deepest = Math.max(deepest, depth);
    for (const child of Array.from(element.children)) stack.push([child, depth + 1]);
  }
  return deepest;
}

describe('limitTagDepth', () => {
  it('leaves ordinary markup untouched', () => {
    const html = '<div><p>One<p>Two<ul><li>a<li>b</ul><br><img src=x><svg><path d="M0"/></svg></div>';
    expect(limitTagDepth(html, 3)).toBe(html);
  });

  it('removes tags nested deeper than the limit and keeps their text apart', () => {
    const html = `${'<div>'.repeat(6)}deep${'</div>'.repeat(6)}after`;
    const limited = limitTagDepth(html, 4);
    expect(limited.match(/<div>/g)).toHaveLength(4);
    expect(limited.match(/<\/div>/g)).toHaveLength(4);
    expect(limited).toContain(' deep ');
    expect(limited.endsWith('</div>after')).toBe(true);
  });

  it('follows end tags that close several elements, and skips comments and scripts', () => {
    const html = `<section>${'<span>'.repeat(10)}x</section><!-- ${'<div>'.repeat(10)} --><script>${'<div>'.repeat(10)}</script><b>y</b>`;
    // </section> closes the ten spans (as the parser does), so <b> is at depth 1 again.
    const limited = limitTagDepth(html, 5);
    expect(limited.endsWith('<b>y</b>')).toBe(true);
    expect(limited).toContain(`<script>${'<div>'.repeat(10)}</script>`);
    expect(limited).toContain(`<!-- ${'<div>'.repeat(10)} -->`);
  });
});

describe('flattenDeepNesting', () => {
  it('keeps text below the limit as paragraphs, scripts left out', () => {
    const { document } = parseHTML(
      `<html><body>${'<div>'.repeat(20)}<p>first</p>second<span>inline</span><script>no()</script><div>third</div>${'</div>'.repeat(20)}</body></html>`,
    );
    expect(flattenDeepNesting(document.documentElement, 8)).toBe(1);
    expect(depthOf(document.documentElement)).toBeLessThanOrEqual(9);
    const paragraphs = Array.from(document.querySelectorAll('p'), (p: DomElement) => p.textContent);
    expect(paragraphs).toEqual(['first', 'secondinline', 'third']);
  });
});

describe('HtmlParser on deeply nested pages', () => {
  it('reads 8,000 nested <div> (the converter would overflow its call stack)', async () => {
    const html = `<html><body>${'<div>'.repeat(8000)}<p>Deep down the text survives.</p>${'</div>'.repeat(8000)}<p>After.</p></body></html>`;
    const parsed = await new HtmlParser().parse(source(html));
    expect(parsed.pages[0]!.markdown).toBe('Deep down the text survives.\n\nAfter.');
  });

  it('reads 100,000 nested levels without the parser slowing down per level', async () => {
    const html = `<html><body><h1>Top</h1>${'<div><span>'.repeat(50_000)}bottom${'</span></div>'.repeat(50_000)}</body></html>`;
    const parsed = await new HtmlParser().parse(source(html));
    expect(parsed.pages[0]!.markdown).toMatch(/^# Top\n\n[\s\S]*bottom$/);
  });
});
