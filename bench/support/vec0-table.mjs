// sqlite-vec's vec0 table as the dense benches measure it beside cairn: float32 vectors, cosine
// distance, two metadata columns for the 10% and 1% filters (`tenth` = i % 10, `bucket` = i % 100),
// WAL with synchronous NORMAL, one transaction per 1,000 rows, rowid = the vector's index.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Opens `file` as a new database holding an empty vec0 table `v` of `dimension` components. */
export function createVec0Table(file, dimension) {
  const Database = require('better-sqlite3');
  const db = new Database(file);
  require('sqlite-vec').load(db);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(
    `CREATE VIRTUAL TABLE v USING vec0(embedding float[${dimension}] distance_metric=cosine, bucket integer, tenth integer)`,
  );
  return db;
}

/**
 * Inserts the first `n` vectors of `vectors` (row-major, `dimension` components each) into `db`'s
 * table `v` in transactions of 1,000 rows; returns the wall seconds and the CPU seconds (user +
 * system) of this process that took.
 */
export function insertVec0(db, vectors, dimension, n) {
  const insert = db.prepare('INSERT INTO v (rowid, embedding, bucket, tenth) VALUES (?, ?, ?, ?)');
  const began = performance.now();
  const cpu = process.cpuUsage();
  for (let start = 0; start < n; start += 1000) {
    db.transaction(() => {
      for (let i = start; i < Math.min(n, start + 1000); i++) {
        insert.run(
          BigInt(i),
          Buffer.from(vectors.buffer, vectors.byteOffset + i * dimension * 4, dimension * 4),
          BigInt(i % 100),
          BigInt(i % 10),
        );
      }
    })();
  }
  const used = process.cpuUsage(cpu);
  return { seconds: (performance.now() - began) / 1000, cpuSeconds: (used.user + used.system) / 1e6 };
}
