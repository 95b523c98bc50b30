// Builds the web explorer into dist/interfaces/http/explorer/: its TypeScript is a browser
// project of its own (DOM types, no Node types), compiled by tsc; its HTML and CSS are copied.
// `npm run build` runs it after the library build; test/support/ensure-built.ts runs it too.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'src/interfaces/http/explorer');
const target = path.join(root, 'dist/interfaces/http/explorer');

execFileSync(
  process.execPath,
  [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', path.join(source, 'tsconfig.json')],
  {
    stdio: 'inherit',
  },
);
mkdirSync(target, { recursive: true });
for (const file of ['index.html', 'explorer.css'])
  copyFileSync(path.join(source, file), path.join(target, file));
