/**
 * The CLI's configuration file: the same options as the flags, found from the
 * working directory upwards (`cairn.config.json`, `.cairnrc.json`, `.cairnrc`, or a `cairn` key
 * in `package.json`), or named by `--config FILE` / `CAIRN_CONFIG`.
 *
 * ```json
 * {
 *   "db": ".cairn/cairn.db",
 *   "embedder": "openai:text-embedding-3-small",
 *   "ingest": { "include": ["**\/*.md"], "chunkSize": 256 },
 *   "search": { "topK": 5 },
 *   "collections create": { "dimension": 1536 }
 * }
 * ```
 *
 * Top-level keys apply to every command that has the option; a section named after a command
 * (its full name, e.g. `collections create`) applies to that command and wins over the top level.
 * Keys are the options' long names in camelCase (`--chunk-size` is `chunkSize`), values what the
 * flag would take (numbers and booleans as such, repeatable options as arrays, JSON options as
 * objects). Precedence: a flag, then its environment variable, then the file, then the default.
 * @module
 */
import { existsSync, lstatSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Command, Option } from 'commander';
import { ConfigError } from '../../core/errors.js';
import { findTooDeep, MAX_JSON_DEPTH } from '../../core/json-depth.js';
import { findPrototypeKey, PROTOTYPE_KEY } from '../../core/prototype-key.js';
import { SETTING_ENV, type SettingName } from '../../engine/settings.js';
import { readRegularFileSync } from '../../store/regular-file.js';

/** The file names searched, in order, in each folder from the working directory up. */
export const CONFIG_FILE_NAMES = ['cairn.config.json', '.cairnrc.json', '.cairnrc', 'package.json'] as const;

/** A loaded configuration file. */
export interface ConfigFile {
  /** Its path. */
  file: string;
  /** Top-level options. */
  options: Record<string, unknown>;
  /** Options per command, by the command's full name (`search`, `collections create`). */
  sections: Record<string, Record<string, unknown>>;
  /** True when the file was found by walking up from the working folder, not named by `--config` or `CAIRN_CONFIG`. */
  found: boolean;
}

/** Where an option's value came from. */
export type SettingSource = 'flag' | 'environment' | 'config file' | 'default';

/** The environment variable a CLI option falls back to, by the option's attribute name. */
const OPTION_SETTINGS: Readonly<Record<string, SettingName>> = {
  db: 'store',
  embedder: 'embedder',
  embeddingDimension: 'embeddingDimension',
  rerank: 'reranker',
  chat: 'chatModel',
  transcriber: 'transcriber',
  transcriberLanguage: 'transcriberLanguage',
  vision: 'vision',
  modelsDir: 'modelsDir',
};

/** The environment variable of an option (by attribute name), if it has one. */
export function optionEnvVar(attribute: string): string | undefined {
  const setting = OPTION_SETTINGS[attribute];
  return setting === undefined ? undefined : SETTING_ENV[setting];
}

/** Most bytes of a configuration file: 1 MiB (a configuration is a few hundred bytes). */
export const MAX_CONFIG_FILE_BYTES = 1024 * 1024;

/**
 * Finds and reads the configuration file: `explicit` when given (it must exist), else the first
 * of {@link CONFIG_FILE_NAMES} from `cwd` upwards, up to the home folder or the root (a
 * `package.json` counts only with a `cairn` key). Only a regular file (or a link to one) of at
 * most {@link MAX_CONFIG_FILE_BYTES} is read: a FIFO or a device (`--config /dev/zero`) is refused
 * at once instead of blocking or reading forever.
 * @returns The file, or `undefined` when there is none.
 * @throws {ConfigError} naming the file when it cannot be read, is no regular file or too large,
 *   is not a JSON object, holds a `__proto__` key anywhere, nests too deep, or a section is not an
 *   object.
 */
