#!/usr/bin/env node
// Line-end hyphens in the real PDFs of ../shared/data (pdfs/ and sec-10-q/): every place a line ends in a hyphen
// after a letter and the next line starts with a letter, decided by the rule before (join only
// before a lower-case letter; keep the hyphen when the part before has one or the paragraph writes
// the compound) and by the current `joinHyphenated` (the page's words; see its TSDoc). Counts the
// joins whose result changed, by kind, with every changed word listed, so the change can be read.
// Run after `npm run build`. Writes bench/results/pdf-dehyphenation.json.
//
//   node bench/pdf-dehyphenation.mjs [--dir ../shared/data/pdfs --dir ../shared/data/sec-10-q]
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { getResolvedPDFJS } from 'unpdf';
import { hyphenVocabulary, joinHyphenated, pageLines } from '../dist/ingest/parsers/pdf-layout.js';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', multiple: true, default: ['../shared/data/pdfs', '../shared/data/sec-10-q'] },
  },
});

const HYPHEN_END = /(\p{L})[-\u2010\u00ad]$/u;
const COMPOUND = /[\p{L}\p{N}]+(?:[-\u2010][\p{L}\p{N}]+)+/gu;

/** The word a break makes, as the rule before this change wrote it (undefined: not joined). */
function before(line, next, compounds) {
  if (!/^\p{Ll}/u.test(next)) return undefined;
  const word = next.split(/\s/)[0];
  const head = line.slice(line.search(/\S+$/), -1).replace(/^[^\p{L}\p{N}]+/u, '');
  const tail = word.replace(/[^\p{L}\p{N}]+$/u, '');
  const real =
    line.at(-1) !== '\u00ad' && (/[-\u2010]/.test(head) || compounds.has(`${head}-${tail}`.toLowerCase()));
  return real ? `${head}-${tail}` : `${head}${tail}`;
}

/** The word the current rule writes for the break between `line` and `next` (alone, so no chained breaks). */
function now(line, next, vocabulary) {
  const [joined] = joinHyphenated([line, next.split(/\s/)[0]], vocabulary);
  const word = joined
    .slice(joined.search(/\S+$/))
    .replace(/^[^\p{L}\p{N}]+/u, '')
    .replace(/[^\p{L}\p{N}]+$/u, '');
  return word;
}

const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else if (name.toLowerCase().endsWith('.pdf')) files.push(full);
  }
};
for (const dir of values.dir) walk(dir);
files.sort();

const pdfjs = await getResolvedPDFJS();
const totals = { folders: values.dir, files: files.length, pages: 0, breaks: 0, unchanged: 0, changed: 0 };
const changes = {};
for (const file of files) {
  const pdf = await pdfjs.getDocument({ data: new Uint8Array(readFileSync(file)), verbosity: 0 }).promise;
  for (let p = 1; p <= pdf.numPages; p++) {
    const page = await pdf.getPage(p);
    const content = await page.getTextContent();
    const items = content.items.filter((item) => 'str' in item);
    const lines = pageLines(items, page.getViewport({ scale: 1 }).transform);
    const paragraphs = [...lines.paragraphs, lines.rotated];
    const vocabulary = hyphenVocabulary(paragraphs.flat());
    totals.pages++;
    for (const paragraph of paragraphs) {
      const compounds = new Set();
      for (const line of paragraph) for (const [w] of line.matchAll(COMPOUND)) compounds.add(w.toLowerCase());
      for (let i = 0; i < paragraph.length - 1; i++) {
        const line = paragraph[i];
        const next = paragraph[i + 1];
        if (!HYPHEN_END.test(line) || !/^\p{L}/u.test(next)) continue;
        totals.breaks++;
        const old = before(line, next, compounds);
        const current = now(line, next, vocabulary);
        if (old === current) {
          totals.unchanged++;
          continue;
        }
        totals.changed++;
        const kind =
          old === undefined
            ? 'joined before an upper-case letter (was left apart)'
            : current.includes('-')
              ? 'hyphen kept (was dropped)'
              : 'hyphen dropped (was kept)';
        changes[kind] ??= [];
        changes[kind].push(
          `${path.basename(file)} p${p}: ${old ?? `${line.split(/\s/).at(-1)} / ${next.split(/\s/)[0]}`} → ${current}`,
        );
      }
    }
  }
  await pdf.destroy();
}
const results = {
  date: new Date().toISOString(),
  node: process.version,
  ...totals,
  changedByKind: Object.fromEntries(Object.entries(changes).map(([kind, list]) => [kind, list.length])),
  changes,
};
writeFileSync('bench/results/pdf-dehyphenation.json', `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify({ ...results, changes: undefined }, null, 2));
for (const [kind, list] of Object.entries(changes)) console.log(`\n${kind}:\n  ${list.join('\n  ')}`);
