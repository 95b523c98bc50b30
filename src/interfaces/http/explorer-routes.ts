/**
 * `GET /`: the web explorer, a static page with its script and style sheet, served from the
 * package's own built files (no CDN). The page asks for an API key once and keeps it in
 * `sessionStorage`; the assets themselves need no key. A strict Content-Security-Policy allows
 * only the server's own scripts (and pdf.js's worker), styles and API.
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context } from 'hono';
import { NotFoundError } from '../../core/errors.js';
import { errorResponse } from './http-errors.js';
import type { RouteContext } from './route-context.js';
import type { ServerEnv } from './server-env.js';

/** Where the built explorer is: `explorer/` beside this module (in `dist/`, what `npm run build` writes). */
export function defaultExplorerDir(): string {
  return fileURLToPath(new URL('./explorer/', import.meta.url));
}

const TYPES: Readonly<Record<string, string>> = Object.freeze({
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
});

const PAGE_HEADERS = Object.freeze({
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; worker-src 'self'; style-src 'self'; img-src 'self' data: blob:; " +
    "font-src 'self' data:; connect-src 'self'; " +
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-cache',
});

/** The servable files of `dir` (HTML, CSS, JavaScript, SVG; no sources or maps), by name. */
function loadAssets(dir: string): Map<string, { body: Buffer; type: string }> {
  const assets = new Map<string, { body: Buffer; type: string }>();
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return assets;
  }
  for (const name of names) {
    const type = TYPES[path.extname(name)];
    if (type && !name.endsWith('.d.ts')) assets.set(name, { body: readFileSync(path.join(dir, name)), type });
  }
  return assets;
}

/** Adds `/` and `/explorer/{file}`. */
export function registerExplorerRoutes({ app }: RouteContext, dir: string): void {
  let assets: Map<string, { body: Buffer; type: string }> | undefined;
  const serve = (c: Context<ServerEnv>, name: string): Response => {
    assets ??= loadAssets(dir);
    const asset = assets.get(name);
    if (!asset) {
      return errorResponse(
        c,
        new NotFoundError(
          assets.has('index.html')
            ? `no explorer file ${JSON.stringify(name)}`
            : 'the explorer is not built: run npm run build',
        ),
      );
    }
    return c.body(new Uint8Array(asset.body), 200, { 'Content-Type': asset.type, ...PAGE_HEADERS });
  };
  app.get('/', (c) => serve(c, 'index.html'));
  app.get('/explorer/:file', (c) => serve(c, c.req.param('file')));
}
