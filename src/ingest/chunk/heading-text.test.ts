import { describe, expect, it } from 'vitest';
import { headingText, stripClosingHashes, withoutLeadingHeadings } from './heading-text.js';

describe('headingText', () => {
  it.each([
    ['[Install](https://example.com/install)', 'Install'],
    ['[Install](https://example.com/a_(b) "Title")', 'Install'],
    ['See [the guide][ref] first', 'See the guide first'],
    ['![logo](logo.png) Acme', 'logo Acme'],
    ['Docs at <https://example.com/docs>', 'Docs at https://example.com/docs'],
    ['Plain heading', 'Plain heading'],
    ['Brackets [kept] and (kept)', 'Brackets [kept] and (kept)'],
    ['Unclosed [link](https://x', 'Unclosed [link](https://x'],
    ['a <b> c', 'a <b> c'],
    ['\\[not a link](x)', '\\[not a link](x)'],
  ])('%s → %s', (raw, text) => {
    expect(headingText(raw)).toBe(text);
  });

  it('is linear on hostile input (many unclosed brackets and angle brackets)', () => {
    const raw = '[](<'.repeat(50_000);
    expect(headingText(raw).length).toBeGreaterThan(0);
  });
});

describe('stripClosingHashes', () => {
  it.each([
    ['Title ##', 'Title'],
    ['Title#', 'Title#'],
    ['###', ''],
    ['C# language', 'C# language'],
    [`a${' '.repeat(10_000)}b`, `a${' '.repeat(10_000)}b`],
  ])('%j', (raw, text) => {
    expect(stripClosingHashes(raw)).toBe(text);
  });
});

describe('withoutLeadingHeadings', () => {
  it('drops the heading lines of the path that open the text', () => {
    expect(withoutLeadingHeadings('# Guide\n\n## [Setup](x)\n\nRun it.', ['Guide', 'Setup'])).toBe('Run it.');
    expect(withoutLeadingHeadings('Guide\n=====\n\nRun it.', ['Guide'])).toBe('Run it.');
  });

  it('keeps text that does not open with one of them', () => {
    expect(withoutLeadingHeadings('Run it.\n\n# Guide', ['Guide'])).toBe('Run it.\n\n# Guide');
    expect(withoutLeadingHeadings('# Other\n\nRun it.', ['Guide'])).toBe('# Other\n\nRun it.');
    expect(withoutLeadingHeadings('# Guide\n\nRun it.', [])).toBe('# Guide\n\nRun it.');
  });
});
