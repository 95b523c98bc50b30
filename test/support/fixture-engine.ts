/** An engine over a fixture round's files, for the tests of sets written blind to the engine. */
import path from 'node:path';
import { createEngine, type Engine } from '../../src/engine/engine.js';
import { openStore } from '../../src/engine/store-schemes.js';
import { tempDir } from './corpus.js';

/** An engine over a new SQLite file holding `include` (globs) of `test/fixtures/<round>`'s files. */
export async function engineOver(round: string, include: string[]): Promise<Engine> {
  const engine = await createEngine({ store: await openStore(path.join(tempDir(), `${round}.db`)) });
  await engine.ingestPaths([path.resolve('test/fixtures', round)], { include });
  return engine;
}
