// Module hooks for ts-hooks.mjs: resolve `.js` specifiers to `.ts` sources, and transpile them.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const cacheDir = path.resolve(
  fileURLToPath(new URL('../../../node_modules/.cache/cairn-ts', import.meta.url)),
);
let typescript;

export async function resolve(specifier, context, next) {
  const relative = specifier.startsWith('./') || specifier.startsWith('../');
  if (relative && specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
    const url = new URL(`${specifier.slice(0, -3)}.ts`, context.parentURL);
    if (existsSync(fileURLToPath(url))) return { url: url.href, format: 'module', shortCircuit: true };
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return next(url, context);
  const file = fileURLToPath(url);
  const source = readFileSync(file, 'utf8');
  const key = createHash('sha256').update(file).update('\0').update(source).digest('hex');
  const cached = path.join(cacheDir, `${key}.js`);
  if (existsSync(cached))
    return { format: 'module', source: readFileSync(cached, 'utf8'), shortCircuit: true };
  typescript ??= (await import('typescript')).default;
  const { outputText } = typescript.transpileModule(source, {
    fileName: file,
    compilerOptions: {
      module: typescript.ModuleKind.ESNext,
      target: typescript.ScriptTarget.ES2022,
      verbatimModuleSyntax: true,
      sourceMap: false,
    },
  });
  try {
    // Written aside and renamed: parsing processes of parallel test files share the cache.
    mkdirSync(cacheDir, { recursive: true });
    const temporary = `${cached}.${process.pid}.tmp`;
    writeFileSync(temporary, outputText);
    renameSync(temporary, cached);
  } catch {
    // a read-only tree still runs, transpiling every time
  }
  return { format: 'module', source: outputText, shortCircuit: true };
}
