#!/usr/bin/env node
// The hostile inputs of issue 13, ingested in one batch with three ordinary files by the built
// CLI (default limits): a malformed PDF, a PDF decompression bomb (1 MB → 1 GiB), DOCX zip bombs
// (2 MB → 2 GiB, headers lying about sizes, 300 MB of paragraphs in about a megabyte), adversarial
// Markdown and HTML (whitespace runs, 1,000-level lists, 8,000 nested <div>, 100,000 levels, 9 MB
// Markdown), a symlink to /etc/passwd, a 1 GiB text file, and names with escape sequences. Records
// each file's outcome, reason and time, the batch's wall time and the largest resident set of the
// CLI and its parsing processes (GNU time's %M, where /usr/bin/time exists). Writes
// bench/results/hostile-inputs.json. Run after `npm run build`.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { Document, Packer, Paragraph } from 'docx';
import JSZip from 'jszip';
import { PDFDocument, PDFName, PDFRawStream, StandardFonts } from 'pdf-lib';
import { writeResult } from './support/write-result.mjs';

const MiB = 1024 * 1024;
const dir = mkdtempSync(path.join(tmpdir(), 'cairn-hostile-'));
const root = path.join(dir, 'batch');
mkdirSync(root);
const put = (name, bytes) => writeFileSync(path.join(root, name), bytes);

/** Raw deflate of `prefix`, then `copies` of `unit`, then `suffix`: sync-flushed pieces, concatenated. */
function deflatePieces(prefix, unit, copies, suffix) {
  const flush = { finishFlush: constants.Z_SYNC_FLUSH };
  const block = deflateRawSync(unit, flush);
  return Buffer.concat([
    deflateRawSync(prefix, flush),
    ...Array.from({ length: copies }, () => block),
    deflateRawSync(suffix),
  ]);
}

/** A zip of `entries` ({ name, data (raw deflate), size, crc }), sizes as claimed by `claim`. */
function zip(entries, claim = (entry) => entry.size) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(claim(entry) >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, entry.data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(claim(entry) >>> 0, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A real DOCX (docx package) with word/document.xml replaced by `body` copies of `unit` XML. */
async function docxBomb(unit, copies, claim) {
  const base = await JSZip.loadAsync(
    await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('x')] }] })),
  );
  const xml = await base.file('word/document.xml').async('string');
  const [prefix, suffix] = xml.split(/<w:p>[\s\S]*<\/w:p>/);
  const entries = [];
  for (const name of Object.keys(base.files)) {
    if (base.files[name].dir) continue;
    if (name === 'word/document.xml') {
      const unitBytes = Buffer.from(unit.repeat(Math.ceil(MiB / unit.length)).slice(0, MiB));
      entries.push({
        name,
        data: deflatePieces(Buffer.from(prefix), unitBytes, copies, Buffer.from(suffix)),
        size: prefix.length + copies * MiB + suffix.length,
        crc: 0,
      });
    } else {
      const data = Buffer.from(await base.file(name).async('uint8array'));
      entries.push({ name, data: deflateRawSync(data), size: data.length, crc: crc32 ? crc32(data) : 0 });
    }
  }
  return zip(entries, claim);
}

