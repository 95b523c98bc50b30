/**
 * Argument checks every store runs before it touches storage, so all backends refuse the same
 * inputs with the same errors. Writes are validated in full before any row is written.
 * @module
 */
import { DimensionMismatchError, InvalidArgumentError } from '../../core/errors.js';
import type {
  CollectionInfo,
  CreateCollectionOptions,
  DistanceMetric,
  DocumentWrite,
  Scope,
  VectorType,
} from '../../core/ports.js';
import { storableJson, storableText } from '../../core/storable-text.js';
import type { DocumentRecord, JsonValue, Metadata, StoredChunk } from '../../core/types.js';

/** Namespace used when a scope names none. */
export const DEFAULT_NAMESPACE = 'default';
/** Longest collection name, in UTF-16 code units. */
export const MAX_COLLECTION_NAME_LENGTH = 512;
/** Longest namespace, in UTF-16 code units. */
export const MAX_NAMESPACE_LENGTH = 256;
/** Largest embedding dimension a collection may pin (pgvector's limit). */
export const MAX_DIMENSION = 16_000;
/** Deepest nesting of objects and arrays in metadata. */
export const MAX_METADATA_DEPTH = 64;

// Squared lengths outside float32's normal range make cosine similarity overflow or divide by zero.
const MIN_SQUARED_LENGTH = 1.1754943508222875e-38;
const MAX_SQUARED_LENGTH = 3.4028234663852886e38;

// float16 (IEEE 754 binary16): the largest finite value, and the magnitude below which a value rounds to zero.
const FLOAT16_MAX = 65504;
const FLOAT16_ROUNDS_TO_ZERO = 2 ** -25;

/** The lexical fields of a chunk beyond its text and heading path, each indexed with its own weight. */
export interface LexicalFields {
  /** The document's identity: its title and source name (file name or URL), newline-separated; '' without a document record. */
  document: string;
  /** The chunk's `context` (see {@link StoredChunk.context}); '' when none. */
  context: string;
}

/**
 * A chunk that passed validation: its fields checked, its text storable (see `storableText`), its
 * embedding as float32 (or `null` when it has none), and its lexical fields.
 */
export interface PreparedChunk {
  chunk: StoredChunk;
  embedding: Float32Array | null;
  lexical: LexicalFields;
  /** Versioned backends: the version the chunk is written under (`''` or absent: none). */
  version?: string;
}

/** Where validated chunks go: the collection's name, pinned dimension (`null`: lexical-only) and vector type. */
export interface ChunkTarget {
  collection: string;
  dimension: number | null;
  /** Default `float32`. */
  vectorType?: VectorType;
}

/** The validated form of {@link CreateCollectionOptions}. */
export interface CollectionDefinition {
  model: string | null;
  dimension: number | null;
  vectorType: 'float32' | 'float16';
  metric: DistanceMetric;
  metadata: Metadata;
}

/**
 * Checks a collection name: a non-empty, well-formed (no lone surrogates) string of at most
 * {@link MAX_COLLECTION_NAME_LENGTH} code units without NUL. Any other character is allowed; stores
 * keep the name as data and derive table names from it.
 * @throws {InvalidArgumentError} naming `collection`.
 */
export function validateCollectionName(name: unknown): string {
  return checkName(name, 'collection', MAX_COLLECTION_NAME_LENGTH);
}

/**
 * Checks the name of a collection about to be created: {@link validateCollectionName}, and a name
 * that prints as itself and cannot be read as a path. Refused: control, format and line or
 * paragraph separator characters (Unicode `Cc`, `Cf`, `Zl`, `Zp`: ESC, newline, bidi overrides, …),
 * `/` and `\`, a name of dots only (`.`, `..`), and whitespace at either end. Letters of any
 * script, digits, spaces inside, and punctuation such as `-`, `_`, `.`, `'` stay allowed (`kb`,
 * `sec-10-q`, `my_docs.v2`, `My Docs`). Only creation applies this rule: an existing collection
 * whose name predates it is still read, written and dropped by its name.
 * @throws {InvalidArgumentError} naming `collection`.
 */
