import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EmptyDocumentError } from '../../core/errors.js';
import { HtmlParser } from './html-parser.js';

const parser = new HtmlParser();
const fixture = readFileSync(new URL('../../../test/fixtures/parsers/article.html', import.meta.url));
const html = (body: string, head = '') => ({
  name: 'page.html',
  bytes: new TextEncoder().encode(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`),
});

async function markdownOf(body: string, head = ''): Promise<string> {
  const parsed = await parser.parse(html(body, head));
  return parsed.pages[0]!.markdown;
}

describe('HtmlParser on a realistic page', async () => {
  const parsed = await parser.parse({ name: 'article.html', bytes: new Uint8Array(fixture) });
  const markdown = parsed.pages[0]!.markdown;

  it('returns one page titled from <title>', () => {
    expect(parsed.mediaType).toBe('text/html');
    expect(parsed.title).toBe('Piper PA-22 accident near Tallahassee | Aviation Safety Notes');
    expect(parsed.pages).toHaveLength(1);
    expect(parsed.pages[0]!.pageNumber).toBe(1);
  });

  it('drops scripts, styles, navigation, page header and footer, asides, forms and hidden parts', () => {
    for (const gone of [
      'PAGEVIEW_SCRIPT',
      'INLINE_SCRIPT',
      'font-family',
      'NAVLINK',
      'BREADCRUMB',
      'SEARCHBUTTON',
      'Skip to content',
      'FORMLABEL',
      'FOOTERTEXT',
      'CONTENTINFO',
      'ASIDE',
      'HIDDEN_INLINE',
      'HIDDEN_ATTRIBUTE',
      'NOSCRIPT',
      'IFRAME',
      'SVGTEXT',
      'photo of the wreckage',
    ]) {
      expect(markdown, gone).not.toContain(gone);
    }
  });

  it('keeps the article, its own header and footer, as Markdown headings and lists', () => {
    expect(markdown).toMatch(/^# Collision with trees on final approach$/m);
    expect(markdown).toMatch(/^## What happened$/m);
    expect(markdown).toMatch(/^### Key facts$/m);
    expect(markdown).toContain('Posted by the editors');
    expect(markdown).toContain('Source: NTSB report NYC08CA055.');
    expect(markdown).toMatch(
      /^- Weather: calm winds, 10 miles visibility\n- Runway: 12, grass\/turf\n- Injuries: 1 minor$/m,
    );
  });

  it('turns links into their text', () => {
    expect(markdown).toContain('landing a Piper PA-22-150 at his private airstrip');
    expect(markdown).not.toContain('](');
  });

  it('turns the table into a GFM table with one line per row', () => {
    expect(markdown).toContain(
      [
        '| Field | Value |',
        '| --- | --- |',
        '| Aircraft | Piper PA-22-150 |',
        '| Registration | N5921D |',
        '| Departure \\| Destination | Quincy, FL Tallahassee, FL |',
      ].join('\n'),
    );
    expect(markdown).toContain('Flight summary\n\n| Field');
  });
});

describe('HtmlParser', () => {
  it('promotes the first row of a table without <th> to its header', async () => {
    const markdown = await markdownOf(
      '<table><tr><td>Name</td><td>Age</td></tr><tr><td>Ann</td><td>41</td></tr></table>',
    );
    expect(markdown).toBe('| Name | Age |\n| --- | --- |\n| Ann | 41 |');
  });

  it('repeats row-spanned cells and pads column-spanned ones', async () => {
    const markdown = await markdownOf(
      '<table><thead><tr><th>Group</th><th>Item</th><th>Qty</th></tr></thead><tbody>' +
        '<tr><td rowspan="2">Fruit</td><td>Apple</td><td>3</td></tr>' +
        '<tr><td>Pear</td><td>5</td></tr>' +
        '<tr><td colspan="2">Total</td><td>8</td></tr></tbody></table>',
    );
    expect(markdown).toBe(
      '| Group | Item | Qty |\n| --- | --- | --- |\n| Fruit | Apple | 3 |\n| Fruit | Pear | 5 |\n| Total |  | 8 |',
    );
  });

  it("writes a definition list's pairs as paragraphs led by the term in bold (stop 66)", async () => {
    const markdown = await markdownOf(
      '<dl><dt>Light</dt><dd>Bright, indirect light.</dd>' +
        '<dt>Temperature</dt><dd><p>18–24°C is ideal.</p><p>Keep it above 15°C.</p></dd>' +
        '<dt>Pets:</dt><dd>Non-toxic to cats.</dd><dd>Non-toxic to dogs.</dd></dl>',
    );
    expect(markdown).toBe(
      '**Light:** Bright, indirect light.\n\n**Temperature:** 18–24°C is ideal. Keep it above 15°C.\n\n**Pets:** Non-toxic to cats.; Non-toxic to dogs.',
    );
  });

  it('unwraps layout tables', async () => {
    const markdown = await markdownOf(
      '<table role="presentation"><tr><td><p>Left column text.</p></td><td><p>Right column text.</p></td></tr></table>' +
        '<table><tr><td>Only one cell</td></tr><tr><td>per row</td></tr></table>',
    );
    expect(markdown).toBe('Left column text.\n\nRight column text.\n\nOnly one cell\n\nper row');
  });

  it('prefers <main> and otherwise a sole <article>', async () => {
    expect(await markdownOf('<div>Chrome</div><main><p>Main text</p></main>')).toBe('Main text');
    expect(await markdownOf('<div>Chrome</div><article><p>Article text</p></article>')).toBe('Article text');
    expect(await markdownOf('<p>Intro</p><article><p>One</p></article><article><p>Two</p></article>')).toBe(
      'Intro\n\nOne\n\nTwo',
    );
  });

  it('unwraps a form that wraps the whole page', async () => {
    const markdown = await markdownOf(
      '<form id="aspnetForm"><h1>Heading</h1><p>Text</p><input value="x"></form>',
    );
    expect(markdown).toBe('# Heading\n\nText');
  });

  it('takes the title from the first h1 when there is no <title>', async () => {
    const parsed = await parser.parse(html('<h1>  Fallback   title </h1><p>x</p>'));
    expect(parsed.title).toBe('Fallback title');
    const untitled = await parser.parse(html('<p>x</p>'));
    expect(untitled).not.toHaveProperty('title');
  });

  it('takes the first h1 when <title> reads like an identifier or a file name', async () => {
    const named = await parser.parse(
      html('<h1>Marmot Field Guide</h1><p>x</p>', '<title>index_2024.html</title>'),
    );
    expect(named.title).toBe('Marmot Field Guide');
    const kept = await parser.parse(html('<h1>Marmots</h1><p>x</p>', '<title>Alpine Marmot Notes</title>'));
    expect(kept.title).toBe('Alpine Marmot Notes');
  });

  it('keeps code blocks and escapes only block-level Markdown in text', async () => {
    const markdown = await markdownOf(
      '<p># not a heading, snake_case and 2*3</p><pre><code>let a = 1;\n# kept</code></pre>',
    );
    expect(markdown).toBe('\\# not a heading, snake_case and 2*3\n\n```\nlet a = 1;\n# kept\n```');
  });

  it('decodes a legacy charset named in <meta>', async () => {
    const head = new TextEncoder().encode('<html><head><meta charset="windows-1252"></head><body><p>caf');
    const tail = new TextEncoder().encode(' au lait</p></body></html>');
    const bytes = new Uint8Array([...head, 0xe9, ...tail]);
    const parsed = await parser.parse({ name: 'old.html', bytes });
    expect(parsed.pages[0]!.markdown).toBe('café au lait');
  });

  it('throws EmptyDocumentError when nothing readable remains', async () => {
    await expect(parser.parse(html('<nav>Menu</nav><script>x()</script>'))).rejects.toBeInstanceOf(
      EmptyDocumentError,
    );
    await expect(parser.parse({ name: 'empty.html', bytes: new Uint8Array() })).rejects.toBeInstanceOf(
      EmptyDocumentError,
    );
  });

  it('fingerprints itself with the turndown version', () => {
    expect(parser.fingerprint).toMatch(/^html\/turndown@\d+\.\d+\.\d+\/v4$/);
  });
});