async function pdfBomb(mib) {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 300]);
  page.drawText('cover', { x: 10, y: 10, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  const data = Buffer.concat([
    Buffer.from([0x78, 0x9c]),
    deflatePieces(Buffer.alloc(0), Buffer.alloc(MiB, 0x20), mib, Buffer.alloc(0)),
  ]);
  page.node.set(
    PDFName.of('Contents'),
    doc.context.register(
      PDFRawStream.of(doc.context.obj({ Filter: 'FlateDecode', Length: data.length }), data),
    ),
  );
  return doc.save();
}

const examples = path.resolve('examples');
copyFileSync(path.join(examples, '20071229X02007.pdf'), path.join(root, 'ok-piper.pdf'));
put('ok-notes.md', '# Notes\n\nMarmots hibernate in burrows under granite boulders.');
put(
  'ok-page.html',
  '<html><body><main><h1>Lighthouses</h1><p>The Fresnel lens concentrates light.</p></main></body></html>',
);

const pdf = readFileSync(path.join(examples, '20080104X00020.pdf'));
const xref = pdf.lastIndexOf('xref');
const malformed = Buffer.from(pdf);
for (let at = xref + 20; at < Math.min(malformed.length, xref + 400); at += 7) malformed[at] = 0x39;
put('malformed-xref.pdf', malformed);
put('truncated.pdf', pdf.subarray(0, Math.floor(pdf.length / 3)));
put('pdf-bomb.pdf', await pdfBomb(1024));
put('docx-bomb.docx', await docxBomb(' ', 2048));
put(
  'docx-lying-headers.docx',
  await docxBomb(' ', 1024, (entry) => (entry.name === 'word/document.xml' ? 4096 : entry.size)),
);
put(
  'docx-300mb-paragraphs.docx',
  await docxBomb('<w:p><w:r><w:t>All work and no play.</w:t></w:r></w:p>', 300),
);
put('whitespace-runs.md', Array.from({ length: 40_000 }, (_, i) => `w${i}${' \t'.repeat(20)}`).join(''));
put(
  'nested-list.md',
  Array.from({ length: 1000 }, (_, i) => `${'  '.repeat(i)}- level ${i} item text`).join('\n'),
);
put('nested-divs.html', `<html><body>${'<div>'.repeat(8000)}deep text${'</div>'.repeat(8000)}</body></html>`);
put(
  'nested-100k.html',
  `<html><body>${'<div>'.repeat(100_000)}deepest${'</div>'.repeat(100_000)}</body></html>`,
);
let big = '';
for (let i = 0; big.length < 9 * MiB; i++)
  big += `## Section ${i}\n\nSome paragraph text, and more words. Another sentence.\n\n- a\n- b\n\n`;
put('big.md', big);
symlinkSync('/etc/passwd', path.join(root, 'passwd.txt'));
writeFileSync(path.join(root, 'huge.txt'), '');
truncateSync(path.join(root, 'huge.txt'), 1024 * MiB);
put('evil\u001b[31mname\nforged.md', '# Escapes\n\nA file whose name holds an escape sequence.');

const cli = path.resolve('dist/cli/cairn.cjs');
const args = [cli, 'ingest', root, '--db', path.join(dir, 'hostile.db'), '--json'];
const gnuTime = existsSync('/usr/bin/time');
const began = performance.now();
const run = gnuTime
  ? spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, ...args], {
      encoding: 'utf8',
      maxBuffer: 64 * MiB,
    })
  : spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 * MiB });
const seconds = (performance.now() - began) / 1000;
const report = JSON.parse(run.stdout);
const maxRssKb = gnuTime ? Number(run.stderr.trim().split('\n').at(-1)) : undefined;

const results = {
  date: new Date().toISOString(),
  node: process.version,
  loadAverage: (await import('node:os')).loadavg().map((x) => +x.toFixed(2)),
  exitCode: run.status,
  batchSeconds: +seconds.toFixed(1),
  maxResidentMb: maxRssKb === undefined ? null : +(maxRssKb / 1024).toFixed(0),
  slowestFileSeconds: +(Math.max(...report.items.map((i) => i.milliseconds)) / 1000).toFixed(1),
  totals: report.totals,
  files: report.items.map((i) => ({
    documentId: i.documentId,
    status: i.status,
    ...(i.reason ? { reason: i.reason } : {}),
    seconds: +(i.milliseconds / 1000).toFixed(2),
  })),
};
writeResult('bench/results/hostile-inputs.json', results);
console.log(JSON.stringify(results, null, 2));
execFileSync('rm', ['-rf', dir]);