export function validateNewCollectionName(name: unknown): string {
  const checked = validateCollectionName(name);
  const control = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.exec(checked);
  if (control) {
    const code = control[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    throw new InvalidArgumentError(
      'collection',
      `must not contain control or invisible characters (U+${code} at offset ${control.index})`,
    );
  }
  if (/[/\\]/.test(checked)) {
    throw new InvalidArgumentError('collection', 'must not contain path separators (/ or \\)');
  }
  if (/^\.+$/.test(checked)) throw new InvalidArgumentError('collection', 'must not be only dots (. or ..)');
  if (checked.trim() !== checked) {
    throw new InvalidArgumentError('collection', 'must not begin or end with whitespace');
  }
  return checked;
}

/**
 * The namespace a scope addresses: `scope.namespace`, or {@link DEFAULT_NAMESPACE} when absent.
 * @throws {InvalidArgumentError} when it is empty, too long, contains NUL or lone surrogates.
 */
export function resolveNamespace(scope: Pick<Scope, 'namespace'>): string {
  if (scope.namespace === undefined) return DEFAULT_NAMESPACE;
  return checkName(scope.namespace, 'namespace', MAX_NAMESPACE_LENGTH);
}

/**
 * Validates {@link CreateCollectionOptions}. A collection is dense (`model` and `dimension` both
 * set; `dimension` an integer in 1..{@link MAX_DIMENSION}) or lexical-only (neither set).
 * `vectorType` defaults to `float32`; `metadata` to `{}`.
 * @throws {InvalidArgumentError} naming the option.
 */
export function validateCreateOptions(options: CreateCollectionOptions = {}): CollectionDefinition {
  const model = options.model ?? null;
  const dimension = options.dimension ?? null;
  if (model !== null && (typeof model !== 'string' || model.length === 0)) {
    throw new InvalidArgumentError(
      'model',
      'must be a non-empty string, or null for a lexical-only collection',
    );
  }
  if (dimension !== null && !(Number.isInteger(dimension) && dimension >= 1 && dimension <= MAX_DIMENSION)) {
    throw new InvalidArgumentError(
      'dimension',
      `must be an integer from 1 to ${MAX_DIMENSION}, got ${dimension}`,
    );
  }
  if ((model === null) !== (dimension === null)) {
    throw new InvalidArgumentError(
      model === null ? 'model' : 'dimension',
      'a dense collection needs both model and dimension; a lexical-only collection neither',
    );
  }
  const vectorType = options.vectorType ?? 'float32';
  if (vectorType !== 'float32' && vectorType !== 'float16') {
    throw new InvalidArgumentError('vectorType', `must be float32 or float16, got ${String(vectorType)}`);
  }
  const metric = options.metric ?? 'cosine';
  if (metric !== 'cosine' && metric !== 'euclidean' && metric !== 'dot') {
    throw new InvalidArgumentError('metric', `must be cosine, euclidean or dot, got ${String(metric)}`);
  }
  if (metric !== 'cosine' && model === null) {
    throw new InvalidArgumentError(
      'metric',
      'a lexical-only collection has no embeddings to rank by a metric',
    );
  }
  const metadata = options.metadata ?? {};
  checkMetadata(metadata, 'metadata');
  return { model, dimension, vectorType, metric, metadata };
}

/**
 * Checks a vector against a collection's dimension and converts it to float32.
 *
 * @param vector The embedding or query vector.
 * @param dimension The collection's pinned dimension.
 * @param collection Collection name, for the error message.
 * @param what What the vector is, for messages (e.g. `query vector`, `chunks[3].embedding`).
 * @throws {DimensionMismatchError} when the length differs from `dimension`.
 * @throws {InvalidArgumentError} when an element is not a finite number (or overflows float32),
 *   or the vector is zero or so small or large that its squared length leaves float32's range.
 */
export function toEmbedding(
  vector: unknown,
  dimension: number,
  collection: string,
  what: string,
  vectorType: VectorType = 'float32',
): Float32Array {
  if (!(vector instanceof Float32Array) && !Array.isArray(vector)) {
    throw new InvalidArgumentError(what, 'must be an array of numbers or a Float32Array');
  }
  if (vector.length !== dimension)
    throw new DimensionMismatchError(collection, dimension, vector.length, what);
  if (Array.isArray(vector)) {
    for (let i = 0; i < vector.length; i++) {
      if (typeof vector[i] !== 'number') throw new InvalidArgumentError(`${what}[${i}]`, 'is not a number');
    }
  }
  const embedding = vector instanceof Float32Array ? vector : Float32Array.from(vector as number[]);
  let squaredLength = 0;
  for (let i = 0; i < embedding.length; i++) {
    const value = embedding[i]!;
    if (!Number.isFinite(value)) {
      throw new InvalidArgumentError(`${what}[${i}]`, `${vector[i]} is not a finite float32 number`);
    }
    squaredLength += value * value;
  }
  if (squaredLength === 0) {
    throw new InvalidArgumentError(what, 'is a zero vector; cosine similarity is undefined for it');
  }
  if (squaredLength < MIN_SQUARED_LENGTH || squaredLength > MAX_SQUARED_LENGTH) {
    throw new InvalidArgumentError(
      what,
      `its squared length ${squaredLength} leaves float32's range; normalise it`,
    );
  }
  if (vectorType === 'float16') checkFloat16(embedding, collection, what);
  return embedding;
}

/**
 * Refuses a vector that a float16 (`halfvec`) collection cannot hold: a component beyond ±65504
 * would become infinite, and a vector whose every component rounds to zero would lose its
 * direction (cosine similarity would be NaN).
 */
function checkFloat16(embedding: Float32Array, collection: string, what: string): void {
  let kept = 0;
  for (let i = 0; i < embedding.length; i++) {
    const magnitude = Math.abs(embedding[i]!);
    if (magnitude > FLOAT16_MAX) {
      throw new InvalidArgumentError(
        `${what}[${i}]`,
        `${embedding[i]} is beyond float16's range (±${FLOAT16_MAX}); collection "${collection}" stores float16 vectors, so normalise the vector`,
      );
    }
    if (magnitude > FLOAT16_ROUNDS_TO_ZERO) kept += 1;
  }
  if (kept === 0) {
    throw new InvalidArgumentError(
      what,
      `every component rounds to zero in float16; collection "${collection}" stores float16 vectors, so normalise the vector`,
    );
  }
}

/**
 * Validates chunks for a write and converts their embeddings. Checks every field's type, that ids
 * are unique within the batch, and the embedding rule: a dense collection needs one embedding of
 * its dimension on every chunk, a lexical-only collection (`dimension: null`) accepts none.
 *
 * @param chunks The chunks to write.
 * @param target The collection's name and dimension.
 * @param argument Name used in messages, e.g. `chunks`.
 * @throws {InvalidArgumentError} naming the chunk and field (e.g. `chunks[2].ordinal`).
 * @throws {DimensionMismatchError} when an embedding's length is wrong, or a lexical-only
 *   collection is given one.
 */
export function prepareChunks(
  chunks: unknown,
  target: ChunkTarget,
  argument = 'chunks',
  document: DocumentIdentity = { title: '', name: '' },
): PreparedChunk[] {
  if (!Array.isArray(chunks)) throw new InvalidArgumentError(argument, 'must be an array of chunks');
  const seen = new Map<string, number>();
  return chunks.map((chunk: StoredChunk, index) => {
    const at = `${argument}[${index}]`;
    checkChunkFields(chunk, at);
    const earlier = seen.get(chunk.id);
    if (earlier !== undefined)
      throw new InvalidArgumentError(`${at}.id`, `"${chunk.id}" repeats ${argument}[${earlier}]`);
    seen.set(chunk.id, index);
    if (chunk.context !== undefined && typeof chunk.context !== 'string') {
      throw new InvalidArgumentError(`${at}.context`, 'must be a string when present');
    }
    const stored = storableChunk(chunk);
    return {
      chunk: stored,
      embedding: chunkEmbedding(chunk, target, at),
      lexical: { document: documentField(document, stored.headingPath), context: stored.context ?? '' },
    };
  });
}

/** The chunk with its text, headings and metadata made storable; the chunk itself when already clean. */
function storableChunk(chunk: StoredChunk): StoredChunk {
  const text = storableText(chunk.text);
  const headingPath = chunk.headingPath.map(storableText);
  const metadata = storableJson(chunk.metadata);
  const embeddingText = chunk.embeddingText === undefined ? undefined : storableText(chunk.embeddingText);
  const context = chunk.context === undefined ? undefined : storableText(chunk.context);
  const clean =
    text === chunk.text &&
    metadata === chunk.metadata &&
    embeddingText === chunk.embeddingText &&
    context === chunk.context &&
    headingPath.every((heading, index) => heading === chunk.headingPath[index]);
  if (clean) return chunk;
  const copy: StoredChunk = { ...chunk, text, headingPath, metadata };
  if (embeddingText !== undefined) copy.embeddingText = embeddingText;
  if (context !== undefined) copy.context = context;
  return copy;
}

/**
 * Validates a document write: the record's fields, then its chunks (see {@link prepareChunks}),
 * which must all carry the document's `documentId` and `sourceId`.
 * @throws {InvalidArgumentError} naming the field, e.g. `document.sourceId`, `chunks[0].documentId`.
 * @throws {DimensionMismatchError} as {@link prepareChunks}.
 */
export function prepareDocumentWrite(
  write: DocumentWrite,
  target: ChunkTarget,
): { record: Omit<DocumentRecord, 'ingestedAt'>; chunks: PreparedChunk[] } {
  if (!isPlainObject(write) || !isPlainObject(write.document)) {
    throw new InvalidArgumentError('document', 'must be an object with document and chunks');
  }
  const { document } = write;
  validateId(document.documentId, 'document.documentId');
  validateId(document.sourceId, 'document.sourceId');
  for (const field of ['contentHash', 'sourceName', 'mediaType', 'parserFingerprint'] as const) {
    if (typeof document[field] !== 'string')
      throw new InvalidArgumentError(`document.${field}`, 'must be a string');
  }
  if (document.title !== undefined && typeof document.title !== 'string') {
    throw new InvalidArgumentError('document.title', 'must be a string when present');
  }
  checkCount(document.pageCount, 'document.pageCount');
  checkMetadata(document.metadata, 'document.metadata');
  const prepared = prepareChunks(write.chunks, target, 'chunks', documentIdentity(document));
  prepared.forEach(({ chunk }, index) => {
    if (chunk.documentId !== document.documentId) {
      throw new InvalidArgumentError(
        `chunks[${index}].documentId`,
        `must be the document's "${document.documentId}"`,
      );
    }
    if (chunk.sourceId !== document.sourceId) {
      throw new InvalidArgumentError(
        `chunks[${index}].sourceId`,
        `must be the document's "${document.sourceId}"`,
      );
    }
  });
  const record: Omit<DocumentRecord, 'ingestedAt'> = {
    documentId: document.documentId,
    contentHash: storableText(document.contentHash),
    sourceId: document.sourceId,
    sourceName: storableText(document.sourceName),
    mediaType: storableText(document.mediaType),
    metadata: storableJson(document.metadata),
    chunkCount: prepared.length,
    pageCount: document.pageCount,
    parserFingerprint: storableText(document.parserFingerprint),
  };
  if (document.title !== undefined) record.title = storableText(document.title);
  if (document.byteSize !== undefined) {
    if (!Number.isSafeInteger(document.byteSize) || document.byteSize < 0) {
      throw new InvalidArgumentError('document.byteSize', 'must be a whole number of bytes, 0 or more');
    }
    record.byteSize = document.byteSize;
  }
  if (document.nameTerms !== undefined) {
    if (!Array.isArray(document.nameTerms) || document.nameTerms.some((term) => typeof term !== 'string')) {
      throw new InvalidArgumentError('document.nameTerms', 'must be an array of strings when present');
    }
    record.nameTerms = document.nameTerms.map((term) => storableText(term));
  }
  return { record, chunks: prepared };
}

/** What identifies a document in its chunks' lexical `document` field. */
export interface DocumentIdentity {
  /** The document's title, trimmed ('' when it has none). */
  title: string;
  /** The words of its source name. */
  name: string;
}

/**
 * A document's identity: its title, and the words of its source name (the file name or URL,
 * which often names the company, product or period: `2023 Q3 AAPL.pdf`), the name cut at path
 * separators, dots, dashes and underscores so that every backend's tokenizer sees words rather
 * than one file-name token.
 */
export function documentIdentity(document: { title?: string; sourceName: string }): DocumentIdentity {
  const name = document.sourceName
    .replace(/[\\/._\-+~:?#&=%]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return { title: storableText(document.title?.trim() ?? ''), name: storableText(name) };
}

/**
 * The lexical `document` field of one chunk: its document's title — unless the chunk's heading
 * path already holds it, so its words are not counted twice — and the words of its source name.
 */
export function documentField(identity: DocumentIdentity, headingPath: readonly string[]): string {
  // No title (every `upsertChunks` chunk): the name alone, without the allocations below.
  if (identity.title === '') return identity.name;
  const title = identity.title.toLowerCase();
  const inHeadings = title !== '' && headingPath.some((heading) => heading.trim().toLowerCase() === title);
  const parts = [inHeadings ? '' : identity.title, identity.name].filter((part) => part !== '');
  return [...new Set(parts)].join('\n');
}

/**
 * Checks a result count: an integer of at least 1.
 * @throws {InvalidArgumentError} naming `argument`.
 */
export function validatePositiveInteger(value: unknown, argument: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new InvalidArgumentError(argument, `must be an integer of at least 1, got ${String(value)}`);
  }
  return value;
}

/**
 * Checks one id (chunk, document or source id): a non-empty, well-formed string without NUL
 * characters (no backend can keep those exactly).
 * @throws {InvalidArgumentError} naming `argument`.
 */
export function validateId(id: unknown, argument: string): string {
  if (typeof id !== 'string' || id.length === 0) {
    throw new InvalidArgumentError(argument, 'must be a non-empty string');
  }
  if (id.includes('\u0000')) throw new InvalidArgumentError(argument, 'must not contain NUL characters');
  if (hasLoneSurrogate(id)) throw new InvalidArgumentError(argument, 'must be well-formed Unicode');
  return id;
}

/** True when an id can exist in a store (non-empty, no NUL, no lone surrogate); other ids never match anything. */
export function isStorableId(id: string): boolean {
  return id.length > 0 && !id.includes('\u0000') && !hasLoneSurrogate(id);
}

/**
 * Checks a list of ids (chunk, document or source ids): an array of strings.
 * @throws {InvalidArgumentError} naming `argument`.
 */
export function validateIdList(ids: unknown, argument: string): string[] {
  if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string')) {
    throw new InvalidArgumentError(argument, 'must be an array of strings');
  }
  return ids;
}

/**
 * Checks that `value` is metadata: a plain object of JSON values (finite numbers, strings,
 * booleans, null, arrays, plain objects) at most {@link MAX_METADATA_DEPTH} levels deep.
 * @throws {InvalidArgumentError} naming the offending path, e.g. `chunks[1].metadata.year`.
 */
export function checkMetadata(value: unknown, argument: string): asserts value is Metadata {
  if (!isPlainObject(value)) throw new InvalidArgumentError(argument, 'must be a plain object');
  checkJson(value, argument, 0);
}

function checkJson(value: unknown, at: string, depth: number): asserts value is JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new InvalidArgumentError(at, `${value} is not a JSON number`);
    return;
  }
  if (depth >= MAX_METADATA_DEPTH)
    throw new InvalidArgumentError(at, `nested deeper than ${MAX_METADATA_DEPTH} levels`);
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      checkJson(item, `${at}[${index}]`, depth + 1);
    });
    return;
  }
  if (!isPlainObject(value)) throw new InvalidArgumentError(at, `${typeof value} is not a JSON value`);
  for (const key of Object.keys(value)) {
    const item = value[key];
    // A valid scalar needs no path (built only for what is checked further or refused).
    if (item === null || typeof item === 'string' || typeof item === 'boolean') continue;
    if (typeof item === 'number' && Number.isFinite(item)) continue;
    checkJson(item, `${at}.${key}`, depth + 1);
  }
}

