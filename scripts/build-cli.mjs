// Bundles the built CLI (dist/interfaces/cli/, from tsc) into dist/cli/, the `cairn` command:
// - cairn.cjs: the entry (main.js with command-modules.js, the error codes and the broken-pipe
//   guard), CommonJS, so `cairn --help` starts without Node's ES module loader;
// - one ES module per command module (ingest-command.js, answer-commands.js, …) and
//   config-file.js, which the entry imports when a command runs, with the code they share in
//   chunk-*.js files.
// Unbundled, `cairn search` loads about 120 of cairn's modules one by one (resolving, reading and
// compiling each); bundled, a handful of files (bench/cli-startup.mjs). Packages stay external
// (node_modules is resolved as before) except commander, which the entry holds: resolving it
// through its package.json `exports` and reading its seven files took a tenth of `cairn search`'s
// start-up, and its `node:child_process` (which loads the net, stream and dgram modules) is required
// only when a command runs an executable subcommand, which cairn's never do. The command modules
// use the entry's commander (one instance: `instanceof CommanderError` holds across them).
// The ES modules are minified (whitespace and syntax, names kept, so stack traces still name
// functions): Node reads, decodes and compiles every byte of each chunk `cairn search` imports.
// Every `import.meta.url` in the bundled code is rewritten to the URL its module had in dist/
// (relative to the output folder, so the package can move), so files found beside a module (the
// parse child, the explorer's assets) and `createRequire` resolve as they did unbundled.
// `npm run build` runs it after tsc; test/support/ensure-built.ts runs it when dist/cli is stale.
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

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

/** `import.meta.url` of each bundled module, as its URL in dist/ relative to the output folder. */
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
          `new URL(${JSON.stringify(relative)}, import.meta.url).href`,
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
 * {@link COMMANDER_KEY}); a command module imported without the entry requires the package.
 * Imported as an ES module it would be loaded again through its ES module wrapper, its CommonJS
 * source scanned for exports.
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
        "import { createRequire } from 'node:module';",
        `const commander = globalThis[${COMMANDER_KEY}] ?? createRequire(import.meta.url)('commander');`,
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

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  packages: 'external',
  // package.json says `sideEffects: false` for library users' bundlers; the CLI keeps every import
  // as it runs unbundled.
  ignoreAnnotations: true,
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
};

await build({
  ...common,
  entryPoints: Object.fromEntries(commandEntries.map((name) => [name, path.join(source, `${name}.js`)])),
  outdir,
  format: 'esm',
  splitting: true,
  chunkNames: 'chunk-[hash]',
  plugins: [keepModuleUrls, commanderFromEntry],
});

await build({
  ...common,
  entryPoints: [path.join(source, 'main.js')],
  outfile: path.join(outdir, 'cairn.cjs'),
  format: 'cjs',
  plugins: [
    commanderBundled,
    {
      // The command modules and the configuration file are the ES modules built above, beside it.
      name: 'commands-beside',
      setup(builder) {
        builder.onResolve({ filter: /^\.\/[a-z-]+\.js$/ }, (args) =>
          args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined,
        );
      },
    },
  ],
});
