// Framework peers, tested as a user installs them: `npm pack` this repository (build first:
// `npm run build`), install the tarball into a scratch app beside each supported major of a
// framework (from the npm registry), and run a check script there (and, where given, type-check a
// TypeScript file against the installed types). Optional peers the app does
// not install must stay optional (the check imports cairn without them).
//
// The LangChain and LlamaIndex checks store on SQLite files, so their apps need better-sqlite3's
// native binding, which the --ignore-scripts install leaves unbuilt: the repository's own build is
// copied in when the app resolved the same better-sqlite3 version (what npm would build), else
// `npm rebuild better-sqlite3` builds it there.
//
// Scratch apps are kept outside the repository (whose node_modules Node would otherwise find by
// walking up) in ~/.cache/cairn-peer-matrix/<name> (or CAIRN_PEER_MATRIX_DIR), so a second run
// reinstalls only the tarball. npm revalidates the registry metadata on each run (no
// --prefer-offline), so each entry gets the newest release of its major, as a fresh install does.
//
//   node scripts/peer-matrix.mjs [--only ai@7]
//
// For 0.x frameworks each minor is a major (npm's ^0.6.0 stops before 0.7.0).
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

/** Each app: the packages a user installs beside cairn, and the check to run in it. */
const MATRIX = [
  // The root export with no optional peer at all (no @opentelemetry/api: ai 6 brings one).
  { name: 'bare', install: [], check: 'bare-check.mjs', types: 'bare-types.ts' },
  { name: 'ai@6', install: ['ai@^6', 'zod@^4'], check: 'ai-sdk-check.mjs' },
  { name: 'ai@7', install: ['ai@^7', 'zod@^4'], check: 'ai-sdk-check.mjs' },
  // LangChain.js: @langchain/core 1.x (current) and 0.3 (the last of the 0.x line before 1.0).
  {
    name: 'langchain@0.3',
    install: ['@langchain/core@~0.3'],
    check: 'langchain-check.mjs',
    types: 'langchain-types.ts',
    sqlite: true,
  },
  {
    name: 'langchain@1',
    install: ['@langchain/core@^1'],
    check: 'langchain-check.mjs',
    types: 'langchain-types.ts',
    sqlite: true,
  },
  // LlamaIndex.TS: @llamaindex/core 0.6 (current) and 0.5.
  {
    name: 'llamaindex@0.5',
    install: ['@llamaindex/core@~0.5'],
    check: 'llamaindex-check.mjs',
    types: 'llamaindex-types.ts',
    sqlite: true,
  },
  {
    name: 'llamaindex@0.6',
    install: ['@llamaindex/core@~0.6'],
    check: 'llamaindex-check.mjs',
    types: 'llamaindex-types.ts',
    sqlite: true,
  },
];

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const cacheDir =
  process.env.CAIRN_PEER_MATRIX_DIR ??
  path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache'), 'cairn-peer-matrix');
/** The environment of a fresh shell: no install switches inherited from this one. */
const env = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !/^(npm_|ONNXRUNTIME_)/i.test(key)),
);
const npm = (args, cwd) =>
  execFileSync('npm', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const { devDependencies } = readJson(path.join(root, 'package.json'));
/** A TypeScript user's strict Node project (with @types/node): cairn's shipped types checked too. */
const typesConfig = {
  compilerOptions: {
    target: 'es2022',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    strict: true,
    skipLibCheck: false,
    noEmit: true,
    types: ['node'],
  },
  files: ['types-check.ts'],
};

/** Gives the app's better-sqlite3 its native binding (see the header). */
function ensureSqliteBinding(app) {
  const loads = () => {
    try {
      execFileSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], {
        cwd: app,
        env,
        stdio: 'ignore',
      });
      return true;
    } catch {
      return false;
    }
  };
  if (loads()) return;
  const binding = path.join('build', 'Release', 'better_sqlite3.node');
  const ours = path.join(root, 'node_modules', 'better-sqlite3');
  const theirs = path.join(app, 'node_modules', 'better-sqlite3');
  const version = (dir) => readJson(path.join(dir, 'package.json')).version;
  if (existsSync(path.join(ours, binding)) && version(ours) === version(theirs)) {
    mkdirSync(path.dirname(path.join(theirs, binding)), { recursive: true });
    copyFileSync(path.join(ours, binding), path.join(theirs, binding));
  } else {
    console.log(`peer-matrix: building better-sqlite3 ${version(theirs)} in ${app}`);
    npm(['rebuild', 'better-sqlite3'], app);
  }
  if (!loads()) throw new Error(`peer-matrix: better-sqlite3 does not load in ${app}`);
}

