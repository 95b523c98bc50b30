import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testHit } from '../../test/support/hits.js';
import { createEngine, type Engine } from '../engine/engine.js';
import { openStore } from '../engine/store-schemes.js';
import { NOT_FOUND_TEXT } from './ask.js';
import { copiedHits } from './boilerplate.js';
import { askedStatement, judgeStatement, statedEvidence } from './stated-evidence.js';
import { tellsEarlier } from './supposition.js';

// What a sentence states depends on its context: when it tells of (an earlier time, a supposition),
// and whether the document wrote it or copied it (an agency's standard text, carried each quarter).

const rare = (terms: string[]) => new Map(terms.map((t) => [t, 0.05]));

describe('askedStatement: qualifiers', () => {
  it('leaves "new" and "other" out of a subject that other words name', () => {
    const asked = askedStatement(
      'Did Contoso Transit disclose any new electric buses in the Q3 2023 report?',
    );
    expect(asked).toMatchObject({ kind: 'existence', subjects: [['electr', 'buse']] });
    // A subject of qualifiers only keeps them.
    expect(askedStatement('Were there any new disclosures?')).toMatchObject({
      subjects: [['new', 'disclosur']],
    });
  });

  it('is stated by a sentence that does not write the qualifier', () => {
    const asked = askedStatement(
      'Did Contoso Transit disclose any new electric buses in the Q3 2023 report?',
    )!;
    const fleet = testHit(
      'transit-2023-q3.md',
      'The authority ran 66 buses in the quarter, after two electric buses entered service in August.',
    );
    expect(judgeStatement(asked, [fleet], rare(['new', 'electr', 'buse'])).stated).toBe(true);
  });
});

describe('tellsEarlier', () => {
  it('reads a span back, "previously" and the prior period, not an earlier telling of the same fact', () => {
    expect(
      tellsEarlier('About one year prior to the accident, in a different airplane, the pilot lost control.'),
    ).toBe(true);
    expect(tellsEarlier('The team previously completed a study which showed a lower incidence.')).toBe(true);
    expect(tellsEarlier('In the prior year, we acquired a payments business.')).toBe(true);
    expect(
      tellsEarlier('As previously disclosed, we completed the acquisition of a payments business.'),
    ).toBe(false);
    expect(tellsEarlier('The airplane struck a runway sign during the landing roll.')).toBe(false);
    // After a comma or a bracket, "previously" describes a former role, not the time told (stop 47).
    expect(
      tellsEarlier('Laura Penn resigned in April; Raj Mehta, previously financial controller, took over.'),
    ).toBe(false);
    expect(tellsEarlier('Ward 4 (previously the day unit) reopened in May.')).toBe(false);
  });
});

describe('judgeStatement: the time and mood of the stating sentence', () => {
  it('is not stated by a sentence telling of an earlier event', () => {
    const asked = askedStatement('Did the airplane strike any runway sign in the accident?')!;
    const earlier = testHit(
      'report.md',
      'About one year prior to the accident, in a different airplane, the pilot also lost control and struck a runway sign.',
    );
    const terms = rare(['runwai', 'sign']);
    expect(judgeStatement(asked, [earlier], terms).stated).toBe(false);
    const now = testHit('report.md', 'The airplane veered off the runway and struck a runway sign.', {
      ordinal: 1,
    });
    expect(judgeStatement(asked, [earlier, now], terms)).toMatchObject({
      stated: true,
      statedBy: ['report.md:1'],
    });
  });

  it('does not relate two sides by a sentence that supposes', () => {
    const asked = askedStatement('How do the legal proceedings relate to the reserves for losses?')!;
    const sides = testHit(
      'filing.md',
      'We are subject to legal proceedings in several countries. We hold reserves for losses on receivables.',
    );
    const supposing = testHit(
      'filing.md',
      'Developments in legal proceedings could affect the reserves for losses we hold.',
      { ordinal: 1 },
    );
    const frequency = rare(['legal', 'proceed', 'reserv', 'loss']);
    expect(judgeStatement(asked, [sides, supposing], frequency)).toMatchObject({
      stated: true,
      related: false,
    });
  });

  it('is not stated when one side is common and the other is stated nowhere', () => {
    const asked = askedStatement('How does operating revenue relate to the cost of treatment chemicals?')!;
    const report = testHit('water-2023-q2.md', 'Operating revenue rose with a warm, dry May.');
    const frequency = new Map([
      ['oper', 0.6],
      ['revenu', 0.6],
      ['cost', 0],
      ['treatment', 0],
      ['chemic', 0],
    ]);
    expect(judgeStatement(asked, [report], frequency)).toMatchObject({ stated: false });
  });
});

