/**
 * The benchmark and maintenance scripts import the built package (`../dist/…`). When the library
 * surface moves a name to a subpath export, a script that still imports it from the root fails
 * only when someone runs it ("does not provide an export named evaluateDocuments"). This reads
 * every named import of `../dist/` in `bench/` and `scripts/` and checks that the built module
 * exports it. Needs `npm run build` first, as `npm test` does.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

interface NamedImport {
  script: string;
  module: string;
  name: string;
}

function namedImports(folder: string): NamedImport[] {
  const found: NamedImport[] = [];
  for (const file of readdirSync(path.join(root, folder)).filter((name) => name.endsWith('.mjs'))) {
    const script = path.join(folder, file);
    const source = readFileSync(path.join(root, script), 'utf8');
    for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'(\.\.\/dist\/[^']+)'/g)) {
      const module = path.resolve(root, folder, match[2]!);
      for (const part of match[1]!.split(',')) {
        const name = part
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)[0]!
          .trim();
        if (name) found.push({ script, module, name });
      }
    }
  }
  return found;
}

const imports = [...namedImports('bench'), ...namedImports('scripts')];

describe('scripts that import the built package', () => {
  it.runIf(existsSync(path.join(root, 'dist', 'index.js')))(
    'import only names the built modules export',
    async () => {
      expect(imports.length).toBeGreaterThan(20);
      const missing: string[] = [];
      for (const { script, module, name } of imports) {
        const exported = (await import(pathToFileURL(module).href)) as Record<string, unknown>;
        if (!(name in exported))
          missing.push(`${script}: ${path.relative(root, module)} has no export ${name}`);
      }
      expect(missing).toEqual([]);
    },
  );
});