export async function loadConfigFile(
  explicit: string | undefined,
  cwd = process.cwd(),
  stopDir = os.homedir(),
): Promise<ConfigFile | undefined> {
  const found = explicit !== undefined ? readConfig(path.resolve(cwd, explicit)) : searchConfig(cwd, stopDir);
  if (found === undefined || found.config === undefined) return undefined;
  const { filepath, config } = found;
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    throw new ConfigError(`${filepath}: the configuration must be a JSON object of options`);
  }
  if (findTooDeep(config) !== undefined) {
    throw new ConfigError(`${filepath}: the configuration nests deeper than ${MAX_JSON_DEPTH} levels`);
  }
  const prototypeAt = findPrototypeKey(config);
  if (prototypeAt !== undefined) {
    throw new ConfigError(
      `${filepath}: the key ${PROTOTYPE_KEY} (at ${prototypeAt}) is not allowed: JavaScript treats it as the prototype`,
    );
  }
  const options: Record<string, unknown> = {};
  const sections: Record<string, Record<string, unknown>> = {};
  for (const [key, value] of Object.entries(config)) {
    if (key.includes(' ') || isSectionValue(value, key)) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw new ConfigError(
          `${filepath}: "${key}" names a command, so its value must be an object of options`,
        );
      }
      sections[key] = value as Record<string, unknown>;
    } else options[key] = value;
  }
  return { file: filepath, options, sections, found: explicit === undefined };
}

/** The parsed contents of one configuration file (`config` undefined: empty, or a `package.json` without `cairn`). */
function readConfig(filepath: string): { filepath: string; config: unknown } {
  let bytes: Buffer;
  try {
    bytes = readRegularFileSync(filepath, { maxBytes: MAX_CONFIG_FILE_BYTES, followSymlinks: true });
  } catch (error) {
    const reason = (error as Error).message.startsWith(filepath)
      ? (error as Error).message.slice(filepath.length + 2)
      : (error as Error).message;
    throw new ConfigError(`cannot read the configuration file ${filepath}: ${reason}`);
  }
  let parsed: unknown;
  try {
    parsed = readJson(filepath, bytes.toString('utf8'));
  } catch (error) {
    throw new ConfigError(`cannot read the configuration file ${filepath}: ${(error as Error).message}`);
  }
  if (path.basename(filepath) === 'package.json') {
    const section =
      typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>).cairn : undefined;
    return { filepath, config: section };
  }
  return { filepath, config: parsed };
}

/** The first configuration file from `cwd` up to `stopDir` (inclusive) or the root. */
function searchConfig(cwd: string, stopDir: string): { filepath: string; config: unknown } | undefined {
  for (let dir = path.resolve(cwd); ; ) {
    for (const name of CONFIG_FILE_NAMES) {
      const filepath = path.join(dir, name);
      if (!existsSync(filepath) && !isLink(filepath)) continue;
      const found = readConfig(filepath);
      if (name === 'package.json' && found.config === undefined) continue;
      return found;
    }
    const parent = path.dirname(dir);
    if (dir === path.resolve(stopDir) || parent === dir) return undefined;
    dir = parent;
  }
}

function isLink(filepath: string): boolean {
  try {
    return lstatSync(filepath).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * The options a configuration file may set that lower cairn's guards or send data elsewhere: the
 * store (`db`, `to`, `from`), the model providers and models folder (documents and questions go
 * to them), symbolic-link following, size, memory and time limits, and the server's exposure
 * (address, authentication, CORS, limits). A file found by walking up from the working folder —
 * which anyone who can write a parent folder can put there — is said on standard error when it
 * sets any of these (see {@link guardedSettings}).
 */
export const GUARDED_OPTIONS: ReadonlySet<string> = new Set([
  'db',
  'to',
  'from',
  'embedder',
  'chat',
  'rerank',
  'transcriber',
  'vision',
  'modelsDir',
  'followSymlinks',
  'maxFileSize',
  'parseMemory',
  'parseTimeout',
  'host',
  'auth',
  'corsOrigin',
  'uploadLimit',
  'bodyLimit',
  'maxConcurrentUploads',
  'headersTimeout',
  'requestTimeout',
  'keepAliveTimeout',
  'idleTimeout',
  'maxConnections',
  'allowWrite',
]);

/**
 * The guarded options (see {@link GUARDED_OPTIONS}) among `applied`, as `--flag` names in
 * alphabetical order, when the file was found by walking up rather than named; empty otherwise.
 */
export function guardedSettings(config: ConfigFile, command: Command, applied: readonly string[]): string[] {
  if (!config.found) return [];
  return applied
    .filter((attribute) => GUARDED_OPTIONS.has(attribute))
    .map(
      (attribute) => command.options.find((option) => attributeOf(option) === attribute)?.long ?? attribute,
    )
    .sort();
}

/** A top-level object value is a command section unless the option it would be takes JSON (`metadata`, `filter`). */
function isSectionValue(value: unknown, key: string): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !JSON_OPTIONS.has(key);
}

/** Options whose flag takes a JSON object. */
const JSON_OPTIONS = new Set(['metadata', 'filter']);

function readJson(filepath: string, content: string): unknown {
  if (content.trim() === '') return undefined;
  try {
    return JSON.parse(content);
  } catch (error) {
    throw new Error(`${filepath} is not valid JSON: ${(error as Error).message}`);
  }
}

/** A command's full name: its ancestors' names but the program's, then its own (`collections create`). */
export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let current: Command | null = command; current?.parent; current = current.parent)
    names.unshift(current.name());
  return names.join(' ');
}

