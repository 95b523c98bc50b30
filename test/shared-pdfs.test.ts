import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { hasSharedData, SHARED_DATA, tempDir } from './support/corpus.js';

const PDFS = path.join(SHARED_DATA, 'pdfs');

// The shared PDFs live outside the repository (../shared/data/pdfs): absent from a clean clone.
describe.skipIf(!hasSharedData('pdfs'))(
  'the 13 shared PDFs (10 NTSB reports, 3 NIH protocols; needs ../shared/data/pdfs)',
  () => {
    it('ingest with no failure, come back unchanged, and keep key/value table rows on one line', async () => {
      const engine = await createEngine({ store: await openStore(path.join(tempDir(), 'pdfs.db')) });
      const first = await engine.ingestPaths([PDFS], { include: ['**/*.pdf'] });
      expect(first.totals).toMatchObject({ ingested: 13, failed: 0, skipped: 0 });
      const second = await engine.ingestPaths([PDFS], { include: ['**/*.pdf'] });
      expect(second.totals).toMatchObject({ ingested: 0, unchanged: 13 });

      const ntsb = (await engine.listDocuments()).filter((d) => d.documentId.startsWith('ntsb/'));
      expect(ntsb).toHaveLength(10);
      for (const doc of ntsb) {
        const text: string[] = [];
        for await (const batch of engine.store.iterChunks({
          collection: 'default',
          documentIds: [doc.documentId],
        })) {
          text.push(...batch.map((c) => c.text));
        }
        const all = text.join('\n');
        // Labels and their values share a line, and the two columns of a table row stay together.
        expect(all, doc.documentId).toMatch(/^Location: .+ \| Accident Number: [A-Z0-9]+$/m);
        expect(all, doc.documentId).toMatch(/^Aircraft: .+ \| Aircraft Damage: \w+/m);
      }
      const piper = await engine.search('Tallahassee Piper PA-22-150 trees utility wires', { topK: 1 });
      expect(piper.hits[0]!.chunk.documentId).toBe('ntsb/20071229X02007.pdf');
      await engine.close();
    });
  },
);
