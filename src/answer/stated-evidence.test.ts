import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hit } from '../core/types.js';
import { createEngine, type Engine } from '../engine/engine.js';
import { openStore } from '../engine/store-schemes.js';
import { chatNotFound, NOT_FOUND_TEXT } from './ask.js';
import { askedStatement, COMMON_SHARE, judgeStatement, stemsMatch } from './stated-evidence.js';

function hit(id: string, text: string): Hit {
  return {
    chunk: {
      id: `${id}:0`,
      documentId: id,
      sourceId: id,
      ordinal: 0,
      text,
      headingPath: [],
      pageStart: 1,
      pageEnd: 1,
      tokenCount: 1,
      metadata: {},
    },
    score: 1,
    scores: { lexical: 1 },
  };
}

// Text as it stands in quarterly filings (cash-flow rows, the forward-looking boilerplate, a
// repurchase programme's terms): each shares the words "acquisitions" or "divestitures" with the
// question without stating that one happened.
const cashFlows =
  '|  | June 25, 2022 | June 26, 2021 |\n| --- | --- | --- |\n' +
  '| Payments for acquisition of property, plant and equipment | (7,419) | (7,862) |\n' +
  '| Payments made in connection with business acquisitions, net | (169) | (13) |';
const forwardLooking =
  'Unless specifically indicated otherwise, the forward-looking statements in this Form 10-Q do not ' +
  'reflect the potential impact of any divestitures, mergers, acquisitions, or other business ' +
  'combinations that have not been completed as of the date of this filing.';
const programme =
  'The Company repurchased $19.0 billion of its common stock during the first quarter of 2023. ' +
  'The Program does not obligate the Company to acquire a minimum amount of shares.';
const pending =
  'If the acquisition is completed, the acquired company will be included in our foundry operating segment.';
const divested =
  'In YTD 2022, we recognized a gain of $1.0 billion from the first closing of the divestiture of our NAND memory business.';

const rare = (terms: string[]) => new Map(terms.map((t) => [t, 0.05]));

describe('askedStatement', () => {
  it('reads the subject after "any" up to the clause naming where or when, one term list per alternative', () => {
    expect(
      askedStatement(
        'Did the company disclose any significant acquisitions or divestitures in the Q2 2023 10-Q?',
      ),
    ).toEqual({
      kind: 'existence',
      text: 'significant acquisitions or divestitures',
      subjects: [['acquisit'], ['divestitur']],
    });
    expect(
      askedStatement(
        'Were there any significant business acquisitions or divestitures mentioned by the company?',
      ),
    ).toMatchObject({ subjects: [['busi', 'acquisit'], ['divestitur']] });
    // A second question after "and what" is not part of the subject.
    expect(
      askedStatement(
        'Has the company engaged in any share repurchase activities and what are the implications?',
      )?.subjects,
    ).toEqual([['share', 'repurchas', 'activ']]);
    expect(askedStatement('Did the Beech A23 suffer any landing gear failure?')?.subjects).toEqual([
      ['land', 'gear', 'failur'],
    ]);
  });

  it('reads nothing from questions that do not ask whether something is there', () => {
    expect(askedStatement('What was the net income in the second quarter?')).toBeUndefined();
    expect(askedStatement('How does the carbon offsetting relate to the meal allowance?')).toBeUndefined();
    // "any" after a wh-word asks for a list, not whether there is one.
    expect(askedStatement('Which risks does the report name, if any?')).toBeUndefined();
    // Only request words after "any": nothing to look for.
    expect(askedStatement('Are there any significant changes?')).toBeUndefined();
  });
});

describe('stemsMatch', () => {
  it('matches a word’s forms by stem prefix, never a verb with its noun of another stem', () => {
    expect(stemsMatch('fail', 'failur')).toBe(true);
    expect(stemsMatch('divestitur', 'divestitur')).toBe(true);
    expect(stemsMatch('acquir', 'acquisit')).toBe(false);
    // Stems under four letters match only themselves.
    expect(stemsMatch('use', 'user')).toBe(false);
  });
});

