// Bundles the built CLI (dist/interfaces/cli/, from tsc) into dist/cli/, the `cairn` command:
// - cairn.cjs: the entry (main.js with command-modules.js, the error codes and the broken-pipe
//   guard), so `cairn --help` starts without Node's ES module loader;
// - one module per command module (ingest-command.cjs, answer-commands.cjs, …) and
//   config-file.cjs, which the entry requires when a command runs, with the code they share in
//   chunk-*.cjs files.
// Unbundled, `cairn search` loads about 120 of cairn's modules one by one (resolving, reading and
// compiling each); bundled, a few dozen files (bench/cli-startup.mjs). Packages stay external
// (node_modules is resolved as before) except commander, which the entry holds: resolving it
// through its package.json `exports` and reading its seven files took a tenth of `cairn search`'s
// start-up, and its `node:child_process` (which loads the net, stream and dgram modules) is required
// only when a command runs an executable subcommand, which cairn's never do. The command modules
// use the entry's commander (one instance: `instanceof CommanderError` holds across them).
// Every file is CommonJS: esbuild splits the command modules into ES module chunks, and each chunk
// is then rewritten as CommonJS (esbuild's transform), its imports of other chunks `require`d.
// Node's ES module loader reads each file asynchronously (open, stat, read, close on the thread
// pool, a turn of the event loop each) and links the graph before running it; `require` reads a
// file synchronously and runs it, which took a tenth off `cairn search`'s start-up on a busy
// machine (bench/results/cli-startup.json). Packages a command imports statically stay external
// and are `require`d; the few that publish only an ES module (a `require` of which fails before
// Node 20.19) are bundled in instead. `import()` of a package stays an `import()`.
// The chunks are minified (whitespace and syntax, names kept, so stack traces still name
// functions): Node reads and compiles every byte of each chunk `cairn search` loads.
// Every `import.meta.url` in the bundled code is rewritten to the URL its module had in dist/
// (relative to the output file, so the package can move), so files found beside a module (the
// parse child, the explorer's assets) and `createRequire` resolve as they did unbundled.
// `npm run build` runs it after tsc; test/support/ensure-built.ts runs it when dist/cli is stale.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transform } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'dist/interfaces/cli');
const outdir = path.join(root, 'dist/cli');
rmSync(outdir, { recursive: true, force: true });

// What the entry imports when a command runs (command-modules.ts and main.ts's `import()`s).
const commandEntries = [
  'ingest-command',
  'answer-commands',
  'chat-command',
  'eval-command',
  'manage-commands',
  'doctor-command',
  'mcp-command',
  'migrate-command',
  'serve-command',
  'config-file',
];

/** The URL of the CommonJS file a name is used in (set at its top by {@link writeCommonJs}). */
const FILE_URL = '__cairnFileUrl';
/** The `require` of the CommonJS file a name is used in (set at its top by {@link writeCommonJs}). */
const REQUIRE = '__cairnRequire';

/**
 * `import.meta.url` of each bundled module, as its URL in dist/ relative to the output folder
 * (every output file lies in it), found from the URL of the file it ends up in ({@link FILE_URL}).
 */
