/**
 * The evidence viewer on a real filing: a 10-Q from ../shared/data/sec-10-q uploaded through the
 * explorer (the server keeps the original), a question answered offline by the extractive
 * answerer, and its first citation opened — the filing drawn by pdf.js at the cited page with the
 * cited passage highlighted in the text layer. Skipped with a reason when Chromium or the data set
 * is absent. Screenshot: test/artifacts/explorer-sec-citation.png.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/corpus.js';
import { ensureBuilt } from './support/ensure-built.js';
import { type ServeProcess, startServe } from './support/serve-cli.js';

const CHROMIUM = '/usr/bin/chromium';
const FILING = path.resolve('../shared/data/sec-10-q/2023 Q1 AAPL.pdf');
const KEY = 'explorer-sec-key-000001';

describe.skipIf(!existsSync(CHROMIUM) || !existsSync(FILING))(
  'a citation in an SEC filing (needs Chromium and ../shared/data/sec-10-q)',
  () => {
    let serve: ServeProcess;
    let context: BrowserContext;

    beforeAll(async () => {
      ensureBuilt();
      const dir = tempDir('cairn-explorer-sec-');
      serve = await startServe(
        [
          '--port',
          '0',
          '--db',
          path.join(dir, 'cairn.db'),
          '--originals',
          path.join(dir, 'originals'),
          '--no-cache',
        ],
        { CAIRN_API_KEYS: `${KEY}:sec:write` },
      );
      context = await chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), 'cairn-chromium-')), {
        executablePath: CHROMIUM,
        headless: true,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--no-first-run',
          '--disable-background-networking',
        ],
        viewport: { width: 1280, height: 900 },
        // Playwright gives up after 30 s by default (launch, clicks, navigations): a busy machine needs longer.
        timeout: 120_000,
      });
      context.setDefaultTimeout(120_000);
    }, 600_000); // ensureBuilt may have to compile dist/ first

    afterAll(async () => {
      await context?.close();
      await serve?.stop();
    });

    it('opens the filing at the cited page with the passage highlighted', async () => {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(serve.url);
      await page.getByLabel('API key').fill(KEY);
      await page.getByLabel('API key').press('Enter');
      await page.getByLabel('Open or start a collection').fill('filings');
      await page.getByRole('button', { name: 'Open', exact: true }).click();
      await page.getByRole('tab', { name: 'Documents' }).click();
      await page
        .getByLabel('Files to upload')
        .setInputFiles([
          { name: path.basename(FILING), mimeType: 'application/pdf', buffer: readFileSync(FILING) },
        ]);
      await expect
        .poll(() => page.locator('#upload-list li').first().getAttribute('data-status'), { timeout: 240_000 })
        .toBe('done');

      await page.getByRole('tab', { name: 'Chat' }).click();
      await page
        .getByLabel('Question')
        .fill('What were the total net sales for the three months ended December 31, 2022?');
      await page.getByLabel('Question').press('Enter');
      const chip = page.locator('.turn.assistant .chip').first();
      await expect.poll(() => chip.count(), { timeout: 120_000 }).toBe(1);
      const label = (await chip.textContent()) ?? '';
      const cited = Number(/pp?\. (\d+)/.exec(label)![1]);
      await chip.click();
      const viewer = page.getByRole('dialog');
      await expect
        .poll(() => viewer.locator('#viewer-page').textContent(), { timeout: 120_000 })
        .toMatch(new RegExp(`^Page ${cited} of \\d+$`));
      await expect
        .poll(() => viewer.locator('.textLayer span.evidence').count(), { timeout: 120_000 })
        .toBeGreaterThan(2);
      mkdirSync('test/artifacts', { recursive: true });
      await page.screenshot({ path: 'test/artifacts/explorer-sec-citation.png' });
    }, 600_000);
  },
);