describe('judgeStatement', () => {
  const asked = askedStatement(
    'Did the company disclose any significant acquisitions or divestitures in the quarter?',
  )!;

  it('is not stated by table rows, hypothetical sentences or the verb of another stem', () => {
    const chunks = [hit('a', cashFlows), hit('b', forwardLooking), hit('c', programme), hit('d', pending)];
    const judged = judgeStatement(asked, chunks, rare(['acquisit', 'divestitur']));
    expect(judged).toMatchObject({ stated: false, required: ['acquisit', 'divestitur'] });
    expect(judged.looked.map((h) => h.chunk.documentId)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('is stated by a factual sentence holding an alternative’s term', () => {
    const judged = judgeStatement(
      asked,
      [hit('a', cashFlows), hit('e', divested)],
      rare(['acquisit', 'divestitur']),
    );
    expect(judged).toMatchObject({ stated: true, passage: divested });
  });

  it('needs the rarest specific term of an alternative, and judges nothing when every term is common', () => {
    const gear = askedStatement('Did the airplane suffer any landing gear failure?')!;
    const report = hit(
      'r',
      'The touchdown was hard and the airplane bounced. Subsequently the nosewheel landing gear failed aft.',
    );
    const frequency = new Map([
      ['land', 0.6],
      ['gear', 0.2],
      ['failur', 0.05],
    ]);
    // "failed" states the rarest term "failure".
    expect(judgeStatement(gear, [report], frequency)).toMatchObject({ stated: true, required: ['failur'] });
    const engine = askedStatement('Did the airplane suffer any engine failure?')!;
    const form = hit(
      'f',
      'Engine Manufacturer: Lycoming\nEngine Model/Series: O-320-E2D\nRated Power: 150 hp',
    );
    const cause = hit(
      'p',
      'The pilot was hesitant to input an aggressive correction due to the groundspeed.',
    );
    expect(
      judgeStatement(
        engine,
        [form, cause],
        new Map([
          ['engin', 0.1],
          ['failur', 0.15],
        ]),
      ),
    ).toMatchObject({ stated: false, required: ['engin'] });
    expect(
      judgeStatement(
        engine,
        [form, cause],
        new Map([
          ['engin', COMMON_SHARE],
          ['failur', 1],
        ]),
      ),
    ).toMatchObject({ stated: true, required: [] });
  });
});

describe('chatNotFound', () => {
  it('reads a reply that opens with "I could not find" as not found even when it cites where it looked', () => {
    expect(
      chatNotFound('I could not find any acquisition in the report; the closest: [1] [2].', [1, 2]),
    ).toBe(true);
    expect(chatNotFound('The sources do not contain the answer.', [])).toBe(true);
    expect(chatNotFound('The report does not contain a segment note, but revenue grew 5% [1].', [1])).toBe(
      false,
    );
  });
});

// End to end through the engine (real SQLite store, real chunker): two filings whose words are the
// same; only one states a divestiture in a sentence of prose.
describe('honest "not found" when the asked filing does not state the subject', () => {
  const section = (title: string, body: string) => `## ${title}\n\n${body}\n\n`;
  const filing = (name: string, extra: string) =>
    `# ${name} quarterly report\n\nFor the quarterly period ended July 1, 2023.\n\n` +
    section('Cash flows', cashFlows) +
    section('Forward-looking statements', forwardLooking) +
    section('Share repurchases', programme) +
    section(
      'Liquidity',
      'Our balances of cash, cash equivalents and unrestricted marketable securities will be sufficient to satisfy our cash requirements over the next 12 months.',
    ) +
    section(
      'Segments',
      'Net sales in the Americas segment increased during the third quarter of 2023 compared to the same quarter in 2022 due primarily to higher net sales of services.',
    ) +
    extra;
  const filings: Record<string, string> = {
    'contoso-2023-q3.md': filing('Contoso', ''),
    'fabrikam-2023-q3.md': filing('Fabrikam', section('Divestitures', divested)),
  };
  let engine: Engine;
  beforeAll(async () => {
    // Small chunks: one section a chunk, so a term in one section is not common in the filing.
    engine = await createEngine({ store: await openStore(':memory:'), chunkSize: 64, chunkOverlap: 0 });
    for (const [name, text] of Object.entries(filings)) {
      await engine.ingestSource(
        { name, bytes: new TextEncoder().encode(text), mediaType: 'text/markdown' },
        { documentId: name },
      );
    }
  });
  afterAll(() => engine.close());

  it('says not found, what is not stated and where it looked, for the filing that only names the subject', async () => {
    const answer = await engine.ask(
      'Did Contoso disclose any significant acquisitions or divestitures in the quarter?',
    );
    expect(answer.notFound).toBe(true);
    expect(answer.text.startsWith(NOT_FOUND_TEXT)).toBe(true);
    expect(answer.text).toContain(
      'contoso-2023-q3.md does not state any significant acquisitions or divestitures',
    );
    expect(answer.sources.length).toBeGreaterThan(0);
    expect(answer.sources.every((s) => s.hit.chunk.documentId === 'contoso-2023-q3.md')).toBe(true);
    expect(answer.cited).toEqual(answer.sources.map((s) => s.n));
  });

  it('answers the same question about the filing that states it', async () => {
    const answer = await engine.ask(
      'Did Fabrikam disclose any significant acquisitions or divestitures in the quarter?',
    );
    expect(answer.notFound).toBe(false);
    expect(answer.text).toContain('divestiture of our NAND memory business');
  });

  it('leaves other questions about the same filing alone', async () => {
    const answer = await engine.ask('How much common stock did Contoso repurchase?');
    expect(answer.notFound).toBe(false);
  });
});
