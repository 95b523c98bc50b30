// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  citableText,
  highlightedWords,
  markdownToSafeHtml,
  markWords,
  renderMarkdown,
  replaceCitations,
} from './markdown.js';

function rendered(text: string): HTMLElement {
  const root = document.createElement('div');
  root.append(renderMarkdown(text));
  return root;
}

describe('markdownToSafeHtml', () => {
  it('renders tables, lists and emphasis', () => {
    const root = rendered('**bold** and *it*\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- one\n- two\n');
    expect(root.querySelector('strong')?.textContent).toBe('bold');
    expect(root.querySelector('em')?.textContent).toBe('it');
    expect([...root.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['1', '2']);
    expect(root.querySelector('.table-wrap > table')).not.toBeNull();
    expect(root.querySelectorAll('li')).toHaveLength(2);
  });

  it('removes scripts, handlers, styles, images, forms and javascript: links', () => {
    const html = markdownToSafeHtml(
      '<script>alert(1)</script><img src=x onerror=alert(2)><p style="color:red" onclick="x()">p</p>' +
        '<form><input></form><iframe src="https://example.com"></iframe>\n\n[a](javascript:alert(3)) <a href="https://example.com">b</a>',
    );
    expect(html).not.toMatch(/script|onerror|onclick|style=|<img|<form|<input|<iframe|javascript:/i);
    expect(html).toContain('<p>p</p>');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('target="_blank"');
  });

  it('keeps text that looks like markup as text', () => {
    const root = rendered('Use `<b>` for bold: 1 < 2 & 3 > 2');
    expect(root.querySelector('b')).toBeNull();
    expect(root.textContent).toContain('<b>');
    expect(root.textContent).toContain('1 < 2 & 3 > 2');
  });
});

describe('citableText', () => {
  const offered = new Set([1, 2]);
  it('drops markers of sources that were not offered, and the space before punctuation they leave', () => {
    expect(citableText('Keys rotate [1] [7].', offered)).toBe('Keys rotate [1].');
  });
  it('moves markers that end a table row under the table, where they are not dropped', () => {
    const text = '| a | b |\n| --- | --- |\n| 1 | 2 | [1]\n\nNext [2].';
    const prepared = citableText(text, offered);
    expect(prepared).toBe('| a | b |\n| --- | --- |\n| 1 | 2 |\n\n[1]\n\nNext [2].');
    const root = rendered(prepared);
    expect(root.querySelectorAll('td')).toHaveLength(2);
    expect(replaceCitations(root, () => document.createElement('button'))).toEqual([1, 2]);
  });
  it('holds back a marker still arriving', () => {
    expect(citableText('Keys rotate [', offered)).toBe('Keys rotate ');
    expect(citableText('Keys rotate [1', offered)).toBe('Keys rotate ');
    expect(citableText('Keys rotate [1]', offered)).toBe('Keys rotate [1]');
  });
});

describe('replaceCitations', () => {
  it('turns [n] into the made node outside code, in order of first appearance', () => {
    const root = rendered('A [2] and B [1] and C [2].\n\n`[1]` stays code');
    const found = replaceCitations(root, (n) => {
      const b = document.createElement('button');
      b.textContent = `#${n}`;
      return b;
    });
    expect(found).toEqual([2, 1]);
    expect([...root.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['#2', '#1', '#2']);
    expect(root.querySelector('code')?.textContent).toBe('[1]');
  });
  it('leaves a marker alone when no node is made for it', () => {
    const root = rendered('See [3].');
    expect(replaceCitations(root, () => undefined)).toEqual([]);
    expect(root.textContent?.trim()).toBe('See [3].');
  });
});

describe('markWords', () => {
  it('marks whole words case-insensitively, inside table cells too', () => {
    const root = rendered('Signing keys rotate.\n\n| Key | Days |\n|---|---|\n| signing | 90 |\n');
    expect(markWords(root, new Set(['signing', 'days']))).toBe(3);
    expect([...root.querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
      'Signing',
      'Days',
      'signing',
    ]);
    expect(root.textContent).toContain('Signing keys rotate.');
  });
  it('does not mark parts of words', () => {
    const root = rendered('keystone keys');
    markWords(root, new Set(['keys']));
    expect([...root.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['keys']);
  });
});

describe('highlightedWords', () => {
  it('reads the words at the API’s ranges, lower-cased', () => {
    expect(
      highlightedWords('Signing keys, signing', [
        [0, 7],
        [8, 12],
        [14, 21],
      ]),
    ).toEqual(new Set(['signing', 'keys']));
  });
});
