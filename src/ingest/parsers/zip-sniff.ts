/**
 * Recognises Office Open XML packages (DOCX, PPTX, XLSX) among zip files from the entry names
 * alone, without inflating anything: the central directory when it is intact, else the local
 * file headers (a truncated file still names its first parts).
 * @module
 */

/** The Office Open XML document kinds, by their main part's folder. */
export type OoxmlKind = 'docx' | 'pptx' | 'xlsx';

const LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
/** Entry names read at most; an Office file has a few dozen parts, hundreds with media. */
const MAX_ENTRIES = 5_000;

/** True when the bytes start like a zip file (a local file header, or an empty archive). */
export function isZip(bytes: Uint8Array): boolean {
  return (
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    (bytes[2] === 0x03 || bytes[2] === 0x05) &&
    bytes[3] === bytes[2] + 1
  );
}

function centralDirectoryNames(buffer: Buffer): string[] | undefined {
  const floor = Math.max(0, buffer.length - 22 - 0xffff);
  const end = buffer.lastIndexOf(END_OF_CENTRAL_DIRECTORY);
  if (end < floor || end + 22 > buffer.length) return undefined;
  const count = buffer.readUInt16LE(end + 10);
  let at = buffer.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < Math.min(count, MAX_ENTRIES); i++) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== CENTRAL_HEADER) return undefined;
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    names.push(buffer.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

function localHeaderNames(buffer: Buffer): string[] {
  const names: string[] = [];
  for (let at = buffer.indexOf(LOCAL_HEADER); at >= 0 && names.length < MAX_ENTRIES; ) {
    if (at + 30 > buffer.length) break;
    const nameLength = buffer.readUInt16LE(at + 26);
    names.push(buffer.toString('utf8', at + 30, Math.min(buffer.length, at + 30 + nameLength)));
    at = buffer.indexOf(LOCAL_HEADER, at + 30 + nameLength);
  }
  return names;
}

/** The entry names of a zip file (central directory, else local headers); `[]` when none. */
export function zipEntryNames(bytes: Uint8Array): string[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return centralDirectoryNames(buffer) ?? localHeaderNames(buffer);
}

/** Each kind's folder and main part (the conventional name of the part the package points to). */
const KINDS: ReadonlyArray<{ kind: OoxmlKind; folder: string; main: string }> = [
  { kind: 'docx', folder: 'word/', main: 'word/document.xml' },
  { kind: 'pptx', folder: 'ppt/', main: 'ppt/presentation.xml' },
  { kind: 'xlsx', folder: 'xl/', main: 'xl/workbook.xml' },
];

/**
 * The Office Open XML kind of a zip file: it has parts under `word/`, `ppt/` or `xl/`, and
 * either `[Content_Types].xml` or that kind's main part (a truncated file may not reach the
 * content types). `undefined` for any other zip (or non-zip).
 */
export function ooxmlKind(bytes: Uint8Array): OoxmlKind | undefined {
  if (!isZip(bytes)) return undefined;
  const names = zipEntryNames(bytes);
  const typed = names.includes('[Content_Types].xml');
  for (const { kind, folder, main } of KINDS) {
    if ((typed || names.includes(main)) && names.some((name) => name.startsWith(folder))) return kind;
  }
  return undefined;
}