/** Every command below `program` by its full name. */
function allCommands(program: Command): Map<string, Command> {
  const found = new Map<string, Command>();
  const visit = (command: Command) => {
    for (const child of command.commands) {
      found.set(commandPath(child), child);
      visit(child);
    }
  };
  visit(program);
  return found;
}

/**
 * Checks every key of the file against the commands: a section must name a command and hold only
 * its options; a top-level key must be an option of some command.
 * @throws {ConfigError} naming the file and the key, with the options that exist.
 */
export function checkConfigFile(program: Command, config: ConfigFile): void {
  const commands = allCommands(program);
  const everyOption = new Set([...commands.values()].flatMap((command) => command.options.map(attributeOf)));
  for (const key of Object.keys(config.options)) {
    if (!everyOption.has(key)) {
      throw new ConfigError(
        `${config.file}: unknown option "${key}"; options are ${[...everyOption].sort().join(', ')}`,
      );
    }
  }
  for (const [name, values] of Object.entries(config.sections)) {
    const command = commands.get(name);
    if (command === undefined) {
      throw new ConfigError(
        `${config.file}: "${name}" is no cairn command; sections are named after commands: ${[...commands.keys()].join(', ')}`,
      );
    }
    const known = command.options.map(attributeOf);
    for (const key of Object.keys(values)) {
      if (!known.includes(key)) {
        throw new ConfigError(
          `${config.file}: "${name}" has no option "${key}"; its options are ${known.join(', ')}`,
        );
      }
    }
  }
}

/**
 * Gives `command` the file's values for every option that neither a flag nor the option's
 * environment variable set: the command's section over the top level.
 * @returns The attributes set from the file.
 * @throws {ConfigError} naming the file and the key for a value the option does not take.
 */
export function applyConfigFile(
  command: Command,
  config: ConfigFile,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string[] {
  const applied: string[] = [];
  const values = { ...config.options, ...(config.sections[commandPath(command)] ?? {}) };
  for (const option of command.options) {
    const attribute = attributeOf(option);
    if (!Object.hasOwn(values, attribute)) continue;
    if (command.getOptionValueSource(attribute) === 'cli') continue;
    const variable = optionEnvVar(attribute);
    if (variable !== undefined && (env[variable] ?? '') !== '') continue;
    command.setOptionValueWithSource(
      attribute,
      optionValue(option, values[attribute], config.file),
      'config',
    );
    applied.push(attribute);
  }
  return applied;
}

/** Where the value of `attribute` on `command` came from. */
export function settingSource(
  command: Command,
  attribute: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): SettingSource {
  const source = command.getOptionValueSource(attribute);
  if (source === 'cli') return 'flag';
  if (source === 'config') return 'config file';
  const variable = optionEnvVar(attribute);
  if (variable !== undefined && (env[variable] ?? '') !== '') return 'environment';
  return 'default';
}

function attributeOf(option: Option): string {
  return option.attributeName();
}

/** A file value as the option's flag would have given it, through the option's own parser. */
function optionValue(option: Option, value: unknown, file: string): unknown {
  const at = `${file}: ${attributeOf(option)}`;
  const takesValue = option.required || option.optional;
  if (!takesValue) {
    if (typeof value !== 'boolean') throw new ConfigError(`${at} must be true or false`);
    return value;
  }
  const items = Array.isArray(value) ? value : [value];
  if (Array.isArray(value) && !option.variadic && option.parseArg === undefined) {
    throw new ConfigError(`${at} takes one value, not a list`);
  }
  let parsed: unknown;
  for (const item of items) {
    if (item === null || (typeof item === 'object' && !JSON_OPTIONS.has(attributeOf(option)))) {
      throw new ConfigError(`${at} must be a string, number or boolean`);
    }
    const text = typeof item === 'object' ? JSON.stringify(item) : String(item);
    try {
      parsed = option.parseArg
        ? option.parseArg(text, parsed)
        : option.variadic
          ? [...((parsed as unknown[]) ?? []), text]
          : text;
    } catch (error) {
      throw new ConfigError(`${at}: ${(error as Error).message}`);
    }
  }
  return parsed;
}
