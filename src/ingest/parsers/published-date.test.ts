import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import type { DomDocument } from './dom.js';
import { frontMatterFields, htmlPublishedDate } from './published-date.js';

const page = (head: string, body = '<p>Text.</p>') =>
  parseHTML(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`)
    .document as unknown as DomDocument;

describe('frontMatterFields', () => {
  it('reads the title and the date a post was published, as an ISO day', () => {
    expect(frontMatterFields('title: Plot fees\ndate: 2024-12-05\ntags: [plots]')).toEqual({
      title: 'Plot fees',
      publishedDate: '2024-12-05',
    });
    // Quoted, with a time and zone (the day as written), and Hugo's and Astro's keys.
    expect(frontMatterFields('date: "2024-06-14"').publishedDate).toBe('2024-06-14');
    expect(frontMatterFields('date: 2024-09-20T23:30:00-05:00').publishedDate).toBe('2024-09-20');
    expect(frontMatterFields('publishDate: 2023-02-01\nlastmod: 2024-01-01').publishedDate).toBe(
      '2023-02-01',
    );
    expect(frontMatterFields('pubDate: "Jul 08 2022"\nupdatedDate: 2023-03-05').publishedDate).toBe(
      '2022-07-08',
    );
    expect(frontMatterFields('Date: March 2, 2024').publishedDate).toBe('2024-03-02');
  });

  it('falls back to an edit date, and reads no impossible or partial date', () => {
    expect(frontMatterFields('lastmod: 2024-05-01').publishedDate).toBe('2024-05-01');
    expect(frontMatterFields('date: 2024-02-30').publishedDate).toBeUndefined();
    expect(frontMatterFields('date: 2024').publishedDate).toBeUndefined();
    expect(frontMatterFields('date: soon')).toEqual({});
  });

  it('reads a block that is not valid YAML line by line', () => {
    // "Part 1: Setup" makes a nested mapping YAML refuses on one line.
    expect(frontMatterFields('title: Part 1: Setup\ndate: 2024-04-02\n  bad: [')).toEqual({
      title: 'Part 1: Setup',
      publishedDate: '2024-04-02',
    });
  });
});

describe('htmlPublishedDate', () => {
  it('reads Open Graph, plain, Dublin Core and Highwire Press meta dates, best first', () => {
    expect(
      htmlPublishedDate(
        page(
          '<meta property="article:modified_time" content="2024-06-01T10:00:00Z"><meta property="article:published_time" content="2024-04-08T07:30:00+01:00">',
        ),
      ),
    ).toBe('2024-04-08');
    expect(htmlPublishedDate(page('<meta name="date" content="2024-05-20">'))).toBe('2024-05-20');
    expect(htmlPublishedDate(page('<meta name="DC.date" content="2021-11-03">'))).toBe('2021-11-03');
    expect(htmlPublishedDate(page('<meta name="citation_publication_date" content="2019/07/15">'))).toBe(
      '2019-07-15',
    );
    // Only an edit date: taken when nothing says when the page was published.
    expect(htmlPublishedDate(page('<meta property="article:modified_time" content="2024-06-01">'))).toBe(
      '2024-06-01',
    );
  });

  it('reads schema.org dates from JSON-LD (also inside @graph) and microdata', () => {
    const ld = (json: string) => page(`<script type="application/ld+json">${json}</script>`);
    expect(htmlPublishedDate(ld('{"@type":"NewsArticle","datePublished":"2024-07-01T06:00:00+01:00"}'))).toBe(
      '2024-07-01',
    );
    expect(
      htmlPublishedDate(
        ld(
          '{"@graph":[{"@type":"WebSite"},{"@type":"BlogPosting","dateModified":"2024-02-02","datePublished":"2024-01-15"}]}',
        ),
      ),
    ).toBe('2024-01-15');
    expect(
      htmlPublishedDate(
        page('', '<article><time itemprop="datePublished" datetime="2023-10-09">9 Oct</time></article>'),
      ),
    ).toBe('2023-10-09');
  });

  it('dates nothing from a malformed JSON-LD block or a page without date fields', () => {
    expect(
      htmlPublishedDate(page('<script type="application/ld+json">{"datePublished": </script>')),
    ).toBeUndefined();
    expect(htmlPublishedDate(page('<meta name="description" content="2024-01-01 news">'))).toBeUndefined();
  });
});

describe('htmlPublishedDate: a byline', () => {
  it('reads the <time> of a byline or one marked pubdate, not a <time> in the text', () => {
    expect(
      htmlPublishedDate(
        page(
          '',
          '<article><p class="byline">Posted on <time datetime="2024-01-15">January 15</time></p></article>',
        ),
      ),
    ).toBe('2024-01-15');
    expect(
      htmlPublishedDate(page('', '<article><time pubdate datetime="2023-05-02">2 May</time></article>')),
    ).toBe('2023-05-02');
    expect(
      htmlPublishedDate(
        page('', '<article><p>The fair is on <time datetime="2025-07-12">12 July</time>.</p></article>'),
      ),
    ).toBeUndefined();
  });
});