// On real SQLite files: three accident reports of three operators carry an agency's standard
// paragraph about its mandate, which names "safety recommendations"; only one report issues one.
const mandate =
  'The Board is an independent agency mandated to investigate transportation accidents, determine their ' +
  'probable causes, issue safety recommendations, study transportation safety issues and evaluate the ' +
  'safety effectiveness of government agencies.';
// Sections of their own, so that a term of one section is in few of a report's chunks.
const facts = (name: string) =>
  `## Pilot\n\nThe ${name} pilot held a private certificate with 420 hours of flight time.\n\n` +
  `## Weather\n\nThe wind at the ${name} departure airport was from 270 degrees at 8 knots.\n\n` +
  `## Wreckage\n\nThe ${name} airplane came to rest upright on a grass verge beside the taxiway.\n\n` +
  `## Injuries\n\nThe ${name} pilot and the passenger were not injured.\n\n`;
const report = (name: string, body: string) =>
  `# ${name} accident report\n\n## Analysis\n\n${body}\n\n${facts(name)}## About the Board\n\n${mandate}\n`;
const reports: Record<string, string> = {
  'contoso-air-accident.md': report(
    'Contoso Air',
    'The pilot reported that the touchdown was hard and the airplane bounced. The nosewheel landing gear failed aft and the airplane slid to a stop.',
  ),
  'fabrikam-aviation-accident.md': report(
    'Fabrikam Aviation',
    'The maintenance records showed an annual inspection in March. The engine lost power during the climb because the fuel selector was set to an empty tank. The Board issued two safety recommendations to the manufacturer about the placement of the fuel selector.',
  ),
  'northwind-charter-accident.md': report(
    'Northwind Charter',
    'The helicopter struck a power line during a low pass over the river in gusting wind.',
  ),
};

async function reportsEngine(): Promise<Engine> {
  const engine = await createEngine({ store: await openStore(':memory:'), chunkSize: 64, chunkOverlap: 0 });
  for (const [name, text] of Object.entries(reports)) {
    await engine.ingestSource(
      { name, bytes: new TextEncoder().encode(text), mediaType: 'text/markdown' },
      { documentId: name },
    );
  }
  return engine;
}

describe('statedEvidence: copied text states nothing of the document', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await reportsEngine();
  });
  afterAll(() => engine.close());

  const question = 'Did the Contoso Air accident report announce any safety recommendations?';
  const copied = async (hits: Parameters<typeof copiedHits>[1]) =>
    (await copiedHits(engine, hits)).boilerplate;

  it('is stated by the standard paragraph when copies are not probed', async () => {
    const found = await statedEvidence(engine, question, ['contoso-air-accident.md']);
    expect(found).toMatchObject({ stated: true });
  });

  it('is not stated when the only stating chunk is copied in other reports', async () => {
    const found = await statedEvidence(engine, question, ['contoso-air-accident.md'], {}, { copied });
    expect(found).toMatchObject({ stated: false });
  });

  it('is stated by the report that writes it itself', async () => {
    const asked = 'Did the Fabrikam Aviation accident report announce any safety recommendations?';
    const found = await statedEvidence(engine, asked, ['fabrikam-aviation-accident.md'], {}, { copied });
    expect(found).toMatchObject({ stated: true });
  });
});

describe('ask: an existence question answered only by standard text', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await reportsEngine();
  });
  afterAll(() => engine.close());

  it('says not found for the report whose only mention is the copied paragraph', async () => {
    const answer = await engine.ask(
      'Did the Contoso Air accident report announce any safety recommendations?',
    );
    expect(answer.notFound).toBe(true);
    expect(answer.text.startsWith(NOT_FOUND_TEXT)).toBe(true);
    expect(answer.text).toContain('contoso-air-accident.md does not state any safety recommendations');
  });

  it('answers the same question about the report that issues one', async () => {
    const answer = await engine.ask(
      'Did the Fabrikam Aviation accident report announce any safety recommendations?',
    );
    expect(answer.notFound).toBe(false);
    expect(answer.text).toContain('issued two safety recommendations');
  });

  it('says not found for a relation whose second side the report states nowhere, its first in most chunks', async () => {
    // Another report holds "maintenance records": no word of the question is absent from the collection.
    const answer = await engine.ask(
      'In the Northwind Charter accident report, how did Northwind Charter relate to the maintenance records?',
    );
    expect(answer.notFound).toBe(true);
    expect(answer.text).toContain('northwind-charter-accident.md does not state what relates');
  });
});
