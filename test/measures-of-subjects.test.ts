import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { tempDir } from './support/corpus.js';

// Three annual reports (a water authority's, a school district's, a charity's) as Markdown: a
// question asking for a measure of a subject the report names ("the state revolving fund loans",
// "its food banks", "its teachers") without giving that measure was answered from the closest
// figures (another debt's rate, the number of food banks).
describe('a measure of a named subject (SQLite file, Markdown annual reports)', { timeout: 120_000 }, () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(path.join(tempDir(), 'measures.db')) });
    await engine.ingestPaths([path.resolve('test/fixtures/annual-reports')], { include: ['*.md'] });
  }, 120_000);
  afterAll(() => engine.close());

  it('answers a measure the report gives in a table row, a sentence or "at" a rate', async () => {
    const grants = await engine.ask(
      'How much revenue did Fabrikam Unified School District receive from federal grants in 2024?',
    );
    expect(grants.notFound).toBe(false);
    expect(grants.text).toContain('| Federal grants | 32,450 | 47,900 |');
    const mortgage = await engine.ask(
      'What interest rate does Northwind Relief Trust pay on its warehouse mortgage?',
    );
    expect(mortgage.notFound).toBe(false);
    const site = await engine.ask(
      'What price did Fabrikam Unified School District pay for its new school site?',
    );
    expect(site.notFound).toBe(false);
    expect(site.text).toContain('$6.3 million');
  });

  it('says "not found" for a measure the report does not give of a subject it names', async () => {
    const loans = await engine.ask(
      'What interest rate did Contoso Water Authority pay on its state revolving fund loans?',
    );
    expect(loans.notFound).toBe(true);
    expect(loans.text).toContain('does not state the interest rate of the state revolving fund loans');
    const rent = await engine.ask('What rent did Northwind Relief Trust pay for its food banks?');
    expect(rent.notFound).toBe(true);
    const salary = await engine.ask(
      'What salary did Fabrikam Unified School District pay its teachers on average?',
    );
    expect(salary.notFound).toBe(true);
    expect(salary.text).toContain('the salary of the teachers');
  });
});
