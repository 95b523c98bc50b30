/** Builds a small mixed-format corpus in a temporary folder for end-to-end tests. */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The NTSB report about the Piper PA-22-150 near Tallahassee (shipped in `examples/`). */
export const PIPER_REPORT = path.resolve('examples/20071229X02007.pdf');

/** The shared test data (`../shared/data`), present on CI and absent from a clean clone. */
export const SHARED_DATA = path.resolve('../shared/data');

/** True when {@link SHARED_DATA} holds `relative`; tests that need it skip otherwise. */
export function hasSharedData(relative = ''): boolean {
  return existsSync(path.join(SHARED_DATA, relative));
}

/** A fresh temporary folder. */
export function tempDir(prefix = 'cairn-test-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/**
 * Writes: guide.md (headed Markdown), notes/plain.txt (with BOM, NUL and invalid UTF-8),
 * page.html (with nav/script noise), reports/piper.pdf (real NTSB report), empty.txt,
 * broken.pdf (a truncated real PDF) and blob.bin (binary). Returns the folder.
 */
export function writeMixedCorpus(dir = tempDir()): string {
  mkdirSync(path.join(dir, 'notes'), { recursive: true });
  mkdirSync(path.join(dir, 'reports'), { recursive: true });
  writeFileSync(
    path.join(dir, 'guide.md'),
    [
      '# Field Guide',
      '',
      'An introduction to the marmot colonies of the high valley.',
      '',
      '## Burrows',
      '',
      'Marmots dig burrows under granite boulders and hibernate from October to April.',
      '',
      '## Diet',
      '',
      '| food | season |',
      '| --- | --- |',
      '| grasses | summer |',
      '| lichen | spring |',
    ].join('\n'),
  );
  const plain = Buffer.concat([
    Buffer.from([0xef, 0xbb, 0xbf]),
    Buffer.from('Quokkas live on Rottnest Island.\u0000 They are marsupials. Bad byte: '),
    Buffer.from([0xc3, 0x28]),
    Buffer.from('\n'),
  ]);
  writeFileSync(path.join(dir, 'notes', 'plain.txt'), plain);
  writeFileSync(
    path.join(dir, 'page.html'),
    `<!doctype html><html><head><title>Lighthouses</title><style>.x{color:red}</style>
     <script>var secretTracker = "zzyzx";</script></head>
     <body><nav><a href="/">Home</a> navigationonlyword</nav>
     <main><h1>Lighthouses</h1><p>The Fresnel lens concentrates lamp light into a beam.</p></main>
     <footer>footeronlyword</footer></body></html>`,
  );
  copyFileSync(PIPER_REPORT, path.join(dir, 'reports', 'piper.pdf'));
  writeFileSync(path.join(dir, 'empty.txt'), '   \n\t\n');
  writeFileSync(path.join(dir, 'broken.pdf'), readFileSync(PIPER_REPORT).subarray(0, 1500));
  // An ELF header: binary, and no parser's format.
  const elf = [0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0x3e, 0];
  writeFileSync(path.join(dir, 'blob.bin'), Buffer.from(elf));
  return dir;
}
