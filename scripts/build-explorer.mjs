// Builds the web explorer into dist/interfaces/http/explorer/: its TypeScript (a browser project
// of its own, type-checked by `npm run typecheck`) bundled by esbuild with the front-end libraries
// it imports (marked, DOMPurify, pdf.js — loaded on first use, in a chunk of its own), pdf.js's
// worker, and the HTML and CSS. Everything `cairn serve` ships; nothing comes from a CDN.
// `npm run build` runs it after the library build; test/support/ensure-built.ts runs it too.
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'src/interfaces/http/explorer');
const target = path.join(root, 'dist/interfaces/http/explorer');

mkdirSync(target, { recursive: true });
// Chunks of an earlier build (their names carry a content hash) would be served too.
for (const name of readdirSync(target)) if (/^chunk-.*\.js$/.test(name)) rmSync(path.join(target, name));
await build({
  entryPoints: [path.join(source, 'app.ts')],
  outdir: target,
  bundle: true,
  splitting: true,
  format: 'esm',
  target: 'es2022',
  platform: 'browser',
  minify: true,
  legalComments: 'linked',
  chunkNames: 'chunk-[hash]',
  logLevel: 'warning',
});
copyFileSync(
  path.join(root, 'node_modules/pdfjs-dist/build/pdf.worker.min.mjs'),
  path.join(target, 'pdf.worker.js'),
);
for (const file of ['index.html', 'explorer.css'])
  copyFileSync(path.join(source, file), path.join(target, file));
