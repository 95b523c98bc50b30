/**
 * The web explorer driven in real Chromium (Debian's, through playwright-core; no browser is
 * downloaded) against `cairn serve` from the built CLI, with a chat model (a local stand-in for
 * the OpenAI API) that writes its answer a few characters at a time: upload, browse, search, ask
 * with the answer streaming in, open the cited chunk, delete. Screenshots go to test/artifacts/.
 */
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/corpus.js';
import { ensureBuilt } from './support/ensure-built.js';
import { type FakeServer, startOpenAICompatibleServer } from './support/openai-compatible-server.js';
import { type ServeProcess, startServe } from './support/serve-cli.js';

const CHROMIUM = '/usr/bin/chromium';
const ARTIFACTS = path.resolve('test/artifacts');
const KEY = 'explorer-write-key-0001';

/** The first sentence of source 1 in a grounded prompt, cited: what an honest model would answer. */
function citeFirstSource(messages: Array<{ role: string; content: string }>): string {
  const user = messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
  const match = /<<source 1 [^>]+>>\n\[1\][^\n]*\n([\s\S]*?)\n<<end source 1/.exec(user);
  const text = (match?.[1] ?? '').replace(/^#.*$/gm, '').trim();
  const sentence = /[^.!?]+[.!?]/.exec(text)?.[0]?.trim() ?? text;
  return `According to the guide, ${sentence.charAt(0).toLowerCase()}${sentence.slice(1)} [1] [7]`;
}

describe.skipIf(!existsSync(CHROMIUM))('the web explorer in Chromium', () => {
  let model: FakeServer;
  let serve: ServeProcess;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ensureBuilt();
    mkdirSync(ARTIFACTS, { recursive: true });
    model = await startOpenAICompatibleServer({ reply: citeFirstSource, deltaDelayMs: 40 });
    const db = path.join(tempDir('cairn-explorer-'), 'cairn.db');
    serve = await startServe(['--port', '0', '--db', db, '--chat', 'openai:gpt-4o-mini', '--no-cache'], {
      CAIRN_API_KEYS: `${KEY}:team-a:write`,
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: model.baseURL,
    });
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
    });
    page = context.pages()[0] ?? (await context.newPage());
  });

  afterAll(async () => {
    await context?.close();
    await serve?.stop();
    await model?.close();
  });

  it('uploads, browses, searches, streams an answer, opens a citation and deletes, by labelled controls', async () => {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(serve.url);
    await expect.poll(() => page.locator('#status').textContent()).toContain('API key');

    // The key: typed once, kept in this tab's session storage, never in the URL.
    await page.getByLabel('API key').fill(KEY);
    await page.getByLabel('API key').press('Enter');
    await expect.poll(() => page.locator('#status').textContent()).toContain('Key in use');
    expect(await page.evaluate("sessionStorage.getItem('cairn.apiKey')")).toBe(KEY);
    expect(page.url()).not.toContain(KEY);

    // Every control has a label.
    const unlabelled = await page.evaluate(
      "[...document.querySelectorAll('input, select, textarea')].filter((el) => el.labels.length === 0).map((el) => el.id)",
    );
    expect(unlabelled).toEqual([]);

    // Upload into a new collection, with progress and a report.
    await page.getByLabel('Open or start a collection').fill('handbook');
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await expect.poll(() => page.locator('#documents').textContent()).toContain('No documents yet');
    await page.getByLabel('Files').setInputFiles([
      {
        name: 'keys.md',
        mimeType: 'text/markdown',
        buffer: Buffer.from(
          '# Key Handbook\n\n## Rotation\n\nSigning keys are rotated every ninety days with the vault tool.\n\n' +
            '## Storage\n\nKeys are stored in the hardware security module, never on laptops.\n',
        ),
      },
      {
        name: 'marmots.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Marmots hibernate in burrows under granite boulders from October to April.'),
      },
    ]);
    await page.getByLabel('Metadata (JSON, optional)').fill('{"team":"security"}');
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect.poll(() => page.locator('#upload-report').textContent()).toContain('keys.md: ingested');
    expect(await page.locator('#upload-report').textContent()).toContain('marmots.txt: ingested');
    expect(await page.evaluate("document.getElementById('upload-progress').value")).toBe(1);

    // Browse: the documents table, then a document's record, chunks and Markdown.
    const rows = page.locator('#documents tr');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await page.locator('#documents').textContent()).toContain('{"team":"security"}');
    await page.getByRole('button', { name: 'keys.md' }).click();
    await expect.poll(() => page.locator('#document-title').textContent()).toContain('Key Handbook');
    expect(await page.locator('#document-chunks').textContent()).toContain('Key Handbook › Rotation');
    expect(await page.locator('#document-markdown').textContent()).toContain('hardware security module');
    await page.getByRole('button', { name: 'Back to the collection' }).first().click();

    // Search with mode and top-k, from the keyboard: the matched words are marked.
    await page.getByLabel('Mode').selectOption('lexical');
    await page.getByLabel('Top-k').fill('5');
    await page.getByLabel('Query').fill('rotating signing keys');
    await page.getByLabel('Query').press('Enter');
    await expect.poll(() => page.locator('#search-summary').textContent()).toContain('(lexical)');
    const marked = await page.locator('#search-results mark').allTextContents();
    expect(marked.map((m) => m.toLowerCase())).toEqual(
      expect.arrayContaining(['rotated', 'signing', 'keys']),
    );
    // A filter narrows the hits: nothing carries team "ops".
    await page.getByLabel('Filter (JSON)').fill('{"team":"ops"}');
    await page.getByLabel('Query').press('Enter');
    await expect.poll(() => page.locator('#search-summary').textContent()).toContain('0 hits');
    await page.getByLabel('Filter (JSON)').fill('');

    // Ask: the answer arrives in pieces (recorded as it changes), the invalid [7] never shows.
    await page.evaluate(`
      window.answerStates = [];
      const answer = document.getElementById('answer');
      new MutationObserver(() => window.answerStates.push(answer.textContent)).observe(answer, {
        childList: true, subtree: true, characterData: true,
      });
    `);
    await page.getByLabel('Question').fill('How often are signing keys rotated?');
    await page.getByRole('button', { name: 'Ask' }).click();
    await expect
      .poll(() => page.locator('#status').textContent(), { timeout: 20_000 })
      .toContain('Answered with');
    const answer = (await page.locator('#answer').textContent()) ?? '';
    expect(answer).toContain('signing keys are rotated every ninety days');
    expect(answer).not.toContain('[7]');
    const states = (await page.evaluate('window.answerStates')) as string[];
    const partial = new Set(states.filter((s) => s !== '' && s.length < answer.length));
    expect(partial.size).toBeGreaterThan(3);
    expect(states.some((s) => s.includes('[7]'))).toBe(false);
    expect(await page.locator('#answer-sources li').count()).toBeGreaterThan(0);
    await page.screenshot({ path: path.join(ARTIFACTS, 'explorer-answer.png'), fullPage: true });

    // The citation opens the cited chunk, and from there its document.
    await page.getByRole('button', { name: /^Source 1: keys\.md/ }).click();
    await expect.poll(() => page.locator('#chunk-title').textContent()).toContain('Rotation');
    expect(await page.locator('#chunk-text').textContent()).toContain('rotated every ninety days');
    await page.getByRole('button', { name: 'Open the document' }).click();
    await expect.poll(() => page.locator('#document-chunks li.focused').count()).toBe(1);

    // Delete, after confirming (cancelling first deletes nothing).
    await page.getByRole('button', { name: 'Delete this document' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.locator('#status').textContent()).toContain('Nothing was deleted');
    await page.getByRole('button', { name: 'Delete this document' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.locator('#status').textContent()).toContain('Deleted keys.md');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await page.locator('#documents').textContent()).not.toContain('keys.md');

    // Readable on a narrow screen: nothing wider than the viewport.
    await page.setViewportSize({ width: 375, height: 800 });
    const overflow = (await page.evaluate(
      'document.documentElement.scrollWidth - window.innerWidth',
    )) as number;
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(ARTIFACTS, 'explorer-narrow.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
  });
});