function checkChunkFields(chunk: StoredChunk, at: string): void {
  if (!isPlainObject(chunk)) throw new InvalidArgumentError(at, 'must be a chunk object');
  validateId(chunk.id, `${at}.id`);
  validateId(chunk.documentId, `${at}.documentId`);
  validateId(chunk.sourceId, `${at}.sourceId`);
  if (typeof chunk.text !== 'string') throw new InvalidArgumentError(`${at}.text`, 'must be a string');
  if (!Array.isArray(chunk.headingPath) || chunk.headingPath.some((heading) => typeof heading !== 'string')) {
    throw new InvalidArgumentError(`${at}.headingPath`, 'must be an array of strings');
  }
  for (const field of ['ordinal', 'pageStart', 'pageEnd', 'tokenCount'] as const) {
    checkCount(chunk[field], `${at}.${field}`);
  }
  if (chunk.indivisible !== undefined && typeof chunk.indivisible !== 'boolean') {
    throw new InvalidArgumentError(`${at}.indivisible`, 'must be a boolean when present');
  }
  checkMetadata(chunk.metadata, `${at}.metadata`);
}

function chunkEmbedding(chunk: StoredChunk, target: ChunkTarget, at: string): Float32Array | null {
  const { embedding } = chunk;
  if (target.dimension === null) {
    if (embedding === undefined || embedding === null) return null;
    throw new DimensionMismatchError(
      target.collection,
      0,
      embedding.length,
      `${at}.embedding (a lexical-only collection stores no embeddings)`,
    );
  }
  if (embedding === undefined || embedding === null) {
    throw new InvalidArgumentError(
      `${at}.embedding`,
      `missing; collection "${target.collection}" is dense (${target.dimension} dimensions) and every chunk needs one`,
    );
  }
  return toEmbedding(embedding, target.dimension, target.collection, `${at}.embedding`, target.vectorType);
}

