/**
 * The web explorer driven in real Chromium (Debian's, through playwright-core; no browser is
 * downloaded) against `cairn serve` from the built CLI, keeping uploaded originals, with a chat
 * model (a local stand-in for the OpenAI API) that streams a Markdown answer a few characters at
 * a time. Every flow: key, upload (chooser and drag-and-drop, per-file status, a refusal), the
 * documents view (find, sort, page, delete), search (rendered snippets, marked words, a bad
 * filter), chat (rendered and sanitised answers, citation chips, a follow-up with history, "not
 * found"), the evidence viewer (a PDF page with the passage highlighted; a Markdown document with
 * the chunk highlighted), at desktop and phone widths, light and dark, checked by axe-core.
 * Screenshots go to test/artifacts/ (ignored by git).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/corpus.js';
import { ensureBuilt } from './support/ensure-built.js';
import { type FakeServer, startOpenAICompatibleServer } from './support/openai-compatible-server.js';
import { type ServeProcess, startServe } from './support/serve-cli.js';

const CHROMIUM = '/usr/bin/chromium';

/** `expect.poll` with a deadline a busy two-core machine meets (vitest's default is one second). */
function poll<T>(read: () => T | Promise<T>, options: { timeout: number } = { timeout: 120_000 }) {
  return expect.poll(read, options);
}
const ARTIFACTS = path.resolve('test/artifacts');
const WRITE_KEY = 'explorer-write-key-0001';
const READ_KEY = 'explorer-read-key-00002';
const PDFS = ['examples/20080108X00031.pdf', 'examples/20071229X02007.pdf'];
const NOTES =
  '# Field Notes\n\n## Gear\n\n| Item | Count |\n|---|---|\n| Rope | 2 |\n| Carabiner | 12 |\n\n' +
  '## Weather\n\nMarmots hibernate in burrows under granite boulders from October to April.\n';

interface SourceBlock {
  n: number;
  header: string;
  text: string;
}

function sourcesOf(messages: Array<{ role: string; content: string }>): SourceBlock[] {
  const user = messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
  return [...user.matchAll(/<<source (\d+) ([0-9a-f]+)>>\n([^\n]*)\n([\s\S]*?)\n<<end source \1 \2>>/g)].map(
    (m) => ({ n: Number(m[1]), header: m[3]!, text: m[4]! }),
  );
}

/**
 * What the stand-in model answers: a standalone question when asked to rewrite; "could not find"
 * for a question about volcanoes, and then where it looked for one about glaciers; otherwise Markdown (emphasis, a table, a list) citing a PDF
 * source past its first page when there is one, an invented source [7] and some HTML that must
 * never run.
 */
function reply(messages: Array<{ role: string; content: string }>): string {
  const system = messages.find((m) => m.role === 'system')?.content ?? '';
  const question = messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
  if (system.startsWith('You rewrite'))
    // The rewrite prompt holds the history: the newest topic is read first.
    return /glacier/i.test(question)
      ? 'Did the Cessna 172 near Boquete strike a glacier?'
      : /volcano/i.test(question)
        ? 'Which volcano erupted?'
        : 'What was the Cessna 172 registration and what happened to it?';
  if (/volcano/i.test(question)) return 'I could not find this in the sources.';
  if (/glacier/i.test(question))
    return 'I could not find this in the sources. None of them mentions a glacier [1].';
  const sources = sourcesOf(messages);
  // A source's header names its document, the document's date when it has one, then its pages:
  // "20080108X00031.pdf (2018-03-27), p. 2, …".
  const cited =
    sources.find((s) => /\.pdf(?: \(\d{4}-\d\d-\d\d\))?, pp?\. [2-9]/.test(s.header)) ?? sources[0];
  const n = cited?.n ?? 1;
  const sentence = (cited?.text ?? '').replace(/\s+/g, ' ').slice(0, 80).trim();
  return (
    `**In short:** the report says “${sentence}” [${n}].\n\n` +
    `| Field | Value |\n|---|---|\n| Source | ${n} |\n| Kind | *report* |\n\n` +
    `- first point [${n}]\n- second point [7]\n\n` +
    '<img src="x" onerror="window.__xss = 1"><script>window.__xss = 2</script>'
  );
}

