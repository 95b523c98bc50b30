import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testHit } from '../../test/support/hits.js';
import type { Hit } from '../core/types.js';
import { createEngine, type Engine } from '../engine/engine.js';
import { openStore } from '../engine/store-schemes.js';
import { chatNotFound, NOT_FOUND_TEXT } from './ask.js';
import {
  askedStatement,
  COMMON_SHARE,
  denies,
  holdsAbbreviation,
  judgeStatement,
  namesInstance,
  onlyInCompound,
  statesChange,
  statesQuantity,
  stemsMatch,
  verbStems,
  verbWords,
} from './stated-evidence.js';

function hit(id: string, text: string): Hit {
  return testHit(id, text);
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

/** The subjects an existence question asks for, or its relation's sides' terms. */
const subjectsOf = (question: string) => {
  const asked = askedStatement(question);
  return asked?.kind === 'existence' ? asked.subjects : undefined;
};
const sideTermsOf = (question: string) => {
  const asked = askedStatement(question);
  return asked?.kind === 'relation' ? asked.terms : undefined;
};

/**
 * An engine over in-memory SQLite holding `filings` (name: Markdown), each its own document. Small
 * chunks: one section a chunk, so a term in one section is not common in the filing.
 */
async function filingsEngine(filings: Record<string, string>): Promise<Engine> {
  const engine = await createEngine({ store: await openStore(':memory:'), chunkSize: 64, chunkOverlap: 0 });
  for (const [name, text] of Object.entries(filings)) {
    await engine.ingestSource(
      { name, bytes: new TextEncoder().encode(text), mediaType: 'text/markdown' },
      { documentId: name },
    );
  }
  return engine;
}

describe('askedStatement', () => {
  it('reads the subject after "any" up to the clause naming where or when, one term list per alternative', () => {
    expect(
      askedStatement(
        'Did the company disclose any significant acquisitions or divestitures in the Q2 2023 10-Q?',
      ),
    ).toEqual({
      kind: 'existence',
      text: 'any significant acquisitions or divestitures',
      subjects: [['acquisit'], ['divestitur']],
      significant: true,
    });
    expect(
      askedStatement(
        'Were there any significant business acquisitions or divestitures mentioned by the company?',
      ),
    ).toMatchObject({ subjects: [['busi', 'acquisit'], ['divestitur']] });
    // A second question after "and what" is not part of the subject.
    expect(
      subjectsOf('Has the company engaged in any share repurchase activities and what are the implications?'),
    ).toEqual([['share', 'repurchas', 'activ']]);
    expect(subjectsOf('Did the Beech A23 suffer any landing gear failure?')).toEqual([
      ['land', 'gear', 'failur'],
    ]);
  });

  it('reads "is there a …" as an existence question (stop 62)', () => {
    expect(askedStatement('Is there a café on board the Skelby Harbour Ferry?')).toMatchObject({
      kind: 'existence',
      text: 'that there is a café',
      subjects: [['café']],
    });
    expect(subjectsOf('Are there lockers at the station?')).toEqual([['locker']]);
    expect(subjectsOf('Is there any parking near the quay?')).toEqual([['park']]);
    // "What does … say about …" is not judged: asked of the latest version, an older one that
    // says it answers (stop 62's bench: ten answerable questions refused).
    expect(
      askedStatement('What does the latest Fernhill library guide say about the seed library?'),
    ).toBeUndefined();
    // Not a thing that is of what follows it: documents state limits and rules in their own words.
    expect(askedStatement('Are there rules for dogs on board the ferry?')).toBeUndefined();
    expect(askedStatement('Is there a limit on bicycles on the ferry?')).toBeUndefined();
    // Not other questions opening with "is" or "what does".
    expect(askedStatement('Is the ferry running today?')).toBeUndefined();
    expect(askedStatement('What does a half plot cost?')).toBeUndefined();
  });

  it('reads the subject after a noun naming its telling and after "anything about"', () => {
    // "account", "details", "mention" name the telling, not what is told.
    expect(subjectsOf('Does the Contoso Cessna report give any account of the wind conditions?')).toEqual([
      ['wind', 'condit'],
    ]);
    expect(subjectsOf('Did the manual include any mention of winter storage?')).toEqual([
      ['winter', 'storag'],
    ]);
    // "fact" names the telling too, whatever qualifies it ("material").
    expect(askedStatement('Does the report state any material fact about net sales?')).toMatchObject({
      subjects: [['net', 'sale']],
    });
    expect(askedStatement('Does the report state any material fact about net sales?')).not.toHaveProperty(
      'significant',
    );
    expect(subjectsOf('Does the Contoso Cessna report say anything about the wind conditions?')).toEqual([
      ['wind', 'condit'],
    ]);
    // "report" named the document; "provide" is the verb, "details on" the telling.
    expect(askedStatement('Does the Contoso Cessna report provide details on icing?')).toMatchObject({
      text: 'details on icing',
      subjects: [['ic']],
    });
    // Elsewhere "account" names a thing.
    expect(subjectsOf('Were there any customer accounts closed in the quarter?')).toEqual([
      ['custom', 'account', 'close'],
    ]);
  });

  it('reads nothing from questions that do not ask whether something is there', () => {
    expect(askedStatement('What was the net income in the second quarter?')).toBeUndefined();
    expect(askedStatement('How does the company use derivative instruments?')).toBeUndefined();
    // "any" after a wh-word asks for a list, not whether there is one.
    expect(askedStatement('Which risks does the report name, if any?')).toBeUndefined();
    // Only request words after "any": nothing to look for.
    expect(askedStatement('Are there any significant changes?')).toBeUndefined();
  });

  it('reads a change question as what changed, after "in", "to" or "of", up to a relative clause', () => {
    expect(
      askedStatement(
        "Are there any notable changes in the company's liquidity position or cash flows as reported in these reports?",
      ),
    ).toEqual({
      kind: 'existence',
      text: "any notable changes in the company's liquidity position or cash flows",
      subjects: [['liquid'], ['cash', 'flow']],
      change: true,
    });
    expect(
      askedStatement('Are there any changes to the dashboard refresh in the 2.0 release notes?'),
    ).toMatchObject({ subjects: [['dashboard', 'refresh']], change: true });
    // A relative clause without "that" ("the pilot used") is not what changed.
    expect(askedStatement('Were there any changes in the runway the pilot used at Wausau?')).toMatchObject({
      text: 'any changes in the runway',
      subjects: [['runwai']],
      change: true,
    });
    // "Of" after a noun of what changed stays in it.
    expect(
      subjectsOf('Does the protocol describe any changes in the buccal pressure of the cheeks?'),
    ).toEqual([['buccal', 'pressur', 'cheek']]);
    // "Changes or new disclosures": the subject being stated at all is enough.
    expect(
      askedStatement(
        'Are there any significant changes or new disclosures in the accounting policies in the report?',
      ),
    ).toEqual({
      kind: 'existence',
      text: 'any significant changes or new disclosures in the accounting policies',
      subjects: [['account', 'polici']],
    });
    // A head naming something ("new business acquisitions") is the subject itself, without its
    // qualifier ("new").
    expect(
      askedStatement('Did the company report any new business acquisitions in the quarter?'),
    ).toMatchObject({ text: 'any new business acquisitions', subjects: [['busi', 'acquisit']] });
    expect(
      askedStatement('Did the company report any new business acquisitions in the quarter?'),
    ).not.toHaveProperty('change');
  });

  it('reads the object of a verb of disclosure without "any", not a noun that looks like one', () => {
    expect(
      askedStatement("Did the report on the RV-8 at Latrobe disclose the pilot's prior incident?"),
    ).toEqual({
      kind: 'existence',
      text: "the pilot's prior incident",
      subjects: [['pilot', 'prior', 'incid']],
      // What else the question names: a table row's label may (stop 55).
      context: ['rv', 'latrob'],
    });
    expect(askedStatement('Did the company report an increase in services revenue in the quarter?')).toEqual({
      kind: 'existence',
      text: 'an increase in services revenue',
      subjects: [['servic', 'revenu']],
      change: true,
      context: ['compani', 'increas', 'quarter'],
    });
    // A clause after the verb asks for more than whether something is there.
    expect(askedStatement('Does the report state whether the pilot was injured?')).toBeUndefined();
    expect(askedStatement('Did the company disclose how much it spent on research?')).toBeUndefined();
  });
});

describe('an existence subject told by the verb its noun derives from (stop 45)', () => {
  it('verbStems gives the verb of a noun whose stem the stemmer leaves apart from it', () => {
    expect(verbStems('acquisit')).toEqual(['acquir']); // acquisitions, acquired
    expect(verbStems('expans')).toEqual(['expand']);
    expect(verbStems('extens')).toEqual(['extend']);
    expect(verbStems('decis')).toEqual(['decid']);
    expect(verbStems('closur')).toEqual(['close']);
    expect(verbStems('merger')).toEqual(['merg']);
    expect(verbStems('issuanc')).toEqual(['issu']);
    // Searched by its words: "agre" stemmed again would be "agr", which "agreed" is not.
    expect(verbStems('agreement')).toEqual(['agre']);
    expect(verbWords('agreement')).toEqual(['agree']);
    // Endings of nouns not derived from a verb: "finance" is no "fine", "pressure" no "press".
    expect(verbStems('financ')).toEqual([]);
    expect(verbStems('pressur')).toEqual([]);
    expect(verbStems('officer')).toEqual([]);
  });

  it('is stated by the row a question names in a table whose column names the subject (stop 55)', () => {
    const table =
      '| Dish | Gluten | Milk | Eggs |\n| --- | --- | --- | --- |\n' +
      '| Fish pie | No | Yes | Yes |\n| Sticky toffee pudding | Yes | Yes | Yes |';
    const gluten = askedStatement('Does the fish pie contain gluten?')!;
    // "No" answers the question as much as "Yes": the row states it.
    expect(judgeStatement(gluten, [hit('t', table)], rare(['gluten']))).toMatchObject({
      stated: true,
      passage: '| Fish pie | No | Yes | Yes |',
    });
    // A dish no row names, a column no header names: not stated.
    expect(
      judgeStatement(askedStatement('Does the burger contain gluten?')!, [hit('t', table)], rare(['gluten']))
        .stated,
    ).toBe(false);
    expect(
      judgeStatement(
        askedStatement('Does the fish pie contain celery?')!,
        [hit('t', table)],
        rare(['celeri']),
      ).stated,
    ).toBe(false);
  });

  it('is stated by a sentence telling the verb, a significant one when it names what it was done to', () => {
    const acquisitions = askedStatement(
      'Did the group report any significant acquisitions in the half year?',
    )!;
    const acquired =
      'In March 2024 the Group acquired Old Mill Brewery, a cask ale brewer in Kendal, for £4.2 million.';
    expect(judgeStatement(acquisitions, [hit('a', acquired)], rare(['acquisit']))).toMatchObject({
      stated: true,
      passage: acquired,
    });
    // The verb done to nothing named tells no significant acquisition.
    const plan = 'In fiscal 2023, 1.2 million shares were acquired under the Plan at a cost of $41 million.';
    expect(judgeStatement(acquisitions, [hit('p', plan)], rare(['acquisit'])).stated).toBe(false);
    const decisions = askedStatement('Were there any decisions about the inpatient unit?')!;
    const decided = 'The trustees decided in January to reopen the second floor of the inpatient unit.';
    expect(judgeStatement(decisions, [hit('d', decided)], rare(['decis', 'inpati', 'unit']))).toMatchObject({
      stated: true,
    });
    // A relation side too: "the provision made for it" is told by "provided £85,000 for it".
    const provision = askedStatement('How does the legal claim relate to the provision made for it?')!;
    const provided = 'The trustees dispute the claim; on legal advice they have provided £85,000 for it.';
    expect(judgeStatement(provision, [hit('p', provided)], rare(['legal', 'claim', 'provis']))).toMatchObject(
      {
        stated: true,
        related: true,
        passage: provided,
      },
    );
    // A sentence that denies the verb denies the noun.
    const mergers = askedStatement('Did the hospice report any mergers?')!;
    const none = 'The trustees have no plans to merge with another hospice.';
    expect(judgeStatement(mergers, [hit('m', none)], rare(['merger']))).toMatchObject({
      stated: false,
      denial: none,
    });
  });
});

describe('askedStatement of a relation question', () => {
  it('reads the two sides of "relate to", "relationship between", "correlate … with" and "reflect on"', () => {
    expect(
      askedStatement(
        'How does the carbon offsetting in the 2024 travel policy relate to the per diem meal allowance?',
      ),
    ).toEqual({
      kind: 'relation',
      sides: ['the carbon offsetting', 'the per diem meal allowance'],
      terms: [
        ['carbon', 'offset'],
        ['per', 'diem', 'meal', 'allow'],
      ],
      juxtaposed: false,
      // Each side opens with a compound: its last word is its head.
      heads: ['offset', 'allow'],
    });
    // "R&D" is kept as its initials (see holdsAbbreviation); "ones" leaves no two-letter stem.
    expect(
      askedStatement(
        "For the company's Q1 2023 10-Q, what is the relationship between R&D expenditures and the launch of new services or expansion of existing ones?",
      ),
    ).toMatchObject({
      sides: ['R&D expenditures', 'the launch of new services or expansion of existing ones'],
      terms: [
        ['&rd', 'expenditur'],
        ['launch', 'servic', 'expans', 'exist'],
      ],
    });
    // A qualifier ("new") or a change noun ("the rise in") is no word a relating sentence must
    // write when other words name the side ("Foot passenger numbers rose 11%").
    expect(
      askedStatement('How does the marketing spend relate to the rise in foot passengers?'),
    ).toMatchObject({
      terms: [
        ['market', 'spend'],
        ['foot', 'passeng'],
      ],
      heads: ['spend', 'passeng'],
    });
    // A clause naming whose thing a side is stays; one naming the document or time it is in goes.
    expect(
      askedStatement("How does the rise in Tollgate's treatment costs relate to electricity prices?"),
    ).toMatchObject({
      sides: ["the rise in Tollgate's treatment costs", 'electricity prices'],
    });
    expect(
      askedStatement(
        'How did the loss of directional control relate to the ground loop of the Sorrell SNJ-7?',
      ),
    ).toMatchObject({ sides: ['the loss of directional control', 'the ground loop'] });
    // A closing clause naming the time in words goes too.
    expect(
      askedStatement("How did Brightwell's R&D spending relate to its revenue in the half year?"),
    ).toMatchObject({
      sides: ["Brightwell's R&D spending", 'its revenue'],
    });
    expect(
      askedStatement(
        "How does the rise in Tollgate's treatment costs in the 2025 half-year report relate to prices?",
      ),
    ).toMatchObject({ sides: ["the rise in Tollgate's treatment costs", 'prices'] });
    // A two-letter stem of a word that is no function word names something ("ag" of "age"); "on"
    // of "ones" does not (above).
    expect(
      sideTermsOf('How does the discussion on electric bus grants relate to the age of the fleet?'),
    ).toEqual([
      ['electr', 'bu', 'grant'],
      ['ag', 'fleet'],
    ]);
    // A side of one naming word before a participle or a determiner has no compound head.
    expect(askedStatement('How did the seized valves relate to the time the repair took?')).toMatchObject({
      heads: ['valv', undefined],
    });
    expect(
      askedStatement('How does the fund spending relate to the interest paid to members?'),
    ).toMatchObject({ heads: ['spend', undefined] });
    expect(
      sideTermsOf(
        'What relationship can be seen between equipment spending and the introduction of new treatments?',
      ),
    ).toEqual([
      ['equip', 'spend'],
      ['introduct', 'treatment'],
    ]);
    expect(
      sideTermsOf(
        'How did the inventory levels in the Q3 2022 report reflect on the supply chain efficiency?',
      ),
    ).toEqual([
      ['inventori', 'level'],
      ['suppli', 'chain', 'effici'],
    ]);
  });

  it('leaves out words naming a part of the document or the form of its figures, and terms of both sides', () => {
    // "details", "statements", "discussion" name parts; "debt" is on both sides.
    expect(
      sideTermsOf(
        'For the Q1 2023 10-Q, correlate the details of debt instruments in the financial statements with the management discussion on debt strategy.',
      ),
    ).toEqual([
      ['instrument', 'financi'],
      ['manag', 'strategi'],
    ]);
    // "figures" is the form the revenue takes, not what is asked about.
    expect(
      sideTermsOf("In Q1 2023, how did the company's operating spending relate to its revenue figures?"),
    ).toEqual([['compani', 'oper', 'spend'], ['revenu']]);
    expect(
      askedStatement(
        'For the Q1 2023 10-Q, correlate the details of debt instruments in the financial statements with the management discussion on debt strategy.',
      ),
    ).toMatchObject({ juxtaposed: true });
    expect(
      askedStatement('How does the information about legal proceedings relate to the reserves set?'),
    ).toMatchObject({
      juxtaposed: false,
    });
    // A side of only shared or part words: nothing to judge.
    expect(askedStatement('How does the debt discussion relate to the debt section?')).toBeUndefined();
  });
});

describe('holdsAbbreviation', () => {
  it('matches initials joined by "&" as written or spelled out', () => {
    expect(holdsAbbreviation('R&D expense grew 12%.', '&rd')).toBe(true);
    expect(holdsAbbreviation('costs of research and development of new products', '&rd')).toBe(true);
    expect(holdsAbbreviation('no mergers and acquisitions closed', '&ma')).toBe(true);
    expect(holdsAbbreviation('the risk of default on the notes', '&rd')).toBe(false);
  });

  it('needs "and" where the "&" stands: words that only begin with its letters do not spell it', () => {
    // "receivable due" begins with R and D: no research and development (Intel's Q3 2023 10-Q).
    expect(holdsAbbreviation('we also have a receivable due from the NAND OpCo Business', '&rd')).toBe(false);
    expect(holdsAbbreviation('Research & Development rose', '&rd')).toBe(true);
    expect(holdsAbbreviation('SG&A fell 4%', '&sga')).toBe(true);
    expect(holdsAbbreviation('selling, general and administrative expenses fell', '&sga')).toBe(true);
    expect(holdsAbbreviation('sales and administration costs', '&sga')).toBe(false);
    // "and" right after a comma closes a list, it joins no abbreviation's words (NVIDIA's Q2 2023 10-Q).
    expect(holdsAbbreviation('products used for training, refining, and deploying models', '&rd')).toBe(
      false,
    );
  });

  it('holds an abbreviation spelled out only as the documents spell it, when that is known', () => {
    const spelled = 'research and development';
    expect(holdsAbbreviation('our research and development teams', '&rd', spelled)).toBe(true);
    expect(holdsAbbreviation('R&D expenses rose', '&rd', spelled)).toBe(true);
    expect(holdsAbbreviation('the risk and default provisions', '&rd', spelled)).toBe(false);
    const asked = askedStatement(
      'What relationship can be seen between the R&D (research and development) spending and new products?',
    )!;
    expect(asked).toMatchObject({ spelled: { '&rd': 'research and development' } });
  });
});

describe('onlyInCompound', () => {
  it('reads a word leading a hyphenated compound of other words as no word of the subject', () => {
    const split =
      'We regularly experience increases in our net shipping cost due to complimentary upgrades, split-shipments, and additional long-zone shipments.';
    expect(onlyInCompound(split, 'split', ['stock', 'split'])).toBe(true);
    expect(onlyInCompound('The board approved a two-for-one stock split.', 'split', ['stock', 'split'])).toBe(
      false,
    );
    // The compound's other words are the subject's: "cyber-attacks" are cyber attacks.
    expect(onlyInCompound('Two cyber-attacks hit the network.', 'cyber', ['cyber', 'attack'])).toBe(false);
    // The word ends the compound: "share-split" is a split.
    expect(onlyInCompound('The share-split took effect in May.', 'split', ['stock', 'split'])).toBe(false);
  });

  it('leaves a stock split unstated by a sentence naming split-shipments', () => {
    const asked = askedStatement('Did the company announce a stock split in its Q3 report?')!;
    const split =
      'We regularly experience increases in our net shipping cost due to complimentary upgrades, split-shipments, and additional long-zone shipments.';
    expect(judgeStatement(asked, [hit('s', split)], rare(['split', 'stock'])).stated).toBe(false);
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

  it('reads a final "i" the stemmer made of a "y" as that "y"', () => {
    // "employed" stems to "emploi", "employees" to "employe".
    expect(stemsMatch('emploi', 'employe')).toBe(true);
    expect(stemsMatch('employe', 'emploi')).toBe(true);
    expect(statesQuantity('We employed 1,240 people at September 30, 2026.', ['employe'], 'count')).toBe(
      true,
    );
    // The evidence search looks for the verb of a noun of who is acted on (stop 56).
    expect(verbWords('employe')).toContain('employ');
    expect(verbWords('traine')).toContain('train');
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

describe('statesChange', () => {
  it('reads a word of change unless a negation stands within the three words before it', () => {
    expect(statesChange('During the third touch-and-go, the wind shifted to a crosswind.')).toBe(true);
    expect(statesChange('Due to the increased buccal pressure, the arch narrows.')).toBe(true);
    expect(statesChange('Net sales decreased 4% compared to the same quarter in 2022.')).toBe(true);
    // A replacement, a split, a move is a change (stop 47).
    expect(statesChange('From 2 November, route 12 runs every 20 minutes instead of every 30.')).toBe(true);
    expect(statesChange('Six large plots were split into half plots in March.')).toBe(true);
    expect(statesChange('The clinic relocated to the health centre in May.')).toBe(true);
    expect(
      statesChange('Our contractual cash requirements have not changed materially since the annual report.'),
    ).toBe(false);
    expect(statesChange('There were no material changes in our liquidity during the quarter.')).toBe(false);
    expect(statesChange('The alveolar height in this region is not increased.')).toBe(false);
    expect(statesChange('The reported weather included calm winds and a broken ceiling.')).toBe(false);
  });
});

describe('judgeStatement: denials and the clause a supposing sentence states', () => {
  const damp = askedStatement('Did the survey find any rising damp?')!;
  const frequency = rare(['rise', 'damp', 'tile', 'loos', 'roof', 'injuri']);

  it('keeps a sentence denying the subject as the denial when no other sentence states it', () => {
    const none = 'No rising damp was found.';
    expect(
      judgeStatement(damp, [hit('a', 'The walls are solid brick.'), hit('b', none)], frequency),
    ).toMatchObject({
      stated: false,
      denial: none,
      passageChunk: 'b:0',
    });
    expect(
      judgeStatement(damp, [hit('b', 'Rising damp was not found in the cellar.')], frequency).denial,
    ).toBeDefined();
    // A sentence stating it wins over one denying it.
    const found = 'Rising damp was found along the rear wall.';
    expect(judgeStatement(damp, [hit('b', none), hit('c', found)], frequency)).toMatchObject({
      stated: true,
      passage: found,
    });
  });

  it('reads a negation only near the subject', () => {
    expect(denies('No rising damp was found.', 'damp')).toBe(true);
    expect(denies('There have been no material acquisitions.', 'acquisit')).toBe(true);
    expect(denies('Rising damp was not found.', 'damp')).toBe(true);
    expect(denies('Rising damp was found, though no repair was made.', 'damp')).toBe(false);
  });

  it('reads what a supposing sentence states in a whole clause before it supposes', () => {
    const tiles = askedStatement('Did the survey find any loose roof tiles?')!;
    const loose = 'Two ridge tiles at the gable end are loose and should be re-bedded.';
    expect(judgeStatement(tiles, [hit('a', loose)], rare(['loos', 'roof', 'tile']))).toMatchObject({
      stated: true,
      passage: 'Two ridge tiles at the gable end are loose',
    });
    // A subject before the modal without a whole clause is supposed, not stated.
    expect(
      judgeStatement(tiles, [hit('a', 'Loose ridge tiles may let water in.')], rare(['loos', 'roof', 'tile']))
        .stated,
    ).toBe(false);
  });

  it('reads the subject of "have any X been …" without the verb', () => {
    expect(askedStatement('Have any injuries been reported from the fan heater?')).toMatchObject({
      text: 'any injuries',
      subjects: [['injuri']],
    });
  });
});

describe('judgeStatement of a change question', () => {
  const asked = askedStatement('Are there any changes in the alveolar height?')!;
  const frequency = rare(['alveolar', 'height']);

  it('is not stated by a sentence holding the subject without a change, or with a negated one', () => {
    const judged = judgeStatement(
      asked,
      [
        hit('a', 'The alveolar height was measured on the cephalograms.'),
        hit('b', 'The alveolar height in this region is not increased.'),
        hit('c', 'There may be a decrease in the alveolar height of the incisors.'),
      ],
      frequency,
    );
    expect(judged).toMatchObject({ stated: false, required: ['alveolar'] });
  });

  it('reads a change of an organisation’s people from someone leaving or appointed, whatever it calls them', () => {
    const staff = askedStatement('Did the museum trust report any staff changes?')!;
    const terms = rare(['staff']);
    const people =
      '### People\n\nOur curator, Dr Hannah Price, stepped down in October 2024; Mark Ellis was appointed acting curator.';
    expect(judgeStatement(staff, [hit('p', people)], terms).stated).toBe(true);
    expect(
      judgeStatement(staff, [hit('v', '### People\n\nThe trust has 64 volunteers.')], terms).stated,
    ).toBe(false);
    // Only a subject naming people: a retirement states no change of fares.
    const fares = askedStatement('Did the museum report any fare changes?')!;
    expect(judgeStatement(fares, [hit('p', people)], rare(['fare'])).stated).toBe(false);
  });

  it('reads the aspect "size" as no word a change must write', () => {
    expect(askedStatement('Were there any changes in plot sizes at Greyfriars?')).toMatchObject({
      subjects: [['plot']],
      change: true,
    });
  });

  it('reads someone leaving or taking a role as a change of staff', () => {
    const staff = askedStatement('Did the harbour authority report any staff changes?')!;
    expect(staff).toMatchObject({ subjects: [['staff']], change: true });
    const terms = rare(['staff']);
    const retired =
      '### Staff\n\nThe harbour master, Ann Rhys, retired in June; her deputy, Tom Bevan, took over on 1 July.';
    expect(judgeStatement(staff, [hit('r', retired)], terms).stated).toBe(true);
    expect(
      judgeStatement(staff, [hit('s', '### Staff\n\nThe authority has nine staff.')], terms).stated,
    ).toBe(false);
  });

  it('reads a compound whose head is a change noun as a change of what qualifies it', () => {
    const fares = askedStatement('Did Kyle Ferries report any fare changes in the quarter?')!;
    expect(fares).toMatchObject({ subjects: [['fare']], change: true });
    const terms = rare(['fare']);
    expect(judgeStatement(fares, [hit('a', 'Fares did not change in the quarter.')], terms).stated).toBe(
      false,
    );
    expect(judgeStatement(fares, [hit('b', 'Adult fares rose by 20p on 1 July.')], terms).stated).toBe(true);
    // A change noun alone, or after a qualifier only, is no compound: "any significant changes".
    expect(askedStatement('Were there any significant changes?')).not.toMatchObject({ change: true });
  });

  it('reads a sentence under a heading joining topics as about the topic it writes', () => {
    const fares = askedStatement('Did Kyle Ferries report any fare changes in the quarter?')!;
    const terms = rare(['fare']);
    // "Fuel costs" tell of costs, not fares; "expenditure" names the same kind of amount as costs.
    for (const sentence of [
      'Fuel costs for the quarter were £212,000, 9% lower than a year earlier.',
      'Fuel expenditure fell because the new propellers cut fuel use.',
    ]) {
      expect(judgeStatement(fares, [hit('c', `### Fares and costs\n\n${sentence}`)], terms).stated).toBe(
        false,
      );
    }
    // A sentence writing none of the heading's topics is about all of them.
    expect(
      judgeStatement(
        fares,
        [hit('d', '### Fares and costs\n\nFrom 1 July the peak supplement increased.')],
        terms,
      ).stated,
    ).toBe(true);
  });

  it('needs every specific term of what changed, not only the rarest, but not the aspect word', () => {
    const pressure = askedStatement('Are there any changes in the buccal pressure?')!;
    const terms = new Map([
      ['buccal', 0.1],
      ['pressur', 0.05],
    ]);
    const air = hit('a', 'The air pressure in the chamber increased during the test.');
    expect(judgeStatement(pressure, [air], terms)).toMatchObject({ stated: false, required: ['pressur'] });
    const cheeks = 'The buccal pressure of the cheeks increased during sucking.';
    expect(judgeStatement(pressure, [air, hit('b', cheeks)], terms)).toMatchObject({
      stated: true,
      passage: cheeks,
    });
    // "Position" names the aspect: a change of liquidity is stated without it.
    const liquidity = askedStatement('Are there any changes in the liquidity position?')!;
    expect(liquidity).toMatchObject({ subjects: [['liquid']] });
    const weaker = 'Our liquidity declined as cash was used for repurchases.';
    expect(judgeStatement(liquidity, [hit('c', weaker)], new Map([['liquid', 0.1]]))).toMatchObject({
      stated: true,
      passage: weaker,
    });
  });

  it('is stated by a factual sentence holding the subject and a change', () => {
    const grew = 'The alveolar height increased by 2 mm after treatment.';
    expect(
      judgeStatement(asked, [hit('a', 'The alveolar height was measured.'), hit('d', grew)], frequency),
    ).toMatchObject({ stated: true, passage: grew });
  });
});

// Sentences as quarterly filings write them: R&D spending and new services each stated, linked or not.
const rdExpense =
  'Research and development expense increased $1.1 billion or 12% during the first quarter of 2023, driven primarily by higher headcount-related expenses.';
const launched =
  'During the quarter, the Company announced a new streaming service and new cloud services for small businesses.';
const rdLinked =
  'Technology and infrastructure costs include payroll and related expenses for employees involved in the research and development of new and existing products and services.';

describe('judgeStatement of a relation', () => {
  const asked = askedStatement(
    'What is the relationship between R&D spending and the launch of new services?',
  )!;
  const frequency = rare(['spend', 'launch', 'new', 'servic']);

  it('is stated but not related when each side is stated and no sentence relates them', () => {
    const judged = judgeStatement(asked, [hit('a', rdExpense), hit('b', launched)], frequency);
    expect(judged).toMatchObject({ stated: true, related: false, sides: [rdExpense, launched] });
    // Both sides in one sentence without a word that relates them are not related either.
    const listed = 'Research and development expense and revenue from new services are presented below.';
    expect(judgeStatement(asked, [hit('c', listed)], frequency)).toMatchObject({
      stated: true,
      related: false,
    });
  });

  it('is related by one sentence holding both sides without a linking word, unless it only presents them', () => {
    const together =
      'Research and development expense rose after the Company began the launch of new services for small businesses.';
    expect(judgeStatement(asked, [hit('a', rdExpense), hit('c', together)], frequency)).toMatchObject({
      related: true,
      passage: together,
    });
    const table =
      'Research and development expense and the launch of new services are shown in the following table.';
    expect(judgeStatement(asked, [hit('c', table)], frequency)).toMatchObject({ related: false });
  });

  it('is related by a sentence that states the link before it supposes', () => {
    const consequence =
      'The launch of new services was delayed, so research and development spending should fall next quarter.';
    expect(judgeStatement(asked, [hit('c', consequence)], frequency)).toMatchObject({
      stated: true,
      related: true,
    });
    // A supposing sentence that estimates a figure states it.
    const estimate =
      'Moving research and development spending to the new site would speed the launch of new services by 3 months.';
    expect(judgeStatement(asked, [hit('c', estimate)], frequency)).toMatchObject({ related: true });
    // A sentence that supposes the link itself states nothing.
    const risk = 'Research and development spending could affect the launch of new services.';
    expect(judgeStatement(asked, [hit('c', risk)], frequency).related).not.toBe(true);
  });

  it('is related by two sentences of a paragraph when the second refers back by a pronoun', () => {
    const apart =
      'Research and development spending was $2.1 billion. This paid for the launch of new services.';
    expect(judgeStatement(asked, [hit('c', apart)], frequency)).toMatchObject({ related: true });
    const unrelated =
      'Research and development spending was $2.1 billion. The launch of new services was announced.';
    expect(judgeStatement(asked, [hit('c', unrelated)], frequency)).toMatchObject({ related: false });
  });

  it('reads a sentence with the terms of its section heading, in the chunk text or its heading path', () => {
    const abroad = askedStatement('How does working abroad relate to approval from human resources?')!;
    // "Work" is in most of a remote work policy's passages: "abroad" must be stated.
    const frequency = new Map([...rare(['abroad', 'approv', 'human', 'resourc']), ['work', 0.5]]);
    const policy =
      '## Working abroad\n\nWorking from another country is allowed for up to 20 days with approval from human resources.';
    expect(judgeStatement(abroad, [hit('p', policy)], frequency)).toMatchObject({ related: true });
    const under = testHit(
      'p',
      'Working from another country is allowed for up to 20 days with approval from human resources.',
      { headingPath: ['Remote work policy', 'Working abroad'] },
    );
    expect(judgeStatement(abroad, [under], frequency)).toMatchObject({ related: true });
  });

  it('is related by a sentence holding both sides and a linking word, the abbreviation spelled out', () => {
    const judged = judgeStatement(asked, [hit('a', rdExpense), hit('d', rdLinked)], frequency);
    expect(judged).toMatchObject({ stated: true, related: true, passage: rdLinked });
  });

  it('is not stated when a side is stated in no sentence', () => {
    const judged = judgeStatement(
      asked,
      [hit('a', rdExpense), hit('c', programme), hit('r', cashFlows)],
      frequency,
    );
    expect(judged).toMatchObject({ stated: false, sides: [rdExpense, undefined] });
  });

  it('is related by each side stated when both sides name the part of the document they are in', () => {
    const parts = askedStatement(
      'How does the R&D expense in the financial statements relate to the discussion on new services?',
    )!;
    expect(parts).toMatchObject({ juxtaposed: true });
    expect(judgeStatement(parts, [hit('a', rdExpense), hit('b', launched)], frequency)).toMatchObject({
      stated: true,
      related: true,
    });
  });

  it('reads an abbreviation the search spelled out in brackets as the abbreviation alone', () => {
    const plain = askedStatement(
      'What relationship can be seen between the R&D spending and the introduction of new products?',
    )!;
    const expanded = askedStatement(
      'What relationship can be seen between the R&D (research and development) spending and the introduction of new products?',
    )!;
    expect(plain.kind).toBe('relation');
    expect(expanded).toMatchObject({ terms: plain.kind === 'relation' ? plain.terms : [] });
    // "develop" of the brackets is no word of the side: developing products relates nothing to R&D.
    const develop =
      'As a result, we may have to change our practices and develop non-infringing products, which could result in a loss of revenue.';
    const rd = 'Total R&D expenses for the quarter were $3.9 billion, down 10%.';
    const launch = 'The introduction of new products in the quarter lifted client revenue.';
    const shares = rare(['spend', 'introduct', 'product', 'develop', 'research']);
    expect(
      judgeStatement(expanded, [hit('d', develop), hit('r', rd), hit('l', launch)], shares),
    ).toMatchObject({ stated: true, related: false });
  });

  it('needs a passage relating the sides when only one side names a part of the document', () => {
    const asked = askedStatement(
      'In the Q3 report, analyze the relationship between global market revenues and the discussion on foreign exchange risk.',
    )!;
    expect(asked).toMatchObject({ juxtaposed: false });
    const shares = rare(['global', 'market', 'revenu', 'foreign', 'exchang', 'risk']);
    // Each side stated apart (the filing says where its revenue came from and that its foreign
    // exchange risks did not change): nothing relates them.
    const revenue = 'We generated 65% of our global market revenues from sales outside of the United States.';
    const risk =
      'There have been no material changes to the foreign exchange risks described in our Form 10-K.';
    expect(judgeStatement(asked, [hit('r', revenue), hit('x', risk)], shares)).toMatchObject({
      stated: true,
      related: false,
    });
    const tied =
      'Many of our global market revenues are in other currencies, so changes in foreign exchange rates may significantly affect revenues.';
    expect(judgeStatement(asked, [hit('r', revenue), hit('x', risk), hit('t', tied)], shares)).toMatchObject({
      stated: true,
      related: true,
      passage: tied,
    });
    // Revenue in most passages: the side's head still holds it where nothing of its kind
    // qualifies it ("these revenues", "affect revenue"), not where something does ("cloud revenue").
    const common = new Map([...shares, ['revenu', 0.4]]);
    const international =
      'Many of these revenues are denominated in other currencies. As a result, changes in foreign exchange rates may significantly affect revenue.';
    expect(
      judgeStatement(asked, [hit('r', revenue), hit('x', risk), hit('i', international)], common),
    ).toMatchObject({ stated: true, related: true });
    const cloud = 'Cloud revenue grew 20%, helped by foreign exchange rates.';
    expect(judgeStatement(asked, [hit('r', revenue), hit('x', risk), hit('c', cloud)], common)).toMatchObject(
      {
        stated: true,
        related: false,
      },
    );
  });

  it('holds a compound side by its rarest qualifier, not by a commoner one alone', () => {
    const asked = askedStatement('How did the inventory levels reflect on their supply chain efficiency?')!;
    // "chain" is in fewer passages than "supply": a sentence naming suppliers tells no supply
    // chain efficiency (Microsoft's Q1 2023 10-Q, stop 49's sec-forms-blind).
    const shares = new Map([...rare(['inventori', 'level', 'effici']), ['chain', 0.02], ['suppli', 0.08]]);
    const suppliers =
      'We regularly review inventory quantities on hand and future purchase commitments with our suppliers.';
    expect(judgeStatement(asked, [hit('s', suppliers)], shares)).toMatchObject({
      stated: false,
      sides: [suppliers, undefined],
    });
    const chain = 'Lower inventory levels reflect a faster supply chain.';
    expect(judgeStatement(asked, [hit('s', suppliers), hit('c', chain)], shares)).toMatchObject({
      stated: true,
      related: true,
      passage: chain,
    });
  });

  it('holds a compound side by a word qualifying its head, not by the head alone when a qualifier is rarer', () => {
    const fund = askedStatement(
      'What relationship can be seen between the book fund spending and visits to Central Library?',
    )!;
    // "spending" is in more passages than "book" and "fund": "holiday spending" is no book fund spending.
    const shares = new Map([...rare(['book', 'fund', 'visit', 'central', 'librari']), ['spend', 0.15]]);
    const holiday =
      'Holiday spending in the town centre was strong in December, and visits to Central Library that month were the highest for five years.';
    const bookFund = 'Book fund spending was £412,000, of which £128,000 was spent on e-books.';
    expect(judgeStatement(fund, [hit('h', holiday), hit('b', bookFund)], shares)).toMatchObject({
      stated: true,
      related: false,
      sides: [bookFund, holiday],
    });
    // Parts set side by side: "risk" names the register's risks, "flood" is stated nowhere.
    const flood = askedStatement('How does the discussion of flood risk relate to branch visitor numbers?')!;
    expect(flood).toMatchObject({ juxtaposed: false });
    const risks =
      'The main risks on the register are a cyber attack on the library system and the condition of the Westfield roof.';
    const visits = 'Westfield branch had 118,000 visitors and Millgate branch 96,500.';
    const floodShares = new Map([...rare(['branch', 'visitor', 'number']), ['flood', 0], ['risk', 0.1]]);
    expect(judgeStatement(flood, [hit('r', risks), hit('v', visits)], floodShares)).toMatchObject({
      stated: false,
      sides: [undefined, visits],
    });
    // A qualifier holds the side alone; a head the documents never write leaves it unstated.
    const marketing = askedStatement('How does the marketing spend relate to the rise in foot passengers?')!;
    const campaign = 'Foot passenger numbers rose 11%, helped by the spring marketing campaign.';
    const spendShares = new Map([...rare(['market', 'foot', 'passeng']), ['spend', 0.2]]);
    expect(judgeStatement(marketing, [hit('c', campaign)], spendShares)).toMatchObject({
      stated: true,
      related: true,
      passage: campaign,
    });
    const hedging = askedStatement('How do euro ticket revenues relate to the discussion on fuel hedging?')!;
    const fuel = 'Fuel costs were £4.7 million, lower as the price of marine gas oil fell.';
    const euro = 'Ticket sales priced in euros made up 12% of passenger revenue.';
    const fuelShares = new Map([...rare(['euro', 'ticket', 'revenu', 'fuel']), ['hedg', 0]]);
    expect(judgeStatement(hedging, [hit('f', fuel), hit('e', euro)], fuelShares)).toMatchObject({
      stated: false,
      sides: [euro, undefined],
    });
  });

  it('judges nothing when every term of a side is common', () => {
    const common = new Map([...frequency, ['launch', 0.5], ['new', 0.5], ['servic', COMMON_SHARE]]);
    expect(judgeStatement(asked, [hit('a', rdExpense), hit('c', programme)], common).stated).toBe(true);
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
    engine = await filingsEngine(filings);
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

// End to end (stop 58): "How many people did X employ?" asks for a count of employees; a report
// that names employees only in a control clause states none.
describe('a count of the people a company employs', () => {
  const reports: Record<string, string> = {
    'contoso-2023-q3.md':
      '# Contoso quarterly report\n\n## Operations\n\nWe are monitoring the conflict near our Cork site, including the safety of our approximately 1,240 employees in Ireland.\n\n## Controls\n\nAny fraud that involves management or other employees who have a significant role in internal control must be reported.\n',
    'fabrikam-2023-q3.md':
      '# Fabrikam quarterly report\n\n## Operations\n\nFabrikam employees volunteered at local schools throughout the quarter, and the company thanks its people for their work. Net sales in the Americas segment increased due to higher services revenue.\n\n## Controls\n\nAny fraud that involves management or other employees who have a significant role in internal control must be reported.\n',
  };
  let engine: Engine;
  beforeAll(async () => {
    engine = await filingsEngine(reports);
  });
  afterAll(() => engine.close());

  it('answers with the count of employees where the report states it', async () => {
    const answer = await engine.ask('How many people does Contoso employ in Ireland?');
    expect(answer.notFound).toBe(false);
    expect(answer.text).toContain('approximately 1,240 employees in Ireland');
  });

  it('says the report does not state how many employees where it names them only in passing', async () => {
    const answer = await engine.ask('How many people did Fabrikam employ according to its quarterly report?');
    expect(answer.notFound).toBe(true);
    expect(answer.text).toContain('fabrikam-2023-q3.md does not state how many employees');
  });
});

// End to end: two filings that both state their R&D expense and their new cloud services; only one
// states how they relate.
describe('a relation question about a filing that states both sides but not how they relate', () => {
  const section = (title: string, body: string) => `## ${title}\n\n${body}\n\n`;
  const filing = (name: string, extra: string) =>
    `# ${name} quarterly report\n\nFor the quarterly period ended April 1, 2023.\n\n` +
    section('Operating expenses', rdExpense) +
    section('Highlights', launched) +
    section('Forward-looking statements', forwardLooking) +
    section('Cash flows', cashFlows) +
    section('Share repurchases', programme) +
    extra;
  const filings: Record<string, string> = {
    'contoso-2023-q1.md': filing('Contoso', ''),
    'fabrikam-2023-q1.md': filing(
      'Fabrikam',
      section(
        'Research and development',
        'The increase in research and development spending reflects the new cloud services launched during the quarter.',
      ),
    ),
  };
  let engine: Engine;
  beforeAll(async () => {
    engine = await filingsEngine(filings);
  });
  afterAll(() => engine.close());

  it('says not found for the filing that states the sides apart, then quotes what it states of each', async () => {
    const answer = await engine.ask(
      "In Contoso's quarterly report, what is the relationship between research and development spending and new cloud services?",
    );
    expect(answer.notFound).toBe(true);
    expect(
      answer.text.startsWith(
        `${NOT_FOUND_TEXT} contoso-2023-q1.md does not state what relates research and development spending to new cloud services; what is stated about each: `,
      ),
    ).toBe(true);
    // What each side states is quoted and cited, from Contoso's filing only: Fabrikam's sentence
    // relating the two would read as Contoso's answer.
    expect(answer.text).toContain('Research and development expense increased $1.1 billion');
    expect(answer.text).not.toContain('reflects the new cloud services');
    expect(answer.cited.length).toBeGreaterThan(0);
    const cited = answer.sources.filter((s) => answer.cited.includes(s.n));
    expect(cited.every((s) => s.hit.chunk.documentId === 'contoso-2023-q1.md')).toBe(true);
    expect(answer.sources.length).toBeGreaterThan(0);
  });

  it('answers the same question about the filing that relates them without the note', async () => {
    const answer = await engine.ask(
      "In Fabrikam's quarterly report, what is the relationship between research and development spending and new cloud services?",
    );
    expect(answer.notFound).toBe(false);
    expect(answer.text).not.toContain('does not state');
  });
});

// End to end on a SQLite file: two filings that both state their liquidity; only one states that it
// changed. A question about changes in it is "not found" for the other, citing where it looked.
describe('a change question about a filing that states its subject but no change of it', () => {
  const section = (title: string, body: string) => `## ${title}\n\n${body}\n\n`;
  const filing = (name: string, liquidity: string) =>
    `# ${name} quarterly report\n\nFor the quarterly period ended July 1, 2023.\n\n` +
    section('Cash flows', cashFlows) +
    section('Forward-looking statements', forwardLooking) +
    section('Share repurchases', programme) +
    section('Liquidity', liquidity) +
    section(
      'Segments',
      'Net sales in the Americas segment increased during the third quarter of 2023 compared to the same quarter in 2022 due primarily to higher net sales of services.',
    ) +
    section('Divestitures', divested);
  const folder = mkdtempSync(path.join(tmpdir(), 'cairn-change-question-'));
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({
      store: await openStore(path.join(folder, 'filings.db')),
      chunkSize: 64,
      chunkOverlap: 0,
    });
    const filings = {
      'contoso-2023-q3.md': filing(
        'Contoso',
        'Our liquidity position remains strong. Our contractual cash requirements have not changed materially since the annual report.',
      ),
      'fabrikam-2023-q3.md': filing(
        'Fabrikam',
        'Our liquidity position weakened during the quarter: cash and marketable securities decreased by $3.0 billion.',
      ),
    };
    for (const [name, text] of Object.entries(filings)) {
      await engine.ingestSource(
        { name, bytes: new TextEncoder().encode(text), mediaType: 'text/markdown' },
        { documentId: name },
      );
    }
  });
  afterAll(async () => {
    await engine.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('says not found, naming what changed, for the filing that states no change', async () => {
    const answer = await engine.ask(
      'Are there any notable changes in Contoso’s liquidity position this quarter?',
    );
    expect(answer.notFound).toBe(true);
    expect(answer.text.startsWith(NOT_FOUND_TEXT)).toBe(true);
    expect(answer.text).toContain(
      'contoso-2023-q3.md does not state any notable changes in Contoso’s liquidity position',
    );
    expect(answer.sources.length).toBeGreaterThan(0);
    expect(answer.sources.every((s) => s.hit.chunk.documentId === 'contoso-2023-q3.md')).toBe(true);
    expect(answer.cited).toEqual(answer.sources.map((s) => s.n));
  });

  it('answers the same question about the filing that states a change', async () => {
    const answer = await engine.ask(
      'Are there any notable changes in Fabrikam’s liquidity position this quarter?',
    );
    expect(answer.notFound).toBe(false);
    expect(answer.text).toContain('decreased by $3.0 billion');
  });

  it('says not found for a disclosure question without "any" whose object only a supposing sentence names', async () => {
    // "Mergers" is only in the forward-looking boilerplate ("the potential impact of any … mergers").
    const answer = await engine.ask('Did Contoso disclose its mergers in the quarter?');
    expect(answer.notFound).toBe(true);
    expect(answer.text).toContain('contoso-2023-q3.md does not state its mergers');
  });
});

describe('an existence question asking for instructions, rules or guidance', () => {
  it('reads what the form noun is for as the subject', () => {
    expect(
      askedStatement('Does revision B of the HX-200 pump manual give any instructions for winter storage?'),
    ).toEqual({
      kind: 'existence',
      text: 'any instructions for winter storage',
      subjects: [['winter', 'storag']],
    });
    expect(askedStatement('Does the returns policy give any guidance on damaged parcels?')).toMatchObject({
      subjects: [['damag', 'parcel']],
    });
  });

  it('counts a sentence’s section heading with its terms', () => {
    const section: Hit = {
      ...hit(
        'manual-rev-b.md',
        '## Winter storage\n\nDrain the pump completely before storing it below 0 °C.',
      ),
    };
    section.chunk = { ...section.chunk, headingPath: ['HX-200 Pump Operating Manual', 'Winter storage'] };
    const limits = hit('manual-rev-b.md', '## Operating limits\n\nThe pump runs at up to 3,200 rpm.');
    const asked = askedStatement('Does the HX-200 pump manual give any instructions for winter storage?')!;
    const frequency = new Map([
      ['winter', 0.1],
      ['storag', 0.1],
    ]);
    const judged = judgeStatement(asked, [section, limits], frequency);
    expect(judged).toMatchObject({
      stated: true,
      passage: 'Drain the pump completely before storing it below 0 °C.',
    });
    // The document's title is no section heading: a sentence under it alone states nothing.
    const titled = hit('manual-rev-c.md', '# Winter storage guide\n\nThe pump runs at up to 3,600 rpm.');
    expect(judgeStatement(asked, [titled, limits], frequency).stated).toBe(false);
  });
});

// "Did X acquire any business?" names only the class of what was acquired; a report tells the
// acquisition by naming what it bought.
describe('an event question naming the class of what the event was done to', () => {
  const eventOf = (question: string) => {
    const asked = askedStatement(question);
    return asked?.kind === 'existence' ? asked.event : undefined;
  };

  it('reads the event verb before "any", past one preposition, and not a verb of telling or undergoing', () => {
    expect(eventOf('Did Contoso acquire any business in 2024?')).toBe('acquir');
    expect(eventOf('Has the Trust acquired any business in 2024?')).toBe('acquir');
    expect(eventOf('Has the Trust merged with any other charity during 2024?')).toBe('merg');
    expect(eventOf('Did Contoso disclose any significant acquisitions in the quarter?')).toBeUndefined();
    expect(eventOf('Did the airplane suffer any engine failure?')).toBeUndefined();
    expect(eventOf('Did Contoso make any acquisitions in 2024?')).toBeUndefined();
    expect(eventOf('Are there any changes in the refund policy?')).toBeUndefined();
    expect(eventOf("Did Contoso's revenue from any segment decline?")).toBeUndefined();
    expect(eventOf('Did revenue from any segment decline?')).toBeUndefined();
  });

  it('is told by the verb or its noun followed by a name, not by a date, a sum or an unnamed plan', () => {
    expect(
      namesInstance(
        'On May 1, 2024 the Authority acquired the Lakeside Mutual water system for $7.8 million.',
        'acquir',
      ),
    ).toBe(true);
    expect(namesInstance('In April 2024 the Trust merged with Eastside Community Pantry.', 'merg')).toBe(
      true,
    );
    expect(
      namesInstance(
        'In April 2024 the company completed the acquisition of Adatum Fasteners for $47.6 million.',
        'acquir',
      ),
    ).toBe(true);
    expect(namesInstance('The depot was acquired in May 2024 for $14.5 million.', 'acquir')).toBe(false);
    expect(namesInstance('The company may pursue further acquisitions of fastener makers.', 'acquir')).toBe(
      false,
    );
    expect(namesInstance(programme, 'acquir')).toBe(false);
    expect(
      namesInstance('In August 2024 the Authority issued $60.0 million of green revenue bonds.', 'issu'),
    ).toBe(false);
    // A short description with the name set beside it, or after "called" (stop 47).
    expect(
      namesInstance('The authority acquired a second-hand workboat, the Curlew, for £38,000.', 'acquir'),
    ).toBe(true);
    expect(namesInstance('The trust acquired a small hall called Elm House.', 'acquir')).toBe(true);
    // A clause after the comma names no thing: "acquired more land, Contoso said" is too far from
    // a description; a lower-case word after the comma names nothing.
    expect(namesInstance('The trust acquired more land, which it leases to farmers.', 'acquir')).toBe(false);
  });

  it('is told by an irregular past form when given dictionary forms, and only then', async () => {
    const { Inflectors } = await import('en-inflectors');
    const baseForm = (word: string) => new Inflectors(word).toPresent();
    const bought =
      "On November 4, 2024 the Authority bought the Tarn Valley bus company's depot for $14.5 million.";
    expect(namesInstance(bought, 'bui')).toBe(false);
    expect(namesInstance(bought, 'bui', baseForm)).toBe(true);
    expect(namesInstance('In June the Trust sold the Harbour Road warehouse.', 'sell', baseForm)).toBe(true);
    // A form of another verb, or the verb with nothing named after it, tells nothing.
    expect(namesInstance('In June the Trust sold the Harbour Road warehouse.', 'bui', baseForm)).toBe(false);
    expect(namesInstance('The depot was bought in May 2024 for $14.5 million.', 'bui', baseForm)).toBe(false);
  });

  describe('end to end', () => {
    const report = (name: string, events: string) =>
      `# ${name} annual report 2024\n\nThis report covers the year ended December 31, 2024.\n\n` +
      '## Operations\n\nThe clinics operated throughout the year under the standard maintenance plan.\n\n' +
      `## Events of the year\n\n${events}\n\n` +
      '## Outlook\n\nThe Trust may pursue further acquisitions of clinics if suitable targets become available.\n';
    let engine: Engine;
    beforeAll(async () => {
      engine = await filingsEngine({
        'contoso-trust-2024.md': report(
          'Contoso Trust',
          'On March 15, 2024 the Trust acquired the Brookside Surgical Centre for $22.4 million, adding six operating theatres.',
        ),
        'fabrikam-trust-2024.md': report(
          'Fabrikam Trust',
          'In July 2024 the Trust opened a second pharmacy and extended its opening hours.',
        ),
        'northwind-trust-2024.md': report(
          'Northwind Trust',
          'On September 2, 2024 the Trust bought the Millbrook Dental Practice for $3.1 million, adding four surgeries.',
        ),
      });
    });
    afterAll(() => engine.close());

    it('answers from the sentence naming what was acquired', async () => {
      const answer = await engine.ask('Did Contoso Trust acquire any business in 2024?');
      expect(answer.notFound).toBe(false);
      expect(answer.text).toContain('acquired the Brookside Surgical Centre');
    });

    it('answers from a sentence telling the verb in an irregular past form ("bought" for "buy")', async () => {
      const answer = await engine.ask('Did Northwind Trust buy any business in 2024?');
      expect(answer.notFound).toBe(false);
      expect(answer.text).toContain('bought the Millbrook Dental Practice');
      // The verb told is the one asked: nothing was sold.
      expect((await engine.ask('Did Northwind Trust sell any business in 2024?')).notFound).toBe(true);
    });

    it('still says not found where only a plan for acquisitions is told', async () => {
      const answer = await engine.ask('Did Fabrikam Trust acquire any business in 2024?');
      expect(answer.notFound).toBe(true);
    });
  });
});

// Sentences that share the asked word without telling an event: a list's lead-in, a list of kinds
// of expense.
describe('judgeStatement: lead-ins and kinds of expense', () => {
  const kinds = hit(
    'k',
    'The expenses include stock-based compensation expense, acquisition-related and other costs, acquisition termination cost and legal settlement costs.',
  );
  const leadIn = hit('l', 'Additional risks related to acquisitions include, but are not limited to:');
  const event = hit(
    'e',
    'In April 2024 the company completed the acquisition of Adatum Fasteners for $47.6 million in cash.',
  );
  const frequency = rare(['acquisit', 'divestitur']);

  it('is not stated by the lead-in of a list', () => {
    const asked = askedStatement('Did the company disclose any acquisitions in the quarter?')!;
    expect(judgeStatement(asked, [leadIn], frequency).stated).toBe(false);
    expect(judgeStatement(asked, [leadIn, event], frequency)).toMatchObject({
      stated: true,
      statedBy: ['e:0'],
    });
  });

  it('is stated as significant by a sentence telling what happened without a date or sum', () => {
    const damage = askedStatement('Did the airplane suffer any significant damage to its engine mount?')!;
    const bent = hit('b', 'Examination revealed damage to the engine mount, which was bent and cracked.');
    expect(
      judgeStatement(
        damage,
        [bent],
        new Map([
          ['damag', 0.05],
          ['engin', 0.3],
          ['mount', 0.05],
        ]),
      ).stated,
    ).toBe(true);
  });

  it('reads a sum accrued for a liability as the reserve set for it', () => {
    const asked = askedStatement(
      'How does the information about the patent lawsuits relate to the reserves set for these liabilities?',
    )!;
    const terms = rare(['patent', 'lawsuit', 'reserv', 'liabil']);
    const accrued = 'As of September 30, 2022, we accrued $264 million for the patent lawsuits.';
    expect(judgeStatement(asked, [hit('a', accrued)], terms)).toMatchObject({
      stated: true,
      related: true,
      passage: accrued,
    });
    // A reserve denied is stated as none.
    const none = 'We are defending the patent lawsuits; no provision has been made, as a loss is unlikely.';
    expect(judgeStatement(asked, [hit('n', none)], terms)).toMatchObject({ stated: true, related: true });
    // The practice of accruing names no reserve.
    const practice =
      'We review the patent lawsuits every quarter and adjust our accruals for them as appropriate.';
    expect(judgeStatement(asked, [hit('p', practice)], terms).related).not.toBe(true);
  });

  it('holds a compound side by the words after its head, whatever their share, beside its rarest qualifier', () => {
    const asked = askedStatement(
      'How does the information on legal contingencies correlate with the financial reserves set aside for these liabilities?',
    )!;
    // "set" and "aside" are rarer than any word qualifying "reserves" ("financial" is common): they
    // open what the reserves are for, and hold the side no more than "liabilities" does (NVIDIA's
    // Q3 2022 10-Q, sec-165 of the development questions).
    const shares = new Map([
      ...rare(['legal', 'conting', 'liabil']),
      ['financi', 0.4],
      ['reserv', 0.1],
      ['set', 0.01],
      ['asid', 0.01],
    ]);
    const none =
      'As of October 30, 2022, we have not recorded any accrual for contingent liabilities associated with the legal proceedings described above.';
    expect(judgeStatement(asked, [hit('n', none)], shares)).toMatchObject({ stated: true, related: true });
  });

  it('reads money spent told by another name as the spending a side asks for', () => {
    const asked = askedStatement(
      'In Q1 2023, how did the operational spending relate to its revenue figures?',
    )!;
    // "Operational" is common (every operating line holds it): the side is its spending.
    const terms = new Map([
      ['spend', 0.05],
      ['revenu', 0.05],
      ['oper', 0.5],
    ]);
    // "Spending" told as "expenses": a sum of money stated, and the next sentence refers back.
    const expenses =
      'Total R&D and MG&A expenses for Q1 2023 were $5.4 billion. These expenses represent 46.2% of revenue.';
    expect(judgeStatement(asked, [hit('a', expenses)], terms)).toMatchObject({ stated: true, related: true });
    // A word of spending in a sentence stating no sum holds no spending.
    const practice = 'We manage expenses carefully. Revenue grew in every region.';
    expect(judgeStatement(asked, [hit('p', practice)], terms)).toMatchObject({ stated: false });
  });

  it('is stated, for an event done to a thing, by a sentence telling the event of that thing', () => {
    const dairies = askedStatement('Were there any acquisitions of dairies in the half year?')!;
    expect(dairies).toMatchObject({ object: { event: 'acquisit', terms: ['dairi'] } });
    const terms = rare(['acquisit', 'dairi']);
    const bakery =
      'In March 2024 the Group completed the acquisition of Tidewater Bakeries Ltd for £6.4 million.';
    expect(judgeStatement(dairies, [hit('b', bakery)], terms).stated).toBe(false);
    // A heading holding the thing frames the sentence, it does not tell the event of it.
    expect(judgeStatement(dairies, [hit('h', `## Dairies and bakeries\n\n${bakery}`)], terms).stated).toBe(
      false,
    );
    const dairy =
      'In March 2024 the Group acquired Ashcombe Dairy, a cheese maker in Devon, for £2.1 million.';
    expect(judgeStatement(dairies, [hit('d', dairy)], terms)).toMatchObject({ stated: true, passage: dairy });
    // A thing the reports name everywhere ("businesses") is told by the acquiree's name.
    const businesses = askedStatement(
      'Did the company report any acquisitions of businesses in the quarter?',
    )!;
    const named = 'On February 22, 2023, we acquired 1Life Healthcare, Inc. for $3.5 billion.';
    expect(
      judgeStatement(businesses, [hit('n', named)], new Map([...rare(['acquisit']), ['busi', 0.6]])).stated,
    ).toBe(true);
  });

  it('is stated by an event told in other words: bought or sold a named thing, the disposal of one', () => {
    const acquisitions = askedStatement('Did the group make any acquisitions in 2024?')!;
    const bought =
      'In May the Group bought Kestrel Labels Ltd, a label printer in Leicester, for £5.2 million.';
    expect(judgeStatement(acquisitions, [hit('b', bought)], rare(['acquisit']))).toMatchObject({
      stated: true,
      passage: bought,
    });
    const customers = 'Customers bought 12% more folding cartons than in 2023.';
    expect(judgeStatement(acquisitions, [hit('c', customers)], rare(['acquisit'])).stated).toBe(false);
    const divestitures = askedStatement(
      'Did the company report any significant divestitures in the half year?',
    )!;
    const disposal =
      'The company completed the disposal of its Weymouth home to a local housing charity in March for £1.4 million.';
    expect(judgeStatement(divestitures, [hit('d', disposal)], rare(['divestitur'])).stated).toBe(true);
    const waste = 'Waste disposal costs rose 9% in 2024 after the landfill tax increase.';
    expect(judgeStatement(divestitures, [hit('w', waste)], rare(['divestitur'])).stated).toBe(false);
    const trade = 'The Group sells to about 1,240 free houses across the north of England.';
    expect(judgeStatement(divestitures, [hit('t', trade)], rare(['divestitur'])).stated).toBe(false);
  });

  it('is not stated by an event told as called off', () => {
    const asked = askedStatement('Did the company disclose any significant acquisitions or divestitures?')!;
    const terms = rare(['acquisit', 'divestitur']);
    for (const text of [
      'The decrease in the effective tax rate was due to the tax impact of the Arm acquisition termination cost recorded in the first quarter of fiscal year 2023.',
      'In February 2022, the parties announced the termination of the Share Purchase Agreement whereby the Company would have acquired Arm Limited.',
      'In August 2023 the Company terminated its agreement to acquire Fabrikam Inc. and paid a fee of $353 million.',
      'The prior year included a termination charge of $1.35 billion for the proposed Arm acquisition, and the prior quarter included fixed asset write-downs.',
      'The proposed acquisition of Northfield Dairies, announced in November 2023, was terminated in May 2024.',
      'Plans to acquire the Brookside Lido from its owners were abandoned in July 2024.',
    ]) {
      expect(judgeStatement(asked, [hit('t', text)], terms).stated, text).toBe(false);
    }
    // One told as done is stated, whatever else the sentence calls off.
    const done =
      'In March 2023 the Company completed the acquisition of Adatum Corp. for $1.2 billion after terminating its lease.';
    expect(judgeStatement(asked, [hit('d', done)], terms)).toMatchObject({ stated: true, passage: done });
    // Of what is done to a thing named ("acquisitions of dairies"), the event is what is called off.
    const dairies = askedStatement('Were there any acquisitions of dairies in the half year?')!;
    const dropped =
      'The proposed acquisition of Northfield Dairies, announced in 2023, was terminated in May 2024.';
    expect(judgeStatement(dairies, [hit('n', dropped)], rare(['acquisit', 'dairi'])).stated).toBe(false);
    // Another clause calls off something else.
    const other =
      'In March 2024 we acquired Tidewater Dairies Ltd and the old supply contract was terminated.';
    expect(judgeStatement(dairies, [hit('o', other)], rare(['acquisit', 'dairi'])).stated).toBe(true);
    // A question asking for a termination is stated by one.
    const contracts = askedStatement('Were any significant contracts terminated in 2023?')!;
    const ended = 'In May 2023 the Company terminated its supply contract with Fabrikam Inc.';
    expect(judgeStatement(contracts, [hit('c', ended)], rare(['contract'])).stated).toBe(true);
  });

  it('is not stated as significant by a sentence that tells no date, year or sum', () => {
    const asked = askedStatement('Did the company disclose any significant acquisitions or divestitures?')!;
    expect(judgeStatement(asked, [kinds], frequency).stated).toBe(false);
    expect(judgeStatement(asked, [kinds, event], frequency)).toMatchObject({
      stated: true,
      statedBy: ['e:0'],
    });
  });
});

describe('a new holder of a role (stop 51)', () => {
  it('reads "a new chief executive officer" as a change of who holds the role', () => {
    const asked = askedStatement(
      "Did Contoso's newest quarterly report announce a new chief executive officer?",
    )!;
    // The matched "report" was the document's name: "announce" is no word of the subject.
    expect(asked).toMatchObject({ text: 'a new chief executive officer', change: true });
    expect(askedStatement('Did the company announce any new products?')).not.toHaveProperty('change');
    const certification = hit(
      'c:1',
      'Certification of the Chief Executive Officer pursuant to Rule 13a-14(a) of the Exchange Act.',
    );
    const terms = rare(['chief', 'execut', 'offic']);
    expect(judgeStatement(asked, [certification], terms).stated).toBe(false);
    const appointed = hit('a:1', 'Dana Reyes was appointed Chief Executive Officer on 1 August.');
    expect(judgeStatement(asked, [certification, appointed], terms).stated).toBe(true);
  });
});

describe('a question asking how many or how much was spent', () => {
  it('reads what is counted or spent on as the subject, up to where or when', () => {
    expect(
      askedStatement('How many employees did the company have according to its Q2 2023 report?'),
    ).toMatchObject({
      kind: 'existence',
      text: 'how many employees',
      subjects: [['employe']],
      quantity: 'count',
    });
    expect(askedStatement('What was the number of loyalty scheme members at year end?')).toMatchObject({
      quantity: 'count',
      subjects: [['loyalti', 'scheme', 'member']],
    });
    expect(askedStatement('How much did the club spend on advertising in 2024?')).toMatchObject({
      kind: 'existence',
      text: 'how much was spent on advertising',
      subjects: [['advertis']],
      quantity: 'money',
    });
    // What one must spend is a threshold a price list states as its bound ("Orders over £40 are
    // collected free"), no sum spent (stop 75).
    expect(
      askedStatement('How much do I need to spend on a click and collect order to avoid the packing charge?'),
    ).toBeUndefined();
    // Asked "what" was spent, a sum is asked too (stop 54).
    expect(askedStatement('What did the orchard spend on insurance in 2025?')).toMatchObject({
      text: 'how much was spent on insurance',
      subjects: [['insur']],
      quantity: 'money',
    });
    // Not what was paid for something a document writes under its own words ("Pickers' wages").
    const paid = askedStatement('What did Contoso Vineyards pay for labour in 2024?');
    expect(paid !== undefined && 'quantity' in paid ? paid.quantity : undefined).toBeUndefined();
    // Counts of generic nouns are told by other nouns ("two passengers and a pilot"); abbreviations
    // are no words a search finds.
    expect(askedStatement('How many cleaners at the depot received refresher training?')).toMatchObject({
      text: 'how many cleaners',
      quantity: 'count',
    });
    // A past form far from "how many" ends no subject ("… in the quarter ended March 31").
    expect(
      askedStatement('How many visitors came to the Trust in the quarter ended March 31, 2023?'),
    ).toBeUndefined();
    expect(askedStatement('How many people were on board?')).toBeUndefined();
    // An irregular past verb ends the subject: people were counted, whatever words follow (stop 62).
    expect(
      askedStatement('How many people sat on the rowing club committee when the constitution was adopted?'),
    ).toBeUndefined();
    expect(
      askedStatement('How many trees fell in the park during the storm that was forecast?'),
    ).toMatchObject({ text: 'how many trees', quantity: 'count' });
    // People a company employs are its employees, as documents count them (stop 58).
    expect(askedStatement('How many people did Contoso employ according to its Q3 2023 10-Q?')).toMatchObject(
      {
        text: 'how many employees',
        subjects: [['employe']],
        quantity: 'count',
      },
    );
    expect(askedStatement('How many people does Contoso employ in Ireland?')).toMatchObject({
      subjects: [['employe']],
      context: ['contoso', 'ireland'],
    });
    expect(askedStatement('How much did the company spend on SG&A in the quarter?')).toBeUndefined();
  });

  it('needs a figure beside the subject, in a sentence or a labelled row or line', () => {
    const count = askedStatement('How many employees did the company have?')!;
    const fraud = hit(
      'f:1',
      'Any fraud that involves management or other employees must be reported to the audit committee.',
    );
    const bonus = hit('b:1', 'All employees received a £250 bonus in August after a strong summer.');
    expect(judgeStatement(count, [fraud, bonus], rare(['employe'])).stated).toBe(false);
    const counted = hit(
      'c:1',
      'We are monitoring the safety of our approximately 3,400 employees in the region.',
    );
    // A word opening as a month's name does ("junior", "marines") is no month: the figure counts.
    expect(statesQuantity('We now have 85 junior members.', ['junior', 'member'], 'count')).toBe(true);
    // Markdown's code and emphasis marks are no part of a figure (stop 68).
    expect(statesQuantity('The hall seats `120` guests.', ['guest'], 'count')).toBe(true);
    expect(statesQuantity('The hall seats **120** guests.', ['guest'], 'count')).toBe(true);
    expect(statesQuantity('The guild rang 12 marine bells.', ['marin', 'bell'], 'count')).toBe(true);
    expect(statesQuantity('Members met on 30 June.', ['member'], 'count')).toBe(false);
    // A count's bound stands between it and what it counts (stop 70, round103).
    expect(
      statesQuantity(
        'image sensor faults, including 5 or more stuck or dead pixels.',
        ['dead', 'pixel'],
        'count',
      ),
    ).toBe(true);
    expect(statesQuantity('Groups of 8 or fewer young riders.', ['rider'], 'count')).toBe(true);
    // A rate's unit is not what is counted: "four heating periods a day" counts no days.
    expect(statesQuantity('The T4 holds up to four heating periods a day.', ['dai'], 'count')).toBe(false);
    expect(statesQuantity('The T4 holds up to four heating periods a day.', ['period'], 'count')).toBe(true);
    // A numbered list's item number is no count (stop 69).
    expect(
      statesQuantity('1. Draw a river tile and place it next to a tile.', ['river', 'tile'], 'count'),
    ).toBe(false);
    expect(statesQuantity('Draw 1 river tile and place it.', ['river', 'tile'], 'count')).toBe(true);
    // A figure before a unit measures (stop 64): "200 mg" counts no tablets; "6 tablets" does, as
    // "4.5 hours" counts hours, and "in" is no unit (inches) after a count.
    expect(statesQuantity('Each tablet contains 200 mg of ferolufen.', ['tablet'], 'count')).toBe(false);
    expect(statesQuantity('| Adults | 1 or 2 tablets | 6 tablets |', ['tablet'], 'count')).toBe(true);
    expect(statesQuantity('Charging takes 4.5 hours.', ['hour'], 'count')).toBe(true);
    expect(statesQuantity('Members: 5,820 in 2025.', ['member'], 'count')).toBe(true);
    // "The number of …" names what is counted first and its count at the clause's end (stop 57).
    const cover =
      "The number of shares of the registrant's common stock outstanding as of May 1, 2026 was 112,403,221.";
    expect(statesQuantity(cover, ['share', 'common', 'stock'], 'count')).toBe(true);
    expect(
      statesQuantity(
        "Shares of the registrant's common stock were listed on the exchange as of May 1, 2026 and 2027.",
        ['share', 'common', 'stock'],
        'count',
      ),
    ).toBe(false);
    // A figure a capitalised word names with it is part of a name (stop 54).
    expect(statesQuantity('A fault can make a Volta 500 battery overheat.', ['batteri'], 'count')).toBe(
      false,
    );
    expect(
      statesQuantity('Volta 500 batteries are affected: about 3,300 batteries.', ['batteri'], 'count'),
    ).toBe(true);
    expect(statesQuantity('Members: 5,820', ['member'], 'count')).toBe(true);
    expect(statesQuantity('In all, 500 batteries were affected.', ['batteri'], 'count')).toBe(true);
    // A count joined to the subject's word by a hyphen (stop 55); a hyphened word that opens with
    // no count gives none.
    expect(statesQuantity('Coastal Processes is a 20-credit module.', ['credit'], 'count')).toBe(true);
    expect(statesQuantity('They let a three-bedroom house.', ['bedroom'], 'count')).toBe(true);
    expect(statesQuantity('Credits are earned in full-credit modules.', ['credit'], 'count')).toBe(false);
    expect(judgeStatement(count, [fraud, counted], rare(['employe']))).toMatchObject({
      stated: true,
      passageChunk: 'c:1:0',
    });
    // A cell counting the subject's word itself, under a header that does not name it (stop 70).
    const children = askedStatement('How many children are in a Snowflakes group at Corvalle Ski School?')!;
    const lessons = hit(
      'l:1',
      '| Lesson | Ages | Group size | Price |\n| --- | --- | --- | --- |\n' +
        '| Snowflakes (first steps on snow) | 3 to 5 | up to 5 children | €240 |',
    );
    expect(judgeStatement(children, [lessons], rare(['children', 'snowflak'])).stated).toBe(true);
    const members = askedStatement('How many loyalty scheme members did the shop have?')!;
    const table = hit(
      't:1',
      '| Measure | 30 September 2025 |\n| --- | --- |\n| Loyalty scheme members | 38,500 |',
    );
    const judged = judgeStatement(members, [table], rare(['loyalti', 'scheme', 'member']));
    // A row is one of a table's periods: stated, but it leads no answer.
    expect(judged.stated).toBe(true);
    expect(judged.passageChunk).toBeUndefined();
    // A cell under a column naming what is counted may bound its count (stop 69): "up to 100"
    // under "Evening guests" counts the Meadow package's evening guests; a sum there counts none.
    const guests = askedStatement('How many evening guests does the Meadow package allow?')!;
    const packages = (cell: string) =>
      hit(
        'p:1',
        `| Package | Day guests | Evening guests | Saturday |\n| --- | --- | --- | --- |\n| Meadow | up to 60 | ${cell} | £11,400 |`,
      );
    for (const cell of ['up to 100', 'max. 100', '100+', '100 or fewer'])
      expect(judgeStatement(guests, [packages(cell)], rare(['even', 'guest'])).stated).toBe(true);
    expect(judgeStatement(guests, [packages('up to £100')], rare(['even', 'guest'])).stated).toBe(false);
    const spent = askedStatement('How much did the food bank spend on advertising?')!;
    const radio = hit(
      'r:1',
      'Local radio ran our winter appeal on air; we also thank advertising partners for their help.',
    );
    expect(judgeStatement(spent, [radio], rare(['advertis'])).stated).toBe(false);
    const paid = hit('p:1', 'Advertising cost £12,400, most of it for the winter appeal.');
    expect(judgeStatement(spent, [radio, paid], rare(['advertis'])).stated).toBe(true);
  });

  it('reads what a subject’s expenditure was as a sum asked beside the subject’s words', () => {
    expect(askedStatement('What was Brightwell’s staff spending in the half?')).toMatchObject({
      kind: 'existence',
      text: 'the staff spending',
      subjects: [['staff']],
      quantity: 'money',
      beside: true,
    });
    // An abbreviation is kept as written; its terms are those the search's expansion brackets.
    expect(
      askedStatement('What was Contoso’s R&D (research and development) expenditure in 2024?'),
    ).toMatchObject({
      text: 'the R&D expenditure',
      subjects: [['research', 'develop']],
      abbreviations: ['R&D'],
    });
    // Nothing names what was spent on: not judged.
    expect(askedStatement('What was the trust’s total expenditure in 2024/25?')).toBeUndefined();
  });

  it('needs a sum beside the subject’s words for an expenditure, not a sum elsewhere in its section', () => {
    const rd = askedStatement('What was Contoso’s R&D (research and development) expenditure in 2024?')!;
    const taxes = hit(
      'tax',
      '#### Income taxes\n\nOur tax provision was $4.1 billion. It included approximately $600 million of tax benefit resulting from a change in the estimated qualifying expenditures associated with our federal R&D credit.',
    );
    const defined = hit(
      'def',
      '#### Technology costs\n\nTechnology costs were $21,203 million. Technology costs include payroll for employees involved in the research and development of new products.',
    );
    expect(judgeStatement(rd, [taxes, defined], rare(['research', 'develop'])).stated).toBe(false);
    const spent = hit('rd', '### Research and development\n\nR&D spending was £3.4 million in the half.');
    expect(judgeStatement(rd, [taxes, spent], rare(['research', 'develop'])).stated).toBe(true);
    const row = hit(
      'row',
      '| (In millions) | Q1 2023 |\n| --- | --- |\n| Research and development | 4,109 |',
    );
    expect(judgeStatement(rd, [row], rare(['research', 'develop'])).stated).toBe(true);
    // A sum before the subject's words ("£486,000 on print stock") is beside them too.
    const stock = askedStatement('What was the library’s print stock spending in 2024?')!;
    const spending = hit(
      'sp',
      'We spent £1.94 million on staff, £486,000 on print stock and £212,000 on licences.',
    );
    expect(judgeStatement(stock, [spending], rare(['print', 'stock'])).stated).toBe(true);
    // A currency code after the figure ("1,500 EUR") writes a sum too.
    const learning = askedStatement('What is the learning budget in the most recent handbook?')!;
    const allowance = hit('lb', 'Each employee has a learning budget of 1,500 EUR a year.');
    expect(judgeStatement(learning, [allowance], rare(['learn'])).stated).toBe(true);
    const staff = askedStatement('What was Brightwell’s staff spending in the half?')!;
    const rose = hit(
      'op',
      '### Operating expenses\n\nOperating expenses were £9.2 million. Staff costs, the largest part of operating expenses, rose 6% after the annual pay award.',
    );
    expect(judgeStatement(staff, [rose], rare(['staff'])).stated).toBe(false);
  });

  it('reads a unit the subject names in words where a figure is written with its symbol', () => {
    const track = askedStatement('How many track kilometres had the contractor laid by July?')!;
    const laid = hit('k:1', 'The contractor laid 1.9 km of track, bringing the total laid to 6.4 km.');
    expect(judgeStatement(track, [laid], rare(['track', 'kilometr']))).toMatchObject({ stated: true });
    // Without a figure in the unit, the kilometres are not stated.
    const route = hit('r:1', 'Track laying reached the Millbrook cutting along the whole route.');
    expect(judgeStatement(track, [route], rare(['track', 'kilometr'])).stated).toBe(false);
    const power = askedStatement('How many megawatts of solar capacity did the council install?')!;
    const installed = hit('p:1', 'The council installed 4.2 MW of solar capacity on depot roofs.');
    expect(judgeStatement(power, [installed], rare(['megawatt', 'solar', 'capac'])).stated).toBe(true);
  });

  it('reads a unit the subject names in words in the values of the row its label names (stop 54)', () => {
    const apples = askedStatement('How many kilograms of apples did the orchard harvest in 2025?')!;
    const harvest = hit(
      'h:1',
      '### Harvest\n\n| Fruit | 2024 | 2025 |\n| --- | --- | --- |\n| Apples | 410 kg | 655 kg |\n| Pears | 88 kg | 120 kg |',
    );
    // No document writes "kilograms": its rarest term.
    const frequency = new Map([
      ['kilogram', 0],
      ['appl', 0.2],
      ['cherri', 0],
    ]);
    expect(judgeStatement(apples, [harvest], frequency).stated).toBe(true);
    // A row of another fruit, or values in no unit, states no kilograms of apples.
    const cherries = askedStatement('How many kilograms of cherries did the orchard harvest in 2025?')!;
    expect(judgeStatement(cherries, [harvest], frequency).stated).toBe(false);
    const trees = hit('t:1', '| Fruit | 2024 | 2025 |\n| --- | --- | --- |\n| Apples | 41 | 65 |');
    expect(judgeStatement(apples, [trees], frequency).stated).toBe(false);
  });

  it('leads with the passage of the best-ranked document holding most of the question’s other words', () => {
    const asked = askedStatement('How many cards does each player draw?')!;
    const turn = testHit('rules-2025', 'On your turn, play up to two cards, then discard down to seven.');
    const setup = testHit('rules-2025', 'Each player takes a lighthouse board and draws 7 cards.', {
      ordinal: 1,
    });
    const older = testHit('rules-2023', 'Each player takes a lighthouse board and draws 5 cards.');
    const judged = judgeStatement(asked, [turn, older, setup], rare(['card']));
    expect(judged.passage).toBe('Each player takes a lighthouse board and draws 7 cards.');
    expect(judged.passageChunk).toBe('rules-2025:1');
  });

  it('is not given by a row labelled with another thing of the kind, nor by a row of sums', () => {
    const stores = askedStatement('How many physical stores did the company operate?')!;
    const sales = hit(
      'sales',
      '| (in millions) | 2023 |\n| --- | --- |\n| Online stores | $53,489 |\n| Physical stores | $5,152 |',
    );
    expect(judgeStatement(stores, [sales], rare(['physic', 'store'])).stated).toBe(false);
    const employees = askedStatement('How many employees did the company lay off?')!;
    const severance = hit(
      'sev',
      '| Item | Q1 2023 |\n| --- | --- |\n| Employee severance and benefit arrangements | $(39) |',
    );
    expect(judgeStatement(employees, [severance], rare(['employe'])).stated).toBe(false);
    // A footnote's "(2)" beside the word counts nothing; a label naming other things counts them.
    const footnoted = hit(
      'fn',
      'We sell through online stores (1) and physical stores (2) in North America.',
    );
    expect(judgeStatement(stores, [footnoted], rare(['physic', 'store'])).stated).toBe(false);
    const equity = hit(
      'eq',
      '| | Shares | Amount |\n| --- | --- | --- |\n| Employee equity incentive plans and other | 20 | 589 |',
    );
    expect(judgeStatement(employees, [equity], rare(['employe'])).stated).toBe(false);
    // A label may give the count itself.
    const invoice = hit('inv', '| Item | Amount |\n| --- | --- |\n| Room, 2 nights | EUR 218.00 |');
    expect(
      judgeStatement(askedStatement('How many nights did the stay last?')!, [invoice], rare(['night']))
        .stated,
    ).toBe(true);
    const counted = hit('count', '| Measure | 2023 |\n| --- | --- |\n| Physical stores | 520 |');
    expect(judgeStatement(stores, [counted], rare(['physic', 'store'])).stated).toBe(true);
  });

  it('counts in words and reads the count after the subject too', () => {
    expect(statesQuantity('Our four paid staff coordinate the warehouse.', ['staff'], 'count')).toBe(true);
    expect(statesQuantity('Headcount was 212 at 30 June 2025.', ['headcount'], 'count')).toBe(true);
    expect(statesQuantity('Staff training resumed in 2024.', ['staff'], 'count')).toBe(false);
  });
});

describe('what a document announced', () => {
  it('reads "did it announce X" as asking whether X is there', () => {
    expect(subjectsOf('Did the company announce a stock split in its Q3 2023 report?')).toEqual([
      ['stock', 'split'],
    ]);
  });
});

describe('what a document is asked to have disclosed', () => {
  it('reads "what X did it disclose" as presuming X, not as a change', () => {
    expect(
      askedStatement('What carbon emission targets did the company disclose in its latest report?'),
    ).toMatchObject({
      kind: 'existence',
      text: 'carbon emission targets',
      subjects: [['carbon', 'emiss', 'target']],
      presumed: true,
    });
    expect(
      askedStatement('What changes in debt structure did the company disclose in the Q1 2023 report?'),
    ).toBeUndefined();
    // The subject runs to the verb, past prepositions that name no document or time ("impact" is a
    // request word, as "effect" is).
    expect(
      subjectsOf('What impact from the war in Ukraine did the company report in its Q2 2023 report?'),
    ).toEqual([['war', 'ukrain']]);
    expect(askedStatement('What did the company report as net sales?')).toBeUndefined();
  });

  it('is stated unless two of the subject’s terms, or its only one, are in no chunk, tables and headings included', () => {
    const table = hit('zoo', '| Project | Spending |\n| --- | --- |\n| Tiger patrols | £64,000 |');
    const projects = askedStatement('What conservation projects did the zoo report?')!;
    expect(
      judgeStatement(
        projects,
        [table],
        new Map([
          ['conserv', 0.1],
          ['project', 0.1],
        ]),
      ).stated,
    ).toBe(true);
    const carbon = askedStatement('What carbon emission targets did the zoo disclose?')!;
    expect(
      judgeStatement(
        carbon,
        [table],
        new Map([
          ['carbon', 0],
          ['emiss', 0],
          ['target', 0.1],
        ]),
      ),
    ).toMatchObject({ stated: false, required: ['carbon', 'emiss'] });
    const fines = askedStatement('What fines did the depot disclose?')!;
    expect(judgeStatement(fines, [table], new Map([['fine', 0]])).stated).toBe(false);
    // One word of a longer subject missing is more often a paraphrase ("sued", "settled").
    const legal = askedStatement('What legal proceedings did the trust disclose?')!;
    expect(
      judgeStatement(
        legal,
        [table],
        new Map([
          ['legal', 0.1],
          ['proceed', 0],
        ]),
      ).stated,
    ).toBe(true);
  });
});