function checkName(name: unknown, argument: string, maxLength: number): string {
  if (typeof name !== 'string' || name.length === 0) {
    throw new InvalidArgumentError(argument, 'must be a non-empty string');
  }
  if (name.length > maxLength) {
    throw new InvalidArgumentError(argument, `must be at most ${maxLength} characters, got ${name.length}`);
  }
  if (name.includes('\u0000')) throw new InvalidArgumentError(argument, 'must not contain NUL characters');
  if (hasLoneSurrogate(name)) throw new InvalidArgumentError(argument, 'must be well-formed Unicode');
  return name;
}

function checkCount(value: unknown, argument: string): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new InvalidArgumentError(argument, `must be a non-negative integer, got ${String(value)}`);
  }
}

/** Lone surrogates would be replaced when encoded as UTF-8, making distinct strings collide. */
function hasLoneSurrogate(value: string): boolean {
  // A plain class first: no surrogate code unit at all is the common case, and cheaper to test.
  return SURROGATE.test(value) && LONE_SURROGATE.test(value);
}

const SURROGATE = /[\uD800-\uDFFF]/;
const LONE_SURROGATE = /\p{Cs}/u;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Where a collection's validated chunks go: its name and pinned dimension. */
export function chunkTarget(info: Pick<CollectionInfo, 'name' | 'dimension' | 'vectorType'>): ChunkTarget {
  return { collection: info.name, dimension: info.dimension, vectorType: info.vectorType };
}

/** How a collection definition reads in messages, e.g. `model "m" (384 dimensions)`. */
export function describeDefinition(definition: {
  model: string | null;
  dimension: number | null;
  vectorType?: string;
  metric?: string;
}): string {
  if (definition.model === null) return 'no embedding model (lexical-only)';
  const type = definition.vectorType === 'float16' ? ', float16' : '';
  const metric =
    definition.metric !== undefined && definition.metric !== 'cosine' ? `, ${definition.metric}` : '';
  return `model "${definition.model}" (${definition.dimension} dimensions${type}${metric})`;
}