describe('HtmlParser on fragments', () => {
  it.each([
    ['<p>Just a paragraph</p>', 'Just a paragraph'],
    ['bare text', 'bare text'],
    ['<!doctype html><title>T</title><h2>Heading</h2><p>text', '## Heading\n\ntext'],
    ['<html><head><title>T</title></head><p>no body tag</p></html>', 'no body tag'],
  ])('reads %j', async (markup, expected) => {
    const parsed = await parser.parse({ name: 'fragment.html', bytes: new TextEncoder().encode(markup) });
    expect(parsed.pages[0]!.markdown).toBe(expected);
  });
});

describe('HtmlParser without semantic elements', () => {
  it('drops chrome named by class or id, but not a wrapper holding the h1', async () => {
    const markdown = await markdownOf(
      '<div id="header" class="site-header"><h1>Page title</h1></div>' +
        '<div class="sidebar">SIDEBAR links</div><div id="cookie-banner">COOKIES accept</div>' +
        '<div class="content"><p>Body text.</p></div><div class="breadcrumbs">Home › CRUMB</div>',
    );
    expect(markdown).toBe('# Page title\n\nBody text.');
  });
});

describe('HtmlParser: the date a page gives itself', () => {
  it("gives the page's published date from its meta fields or JSON-LD, read before the head is dropped", async () => {
    const meta = await parser.parse(
      html(
        '<article><h1>Route 7</h1><p>Diverted.</p></article>',
        '<meta property="article:published_time" content="2024-04-08T07:30:00+01:00">',
      ),
    );
    expect(meta.publishedDate).toBe('2024-04-08');
    expect(meta.pages[0]!.markdown).not.toContain('2024');
    const ld = await parser.parse(
      html(
        '<p>Back to normal.</p>',
        '<script type="application/ld+json">{"@type":"NewsArticle","datePublished":"2024-07-01"}</script>',
      ),
    );
    expect(ld.publishedDate).toBe('2024-07-01');
    expect(await parser.parse(html('<p>No date here.</p>'))).not.toHaveProperty('publishedDate');
  });
});
