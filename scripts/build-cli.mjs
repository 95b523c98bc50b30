// Bundles the built CLI (dist/interfaces/cli/, from tsc) into dist/cli/, the `cairn` command:
// - cairn.cjs: the entry (main.js with command-modules.js, the error codes and the broken-pipe
//   guard), CommonJS, so `cairn --help` starts without Node's ES module loader;
// - one ES module per command module (ingest-command.js, answer-commands.js, …) and
//   config-file.js, which the entry imports when a command runs, with the code they share in
//   chunk-*.js files.
// Unbundled, `cairn search` loads about 120 of cairn's modules one by one (resolving, reading and
// compiling each); bundled, a handful of files (bench/cli-startup.mjs). Packages stay external:
// node_modules is resolved as before, and a package loaded by both the entry and a command (commander)
// is one instance.
// Every `import.meta.url` in the bundled code is rewritten to the URL its module had in dist/
// (relative to the output folder, so the package can move), so files found beside a module (the
// parse child, the explorer's assets) and `createRequire` resolve as they did unbundled.
// `npm run build` runs it after tsc; test/support/ensure-built.ts runs it when dist/cli is stale.
import { readFileSync, rmSync } from 'node:fs';
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

/**
 * commander in the command modules is the instance the entry required: imported as an ES module
 * it would be loaded again through its ES module wrapper, its CommonJS source scanned for exports.
 */
const commanderRequired = {
  name: 'commander-required',
  setup(builder) {
    builder.onResolve({ filter: /^commander$/ }, () => ({
      path: 'commander',
      namespace: 'commander-required',
    }));
    builder.onLoad({ filter: /.*/, namespace: 'commander-required' }, () => ({
      contents: [
        "import { createRequire } from 'node:module';",
        "const commander = createRequire(import.meta.url)('commander');",
        'export const { Command, CommanderError, InvalidArgumentError, Option } = commander;',
      ].join('\n'),
      loader: 'js',
      resolveDir: outdir,
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
  logLevel: 'warning',
};

await build({
  ...common,
  entryPoints: Object.fromEntries(commandEntries.map((name) => [name, path.join(source, `${name}.js`)])),
  outdir,
  format: 'esm',
  splitting: true,
  chunkNames: 'chunk-[hash]',
  plugins: [keepModuleUrls, commanderRequired],
});

await build({
  ...common,
  entryPoints: [path.join(source, 'main.js')],
  outfile: path.join(outdir, 'cairn.cjs'),
  format: 'cjs',
  plugins: [
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