if (!existsSync(path.join(root, 'dist', 'index.js'))) {
  console.error('peer-matrix: no dist/ — run npm run build first');
  process.exit(2);
}
const packDir = mkdtempSync(path.join(tmpdir(), 'cairn-pack-'));
const failures = [];
try {
  const packed = JSON.parse(npm(['pack', '--json', '--pack-destination', packDir], root))[0];
  const tarball = path.join(packDir, packed.filename);
  for (const entry of MATRIX) {
    if (values.only && values.only !== entry.name) continue;
    const app = path.join(cacheDir, entry.name.replace(/[^\w.-]/g, '_'));
    mkdirSync(app, { recursive: true });
    writeFileSync(
      path.join(app, 'package.json'),
      `${JSON.stringify({ name: 'peer-app', private: true, type: 'module' }, null, 2)}\n`,
    );
    // The tarball under a fixed name, so package-lock.json stays valid from run to run.
    copyFileSync(tarball, path.join(app, 'cairn.tgz'));
    console.log(`peer-matrix: installing cairn + ${entry.install.join(' ')} in ${app}`);
    // --ignore-scripts: no install script runs (better-sqlite3's binding: see ensureSqliteBinding);
    // bench/install-size.mjs covers a full install. An install that fails (ERESOLVE: the peer range
    // excludes that major) fails the entry; npm's message is above.
    try {
      npm(
        [
          'install',
          '--no-audit',
          '--no-fund',
          '--ignore-scripts',
          './cairn.tgz',
          ...entry.install,
          ...(entry.types
            ? [`typescript@${devDependencies.typescript}`, `@types/node@${devDependencies['@types/node']}`]
            : []),
        ],
        app,
      );
      if (entry.sqlite) ensureSqliteBinding(app);
    } catch (error) {
      console.error(`peer-matrix: ${entry.name}: install failed: ${error.message.split('\n')[0]}`);
      failures.push(entry.name);
      continue;
    }
    const installed = entry.install.map((spec) => {
      const name = spec.slice(0, spec.lastIndexOf('@'));
      return `${name}@${readJson(path.join(app, 'node_modules', name, 'package.json')).version}`;
    });
    console.log(`peer-matrix: ${entry.name}: installed ${installed.join(' ') || 'cairn alone'}`);
    copyFileSync(path.join(root, 'scripts', 'peer-matrix', entry.check), path.join(app, 'check.mjs'));
    try {
      execFileSync(process.execPath, ['check.mjs'], { cwd: app, env, stdio: 'inherit' });
      if (entry.types) {
        copyFileSync(
          path.join(root, 'scripts', 'peer-matrix', entry.types),
          path.join(app, 'types-check.ts'),
        );
        writeFileSync(path.join(app, 'tsconfig.json'), `${JSON.stringify(typesConfig, null, 2)}\n`);
        execFileSync(process.execPath, [path.join('node_modules', 'typescript', 'bin', 'tsc'), '-p', '.'], {
          cwd: app,
          env,
          stdio: 'inherit',
        });
        console.log(`ok  ${entry.name}  ${entry.types} type-checks (strict, skipLibCheck: false)`);
      }
    } catch {
      failures.push(entry.name);
    }
  }
} finally {
  rmSync(packDir, { recursive: true, force: true });
}
if (failures.length > 0) {
  console.error(`peer-matrix: failed: ${failures.join(', ')}`);
  process.exit(1);
}
console.log('peer-matrix: all passed');