const keepModuleUrls = {
  name: 'keep-module-urls',
  setup(builder) {
    builder.onLoad({ filter: /\.js$/ }, (args) => {
      const code = readFileSync(args.path, 'utf8');
      if (!code.includes('import.meta.url')) return undefined;
      const relative = path.relative(outdir, args.path).split(path.sep).join('/');
      return {
        contents: code.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(relative)}, ${FILE_URL}).href`,
        ),
        loader: 'js',
      };
    });
  },
};

/** Where the entry leaves the commander it bundles for the command modules (`globalThis`). */
const COMMANDER_KEY = 'Symbol.for("cairn.cli.commander")';

/**
 * commander in the command modules is the instance the entry bundles (left on `globalThis` under
 * {@link COMMANDER_KEY}); a command module loaded without the entry requires the package.
 */
const commanderFromEntry = {
  name: 'commander-from-entry',
  setup(builder) {
    builder.onResolve({ filter: /^commander$/ }, () => ({
      path: 'commander',
      namespace: 'commander-from-entry',
    }));
    builder.onLoad({ filter: /.*/, namespace: 'commander-from-entry' }, () => ({
      contents: [
        `const commander = globalThis[${COMMANDER_KEY}] ?? ${REQUIRE}('commander');`,
        'export const { Command, CommanderError, InvalidArgumentError, Option } = commander;',
      ].join('\n'),
      loader: 'js',
      resolveDir: outdir,
    }));
  },
};

/**
 * commander bundled into the entry, its `node:child_process` required when first used (commander
 * spawns a process only for executable subcommands), and left for the command modules on
 * `globalThis` (see commanderFromEntry).
 */
const commanderBundled = {
  name: 'commander-bundled',
  setup(builder) {
    const main = createRequire(path.join(source, 'main.js')).resolve('commander');
    builder.onResolve({ filter: /^commander$/ }, () => ({ path: main }));
    builder.onLoad({ filter: /[/\\]commander[/\\]index\.js$/ }, (args) =>
      args.path === main
        ? {
            contents: `${readFileSync(main, 'utf8')}\nglobalThis[${COMMANDER_KEY}] = module.exports;\n`,
            loader: 'js',
          }
        : undefined,
    );
    builder.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      /[/\\]node_modules[/\\]commander[/\\]/.test(args.importer)
        ? { path: 'child_process', namespace: 'child-process-on-use' }
        : undefined,
    );
    builder.onLoad({ filter: /.*/, namespace: 'child-process-on-use' }, () => ({
      contents: "module.exports = new Proxy({}, { get: (_, name) => require('node:child_process')[name] });",
      loader: 'js',
    }));
  },
};

/** Whether `file` is an ES module to Node: `.mjs`, or `.js` under a package.json saying `"type": "module"`. */
function isEsModuleFile(file) {
  if (file.endsWith('.mjs')) return true;
  if (!file.endsWith('.js')) return false;
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    let text;
    try {
      text = readFileSync(manifest, 'utf8');
    } catch {
      continue;
    }
    return JSON.parse(text).type === 'module';
  }
  return false;
}

/**
 * Packages a command imports statically stay external (required from node_modules at run time),
 * except those with no CommonJS entry for the imported path (`require` resolves none, or resolves an
 * ES module): a `require` of those fails before Node 20.19, so they are bundled in. `import()` of a
 * package stays external: Node's ES module loader loads it when the command gets there.
 */
const packagesRequired = {
  name: 'packages-required',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (isBuiltin(args.path) || args.path === 'commander') return undefined;
      if (args.kind !== 'import-statement') return { path: args.path, external: true };
      let resolved;
      try {
        resolved = createRequire(args.importer).resolve(args.path);
      } catch {
        return undefined;
      }
      return isEsModuleFile(resolved) ? undefined : { path: args.path, external: true };
    });
  },
};

/** `import()` of a bundled file (`./name.cjs`, beside the importer) as a `require` on the next turn. */
const requireBeside = (code) =>
  code.replace(/\bimport\("(\.\/[\w-]+\.cjs)"\)/g, `Promise.resolve().then(()=>${REQUIRE}("$1"))`);

const minify = { minifyWhitespace: true, minifySyntax: true };

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  // package.json says `sideEffects: false` for library users' bundlers; the CLI keeps every import
  // as it runs unbundled.
  ignoreAnnotations: true,
  ...minify,
  logLevel: 'warning',
  write: false,
};

/** Writes an output file of esbuild as CommonJS (`format` says what esbuild wrote it as). */
async function writeCommonJs(file, format) {
  let code = file.text;
  if (format === 'esm') {
    code = (
      await transform(code, {
        format: 'cjs',
        platform: 'node',
        target: 'node20',
        ...minify,
        logLevel: 'warning',
      })
    ).code;
  }
  code = requireBeside(code);
  if (code.includes('import.meta')) throw new Error(`${file.path}: import.meta is left in CommonJS output`);
  // The names the bundled code uses for its file's `require` and URL, bound where nothing shadows them.
  const head = [
    code.includes(REQUIRE) && `${REQUIRE}=require`,
    code.includes(FILE_URL) && `${FILE_URL}=require("node:url").pathToFileURL(__filename).href`,
  ].filter(Boolean);
  if (head.length > 0) {
    // After the shebang and the "use strict" directive, which must come first.
    const prologue = /^(#!.*\n)?("use strict";)?/.exec(code)[0];
    code = `${prologue}var ${head.join(',')};${code.slice(prologue.length)}`;
  }
  writeFileSync(file.path, code, { mode: file.path.endsWith('cairn.cjs') ? 0o755 : 0o644 });
}

mkdirSync(outdir, { recursive: true });

const commands = await build({
  ...common,
  entryPoints: Object.fromEntries(commandEntries.map((name) => [name, path.join(source, `${name}.js`)])),
  outdir,
  outExtension: { '.js': '.cjs' },
  format: 'esm',
  splitting: true,
  chunkNames: 'chunk-[hash]',
  plugins: [keepModuleUrls, commanderFromEntry, packagesRequired],
});
for (const file of commands.outputFiles) await writeCommonJs(file, 'esm');

const entry = await build({
  ...common,
  packages: 'external',
  entryPoints: [path.join(source, 'main.js')],
  outfile: path.join(outdir, 'cairn.cjs'),
  format: 'cjs',
  plugins: [
    commanderBundled,
    {
      // The command modules and the configuration file are the CommonJS files built above, beside it.
      name: 'commands-beside',
      setup(builder) {
        builder.onResolve({ filter: /^\.\/[a-z-]+\.js$/ }, (args) =>
          args.kind === 'dynamic-import'
            ? { path: args.path.replace(/\.js$/, '.cjs'), external: true }
            : undefined,
        );
      },
    },
  ],
});
for (const file of entry.outputFiles) await writeCommonJs(file, 'cjs');