describe.skipIf(!existsSync(CHROMIUM))('the web explorer in Chromium', () => {
  let model: FakeServer;
  let serve: ServeProcess;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

  /** Serious or critical axe-core violations of the page as it is now. */
  async function axe(label: string): Promise<void> {
    await page.evaluate(`${axeSource};0`);
    const violations = (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((r) =>
      r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')))`)) as string[];
    expect({ label, violations }).toEqual({ label, violations: [] });
  }

  async function shot(name: string): Promise<void> {
    await page.screenshot({ path: path.join(ARTIFACTS, `explorer-${name}.png`), fullPage: true });
  }

  const status = () => page.locator('#status').textContent();

  beforeAll(async () => {
    ensureBuilt();
    mkdirSync(ARTIFACTS, { recursive: true });
    model = await startOpenAICompatibleServer({ reply, deltaDelayMs: 25 });
    const dir = tempDir('cairn-explorer-');
    serve = await startServe(
      [
        '--port',
        '0',
        '--db',
        path.join(dir, 'cairn.db'),
        '--originals',
        path.join(dir, 'originals'),
        '--chat',
        'openai:gpt-4o-mini',
        '--no-cache',
      ],
      {
        CAIRN_API_KEYS: `${WRITE_KEY}:team-a:write,${READ_KEY}:team-a:read`,
        OPENAI_API_KEY: 'test-key',
        OPENAI_BASE_URL: model.baseURL,
      },
    );
    context = await chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), 'cairn-chromium-')), {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
      viewport: { width: 1280, height: 900 },
      // Playwright gives up after 30 s by default (launch, clicks, navigations): a busy machine needs longer.
      timeout: 120_000,
    });
    context.setDefaultTimeout(120_000);
    page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => pageErrors.push(error.message));
  }, 600_000); // ensureBuilt may have to compile dist/ first

  afterAll(async () => {
    await context?.close();
    await serve?.stop();
    await model?.close();
  });

  it('takes a key, opens a collection and uploads by chooser and by drag-and-drop, each file with its status', async () => {
    await page.goto(serve.url);
    await page.getByLabel('API key').fill(WRITE_KEY);
    await page.getByLabel('API key').press('Enter');
    await poll(status).toContain('Key in use');
    expect(await page.evaluate("sessionStorage.getItem('cairn.apiKey')")).toBe(WRITE_KEY);
    expect(page.url()).not.toContain(WRITE_KEY);
    const unlabelled = await page.evaluate(
      "[...document.querySelectorAll('input, select, textarea')].filter((el) => el.labels.length === 0).map((el) => el.id)",
    );
    expect(unlabelled).toEqual([]);
    await shot('intro');

    await page.getByLabel('Open or start a collection').fill('reports');
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await page.getByRole('tab', { name: 'Documents' }).click();
    await poll(() => page.locator('#documents').textContent()).toContain('No documents yet');

    // The chooser: two PDFs and an empty file, which is refused with its reason.
    await page.getByLabel('Files to upload').setInputFiles([
      ...PDFS.map((file) => ({
        name: path.basename(file),
        mimeType: 'application/pdf',
        buffer: readFileSync(file),
      })),
      { name: 'empty.txt', mimeType: 'text/plain', buffer: Buffer.from('') },
    ]);
    const uploads = page.locator('#upload-list li');
    await poll(() => uploads.count()).toBe(3);
    await poll(() => page.locator('#upload-list li[data-status="done"]').count()).toBe(2);
    await poll(() => page.locator('#upload-list li[data-status="failed"]').textContent()).toContain(
      'empty.txt',
    );
    expect(await page.locator('#upload-list li[data-status="failed"]').textContent()).toMatch(
      /Skipped: .*empty/,
    );
    expect(await page.locator('#upload-list li[data-status="done"]').first().textContent()).toMatch(
      /Ingested: \d+ chunk/,
    );

    // Drag and drop: a Markdown file and 26 small notes, dropped at once, with metadata.
    // (Browser code as text: this project type-checks tests without the DOM library.)
    await page.getByLabel('Metadata (JSON, optional)').fill('{"kind":"notes"}');
    await page.evaluate(`
      const transfer = new DataTransfer();
      transfer.items.add(new File([${JSON.stringify(NOTES)}], 'field-notes.md', { type: 'text/markdown' }));
      for (let i = 0; i < 26; i++)
        transfer.items.add(new File(['Note ' + i + ': ridge walk log entry ' + i + '.'], 'log-' + String(i).padStart(2, '0') + '.txt'));
      document.getElementById('drop-zone').dispatchEvent(
        new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }),
      );
    `);
    await poll(() => page.locator('#upload-list li[data-status="done"]').count()).toBe(29);
    await poll(status).toContain('Uploads finished');
    await page.getByLabel('Metadata (JSON, optional)').fill('');
    await shot('uploads');
  });

  it('finds, sorts and pages the documents on the server', async () => {
    await poll(() => page.locator('#documents-range').textContent()).toBe('1–25 of 29 documents');
    await page.getByRole('button', { name: 'Next' }).click();
    await poll(() => page.locator('#documents-range').textContent()).toBe('26–29 of 29 documents');
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous' }).click();
    await poll(() => page.locator('#documents-range').textContent()).toBe('1–25 of 29 documents');

    await page.getByLabel('Find documents').fill('2008');
    await poll(() => page.locator('#documents tr').count()).toBe(1);
    expect(await page.locator('#documents').textContent()).toContain('20080108X00031.pdf');
    await page.getByLabel('Find documents').fill('nothing-like-this');
    await poll(() => page.locator('#documents').textContent()).toContain('No document matches');
    await page.getByLabel('Find documents').fill('');

    await page.getByLabel('Sort by').selectOption('chunks');
    await page.getByLabel('Order').selectOption('desc');
    // Wait for the page of this sort and order: a page of an earlier request (the ascending one,
    // answered before "desc" was chosen) also shows numbers, so a test that waited for any numbers
    // read that page now and then (CI, stop 61).
    await poll(() => page.locator('#documents').getAttribute('aria-busy')).toBe('false');
    const chunkCounts = async () =>
      (await page.locator('#documents tr td:nth-child(4)').allTextContents()).map(Number);
    await poll(async () => (await chunkCounts())[0] ?? 0).toBeGreaterThan(1);
    const counts = await chunkCounts();
    expect(counts).toHaveLength(25);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));

    // Size in bytes, largest first: the two PDFs, in KB, then the notes.
    await page.getByLabel('Sort by').selectOption('size');
    await poll(() => page.locator('#documents').getAttribute('aria-busy')).toBe('false');
    const bytes = (size: string) => {
      const [value = '', unit = ''] = size.split(' ');
      return Number(value) * ({ B: 1, KB: 1024, MB: 1024 ** 2 }[unit] ?? Number.NaN);
    };
    const sizesShown = async () =>
      (await page.locator('#documents tr td:nth-child(2)').allTextContents()).map(bytes);
    await poll(async () => {
      const shown = await sizesShown();
      return shown.length === 25 && shown.every((size, i) => i === 0 || (shown[i - 1] ?? 0) >= size);
    }).toBe(true);
    expect((await page.locator('#documents tr td:nth-child(1)').first().textContent()) ?? '').toMatch(
      /\.pdf|Report|NTSB/i,
    );
    const sizes = await page.locator('#documents tr td:nth-child(2)').allTextContents();
    expect(sizes[0]).toMatch(/^\d+(\.\d)? (KB|MB)$/);
    expect(sizes.at(-1)).toMatch(/^\d+ B$/);

    // A facet from the uploads' metadata filters the listing without any JSON.
    const kind = page.locator('#documents-facets').getByLabel('kind');
    await poll(() => kind.locator('option').allTextContents()).toEqual(['Any', 'notes (27)']);
    await kind.selectOption({ label: 'notes (27)' });
    await poll(() => page.locator('#documents-range').textContent()).toBe('1–25 of 27 documents');
    expect(await page.locator('#documents').textContent()).not.toContain('.pdf');
    await axe('documents');
    await shot('documents');
    await kind.selectOption({ label: 'Any' });
    await poll(() => page.locator('#documents-range').textContent()).toBe('1–25 of 29 documents');
  });

  it('searches with rendered snippets, marked words, and a bad filter reported at the filter', async () => {
    await page.getByRole('tab', { name: 'Search' }).click();
    await page.getByLabel('Mode').selectOption('lexical');
    await page.getByLabel('Query').fill('carabiner rope count');
    await page.getByLabel('Query').press('Enter');
    await poll(() => page.locator('#search-summary').textContent()).toContain('(lexical)');
    const first = page.locator('#search-results li').first();
    expect(await first.locator('table').count()).toBe(1);
    expect(await first.textContent()).not.toContain('|---|');
    const marked = (await first.locator('mark').allTextContents()).map((m) => m.toLowerCase());
    expect(marked).toEqual(expect.arrayContaining(['rope', 'carabiner']));

    await page.getByLabel('Filter (JSON)').fill('{"team": ');
    await page.getByLabel('Query').press('Enter');
    await poll(() => page.locator('#filter-error').textContent()).toContain('The filter is not JSON');
    expect(await page.getByLabel('Filter (JSON)').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#search-results li').count()).toBeGreaterThan(0);
    await page.getByLabel('Filter (JSON)').fill('{"team":{"$nope":1}}');
    await page.getByLabel('Query').press('Enter');
    await poll(() => page.locator('#filter-error').textContent()).toMatch(/\$nope|operator/);
    await page.getByLabel('Filter (JSON)').fill('');
    await page.getByLabel('Query').press('Enter');
    await poll(() => page.locator('#filter-error').textContent()).toBe('');

    // The same facets filter the search: notes only, then the JSON filter wins on its field.
    await page.getByLabel('Query').fill('ridge walk log entry');
    await page.getByLabel('Query').press('Enter');
    await poll(() => page.locator('#search-summary').textContent()).toMatch(/\d+ hits? \(lexical\)/);
    const searchKind = page.locator('#search-facets').getByLabel('kind');
    await searchKind.selectOption({ label: 'notes (27)' });
    await poll(() => page.locator('#search-results').textContent()).toContain('log-');
    await page.getByLabel('Filter (JSON)').fill('{"kind":"other"}');
    await page.getByLabel('Query').press('Enter');
    await poll(() => page.locator('#search-summary').textContent()).toContain('No passage matches');
    await page.getByLabel('Filter (JSON)').fill('');
    await searchKind.selectOption({ label: 'Any' });
    await page.getByLabel('Query').fill('carabiner rope count');
    await page.getByLabel('Query').press('Enter');
    await poll(() => page.locator('#search-results li').first().textContent()).toContain('Carabiner');
    await axe('search');
    await shot('search');

    // A hit opens its document, rendered, with the chunk highlighted where it stands.
    await first.getByRole('button', { name: 'field-notes.md' }).click();
    const viewer = page.getByRole('dialog', { name: /Field Notes|field-notes/ });
    await poll(() => viewer.locator('.document-markdown .evidence').count()).toBeGreaterThan(0);
    expect(await viewer.locator('.document-markdown table').count()).toBe(1);
    expect((await viewer.locator('.evidence').allTextContents()).join(' ')).toContain('Carabiner');
    await shot('viewer-markdown');
    await page.keyboard.press('Escape');
    await poll(() => viewer.isVisible()).toBe(false);
  });

  it('chats: a rendered, sanitised answer streams in with citation chips that open the PDF page highlighted', async () => {
    await page.getByRole('tab', { name: 'Chat' }).click();
    await page.evaluate(`
      window.answerStates = [];
      const conversation = document.getElementById('conversation');
      new MutationObserver(() => window.answerStates.push(conversation.textContent)).observe(conversation, {
        childList: true, subtree: true, characterData: true,
      });
    `);
    await page.getByLabel('Question').fill('What happened to the Cessna 172 near Boquete, Panama?');
    await page.getByLabel('Question').press('Enter');
    await poll(status).toContain('Answered with');
    const answer = page.locator('.turn.assistant .answer').last();
    expect(await answer.locator('strong').first().textContent()).toBe('In short:');
    expect(await answer.locator('table td').allTextContents()).toContain('report');
    expect(await answer.locator('li').count()).toBe(2);
    const text = (await answer.textContent()) ?? '';
    expect(text).not.toContain('|---|');
    expect(text).not.toContain('**');
    expect(text).not.toContain('[7]');
    expect(await page.evaluate('window.__xss')).toBeUndefined();
    expect(await answer.locator('img, script').count()).toBe(0);
    const states = (await page.evaluate('window.answerStates')) as string[];
    expect(new Set(states).size).toBeGreaterThan(5);
    expect(states.some((s) => s.includes('[7]'))).toBe(false);

    // One chip per cited source: title and page; the passage shows on hover and on focus.
    const chip = page.locator('.turn.assistant .chip').last();
    const label = (await chip.textContent()) ?? '';
    expect(label).toMatch(/^Source \d+: 2\d+X\d+\.pdf, pp?\. \d/);
    const pageNumber = Number(/pp?\. (\d+)/.exec(label)![1]);
    expect(pageNumber).toBeGreaterThan(1);
    const popover = page.locator('.turn.assistant .popover').last();
    expect(await popover.isVisible()).toBe(false);
    await chip.hover();
    await poll(() => popover.isVisible()).toBe(true);
    expect((await popover.textContent())?.length).toBeGreaterThan(40);
    await page.mouse.move(0, 0);
    await chip.focus();
    await poll(() => popover.isVisible()).toBe(true);
    await axe('chat');
    await shot('chat');

    // The chip opens the PDF at the cited page, drawn by pdf.js, the passage highlighted.
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog');
    await poll(() => viewer.locator('#viewer-page').textContent()).toMatch(
      new RegExp(`^Page ${pageNumber} of \\d+$`),
    );
    expect(await viewer.locator('.pdf-page canvas').count()).toBe(1);
    await poll(() => viewer.locator('.textLayer span.evidence').count()).toBeGreaterThan(0);
    const drawn = (await page.evaluate(`(() => {
      const canvas = document.querySelector('#viewer .pdf-page canvas');
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i] < 128) dark++;
      return dark;
    })()`)) as number;
    expect(drawn).toBeGreaterThan(1000);
    await axe('viewer-pdf');
    await shot('viewer-pdf');
    await viewer.getByRole('button', { name: 'Previous page' }).click();
    await poll(() => viewer.locator('#viewer-page').textContent()).toMatch(
      new RegExp(`^Page ${pageNumber - 1} of`),
    );
    await page.keyboard.press('Escape');
  });

  it('keeps the conversation: a follow-up goes with the history, and "not found" says where it looked', async () => {
    const before = model.requests.length;
    await page.getByLabel('Question').fill('And what was its registration?');
    await page.getByRole('button', { name: 'Ask' }).click();
    await poll(() => page.locator('.turn.assistant').count()).toBe(2);
    await poll(() => page.locator('.turn.assistant .rewritten').last().textContent()).toContain(
      'Searched for: What was the Cessna 172 registration',
    );
    await poll(() => page.locator('.turn.assistant .chip').count()).toBeGreaterThan(1);
    const rewrite = model.requests
      .slice(before)
      .map((r) => JSON.stringify(r.body))
      .find((body) => body.includes('You rewrite'));
    expect(rewrite).toContain('Cessna 172 near Boquete');

    await page.getByLabel('Question').fill('Which volcano erupted?');
    await page.getByLabel('Question').press('Enter');
    const notFound = page.locator('.turn.assistant').last().locator('.not-found');
    await poll(() => notFound.count()).toBe(1);
    expect(await notFound.textContent()).toMatch(
      /Not found in this collection.*Searched for “.*volcano.*” in reports/s,
    );
    await shot('chat-conversation');

    // Nothing matched: nothing more to say.
    expect(await notFound.locator('.not-found-answer').count()).toBe(0);

    // What a "not found" says beyond its "could not find" sentence is shown, its citation a button.
    await page.getByLabel('Question').fill('Did the Cessna 172 near Boquete strike a glacier?');
    await page.getByLabel('Question').press('Enter');
    await poll(() => page.locator('.turn.assistant').count()).toBe(4);
    const details = page.locator('.turn.assistant').last().locator('.not-found .not-found-answer');
    await poll(() => details.count()).toBe(1);
    expect(await details.textContent()).toContain('None of them mentions a glacier');
    expect(await details.textContent()).not.toContain('could not find');
    expect(await details.locator('button').count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'New conversation' }).click();
    expect(await page.locator('.turn').count()).toBe(0);
  });

  it('re-ingests a document from its kept original, then deletes one only after confirming', async () => {
    await page.getByRole('tab', { name: 'Documents' }).click();
    await page.getByLabel('Find documents').fill('field-notes');
    await poll(() => page.locator('#documents tr').count()).toBe(1);
    await page.getByRole('button', { name: 'Re-ingest field-notes.md' }).click();
    await poll(status).toMatch(/Re-ingested field-notes\.md: \d+ chunk/);
    await poll(() => page.locator('#documents tr').count()).toBe(1);
    await shot('reingested');
    await page.getByRole('button', { name: 'Delete field-notes.md' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await poll(status).toContain('Nothing was deleted');
    await page.getByRole('button', { name: 'Delete field-notes.md' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await poll(status).toContain('Deleted field-notes.md');
    await poll(() => page.locator('#documents').textContent()).toContain('No document matches');
    await page.getByLabel('Find documents').fill('');
  });

  it('shows a refused upload at the drop zone and on the file, with the server’s message', async () => {
    await page.getByLabel('API key').fill(READ_KEY);
    await page.getByLabel('API key').press('Enter');
    await poll(status).toContain('Key in use');
    await page.getByLabel('Files to upload').setInputFiles([
      {
        name: 'refused.md',
        mimeType: 'text/markdown',
        buffer: Buffer.from('# Refused\n\nA read-only key cannot add this.'),
      },
    ]);
    const line = page.locator('#upload-list li').first();
    await poll(() => line.getAttribute('data-status')).toBe('failed');
    expect(await line.textContent()).toMatch(/refused\.md.*Refused \(403\): .*write/s);
    expect(await page.locator('#upload-error').textContent()).toMatch(/^Refused \(403\): .*write/);
    await shot('upload-refused');

    // Re-ingest with the read-only key: the 403 shows beside the button, in its row.
    await page.getByLabel('Find documents').fill('log-01');
    await poll(() => page.locator('#documents tr').count()).toBe(1);
    await page.getByRole('button', { name: 'Re-ingest log-01.txt' }).click();
    await poll(() => page.locator('#documents .row-error').textContent()).toMatch(/Refused \(403\): .*write/);
    await shot('reingest-refused');
    await page.getByLabel('Find documents').fill('');
  });

  it('works at phone width and in dark mode, with nothing wider than the screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await axe('phone-documents');
    let overflow = (await page.evaluate(
      'document.documentElement.scrollWidth - window.innerWidth',
    )) as number;
    expect(overflow).toBeLessThanOrEqual(0);
    await shot('phone-documents');
    await page.getByRole('tab', { name: 'Chat' }).click();
    await page.getByLabel('Question').fill('What happened to the Cessna 172 near Boquete, Panama?');
    await page.getByLabel('Question').press('Enter');
    const lastTurn = page.locator('.turn.assistant').last();
    await poll(() => lastTurn.locator('.chip').count()).toBeGreaterThan(0);
    overflow = (await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')) as number;
    expect(overflow).toBeLessThanOrEqual(0);
    await shot('phone-chat');
    await lastTurn.locator('.chip').first().click();
    await poll(() => page.locator('.textLayer span.evidence').count()).toBeGreaterThan(0);
    await shot('phone-viewer');
    await page.keyboard.press('Escape');

    await page.emulateMedia({ colorScheme: 'dark' });
    await axe('phone-dark-chat');
    await shot('phone-dark-chat');
    await page.setViewportSize({ width: 1280, height: 900 });
    await axe('dark-chat');
    await shot('dark-chat');
    await page.getByRole('tab', { name: 'Search' }).click();
    await shot('dark-search');
    await page.getByRole('tab', { name: 'Documents' }).click();
    await shot('dark-documents');
    expect(pageErrors).toEqual([]);
  });
});
