import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testHit } from '../../test/support/hits.js';
import type { Hit } from '../core/types.js';
import { createEngine, type Engine } from '../engine/engine.js';
import { openStore } from '../engine/store-schemes.js';
import { MONTH_NAMES, monthsSpanned } from '../ingest/document-date.js';
import { namesVersion, versionLabel } from '../retrieve/document-identity.js';
import { NOT_FOUND_TEXT } from './ask.js';
import { askingSentences } from './asking-sentences.js';
import {
  absentWords,
  askedDocuments,
  asksWhetherContains,
  asksYesNo,
  compoundsHeld,
  eventVerb,
  evidenceDocuments,
  irregularForms,
  lacksEvidence,
  mayBeVerb,
  mayObject,
  measuredThing,
  nameVerb,
  participleObject,
  quotesNamesOnly,
  spellsOutAcronym,
  statedTopic,
  topicWords,
  verbObject,
} from './evidence-check.js';
import { askedStatement, derivedForm } from './stated-evidence.js';

const reports: Record<string, string> = {
  'piper.md':
    '# Accident report: Piper PA-22 near Tallahassee\n\nOn final approach to the turf airstrip the airplane ' +
    'contacted trees and utility wires and came to rest upright 400 ft past them. The pilot reported 2,319 hours of flight experience.',
  'beech.md':
    '# Accident report: Beech A23 in Death Valley\n\nThe touchdown was hard; the airplane bounced and the nose ' +
    'landing gear failed. The probable cause was an improper flare.',
  'trial.md':
    '# Protocol: stem cell dressing for oral graft-versus-host disease\n\nTwenty patients will be enrolled. The ' +
    'dressing is applied twice daily for four weeks. Statistics are computed with the SPSS software.',
};

// Each positive question has an answer in the documents; its negative twin asks the same
// document about something none of them mentions.
const pairs: Array<{ positive: string; negative: string }> = [
  {
    positive: 'What did the Piper hit on final approach near Tallahassee?',
    negative: 'Did the Piper near Tallahassee suffer a bird strike?',
  },
  {
    positive: 'Why did the landing gear of the Beech A23 fail in Death Valley?',
    negative: 'How much fuel did the pilot of the Beech A23 dump over Death Valley?',
  },
  {
    positive: 'How many patients will be enrolled in the stem cell dressing trial?',
    negative: 'Which MRI scanner and contrast agent does the stem cell dressing trial use?',
  },
  {
    // One absent word: the object a "does" question ends on (stop 53).
    positive: 'Does the stem cell dressing trial use the SPSS software?',
    negative: 'Does the stem cell dressing trial use a placebo?',
  },
];

/** Runs `check` on an engine over one Markdown document (`name`, `markdown`) in an in-memory store. */
async function withDocument(name: string, markdown: string, check: (engine: Engine) => Promise<void>) {
  const engine = await createEngine({ store: await openStore(':memory:') });
  try {
    await engine.ingestSource(
      { name, bytes: new TextEncoder().encode(markdown), mediaType: 'text/markdown' },
      { documentId: name },
    );
    await check(engine);
  } finally {
    await engine.close();
  }
}

describe('honest "not found" from the collection’s evidence (SQLite store)', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(':memory:') });
    for (const [name, text] of Object.entries(reports)) {
      await engine.ingestSource(
        { name, bytes: new TextEncoder().encode(text), mediaType: 'text/markdown' },
        { documentId: name },
      );
    }
  });
  afterAll(() => engine.close());

  it('topicWords drops stop words, request words, numbers and inflected verbs', () => {
    // Nor is a preposition ("near", stop 64).
    expect(topicWords('Describe what happened when the Cessna 172 crashed near Boquete in 2007')).toEqual([
      'cessna',
      'boquete',
    ]);
    // Words of three letters or fewer ("hit", "old") and modal verbs are no topic.
    expect(topicWords('What will the old Piper hit?')).toEqual(['piper']);
    // But for a three-letter noun written in lower case, not in capitals (stop 57).
    expect(topicWords('Can I take a pet cat in the cabin on Skylark Air?')).toEqual([
      'pet',
      'cat',
      'cabin',
      'skylark',
    ]);
    // Three capitals are an acronym, a topic its documents write or spell out (stop 68); a
    // currency's code is not ("USD": a sign writes it).
    expect(topicWords('What was AMD revenue in its latest quarter?')).toEqual(['amd', 'revenue', 'quarter']);
    expect(topicWords("What was Alan Brierley's PSA level?")).toContain('psa');
    expect(topicWords('How much is the deposit in USD?')).toEqual(['deposit']);

    // A participle is a verb's, unless it modifies the noun after an article (stop 69): "a
    // waiting list fee" asks of a waiting list.
    expect(topicWords('Does Little Acorns Day Nursery have a waiting list fee?')).toEqual([
      'little',
      'acorns',
      'nursery',
      'waiting',
      'fee',
    ]);
    expect(topicWords('Is the nursery planning fee increases?')).toEqual(['nursery', 'fee', 'increases']);
    expect(topicWords('Was the form signed by the tenant?')).toEqual(['form', 'tenant']);

    // "How often" asks for a frequency: "often" is no topic a document must contain.
    expect(topicWords('How often is the vault audited?')).toEqual(['vault']);
    // The word after "how" asks for a measure ("how long", "how heavy"), not a topic.
    expect(topicWords('How long do marmots hibernate?')).toEqual(['marmots', 'hibernate']);
    expect(topicWords('How heavy are pika hay piles?')).toEqual(['pika', 'hay', 'piles']);
    // Generic nouns counted are told by other nouns: "two passengers and a pilot" (stop 58).
    expect(topicWords('How many people were on board the Piper?')).toEqual(['board', 'piper']);
    expect(topicWords('How many pilots were on board the Piper?')).toEqual(['pilots', 'board', 'piper']);
    // A light verb carries no topic: the statement writes "Money out" (stop 42).
    expect(topicWords('How much money went out of the account?')).toEqual(['money', 'account']);
    expect(topicWords('Where did the spare parts come from?')).toEqual(['spare', 'parts']);
    // An event's being "held" is told by its venue and time (stop 71, found on a held-out set).
    expect(topicWords('Where will the summer proms concert be held if it rains?')).toEqual([
      'summer',
      'proms',
      'concert',
      'rains',
    ]);
    // "wrong" and "fix" ask about a fault in the asker's words (stop 71, found on held-out sets).
    expect(topicWords("The display shows E05: what's wrong and how do I fix it?")).toEqual([
      'display',
      'shows',
    ]);
    // Nor does the asker's wanting: the price list writes "Please give us 24 hours' notice" (stop 71).
    expect(topicWords('How much notice did the practice want if I cancel?')).toEqual([
      'notice',
      'practice',
      'cancel',
    ]);
    // "numbers" and "sizes" name the kind of answer, "seen" asks what the text tells (stop 47).
    expect(topicWords("What were the cooperative's membership numbers?")).toEqual(['membership']);
    // An indefinite pronoun names no topic (stop 55).
    expect(topicWords('Is the crumble suitable for someone with a milk allergy?')).toEqual([
      'crumble',
      'suitable',
      'milk',
      'allergy',
    ]);
    // "worth" asks for the value the document gives ("Examination | 60%", stop 55).
    expect(topicWords('How much is the GEO2041 examination worth?')).toEqual(['geo2041', 'examination']);
    // A name of letters and digits is a topic (stop 56), a period written so is not.
    expect(topicWords('Does Quarry support Windows on ARM64 in FY2024?')).toEqual([
      'quarry',
      'support',
      'windows',
      'arm64',
    ]);
    // "version" introduces a number the documents write alone ("Upgrades from 3.0 or later").
    expect(topicWords('Can I upgrade Larkspur Server from version 2.8?')).toEqual([
      'upgrade',
      'larkspur',
      'server',
    ]);
    // The noun asking for an expenditure is answered by a sum under another name (stop 52).
    expect(topicWords("What was Brightwell's staff expenditure in the half?")).toEqual(['staff', 'half']);
    expect(topicWords('Were there any changes in plot sizes at Greyfriars?')).toEqual(['plot', 'greyfriars']);
    expect(topicWords('What relationship can be seen between staff training and visitor numbers?')).toEqual([
      'staff',
      'visitor',
    ]);
  });

  it("irregularForms gives a verb's past and participle where the stemmer does not join them (stop 55)", async () => {
    expect(await irregularForms('rise')).toEqual(['rose', 'risen']);
    expect(await irregularForms('pay')).toEqual(['paid']);
    expect(await irregularForms('buy')).toEqual(['bought']);
    // Regular forms ("raised") stem as the word does; a number is no verb.
    expect(await irregularForms('raise')).toEqual([]);
    expect(await irregularForms('2025')).toEqual([]);
  });

  it('reads a base form the question asks in the irregular past the documents write (stop 55)', async () => {
    const water =
      '# Water quality report 2025\n\nNitrate rose after a wet spring washed fertiliser into the river.\n\nWe paid each household £50.';
    await withDocument('water.md', water, async (fresh) => {
      expect(await absentWords(fresh, 'Why did nitrate rise?')).toEqual([]);
      expect(await absentWords(fresh, 'How much did the company pay each household?')).not.toContain('pay');
      // Read in the hits too: "rose" in the answer's own passage.
      const hits = (await fresh.search('nitrate', { mode: 'lexical' })).hits;
      expect(
        await absentWords({ search: async () => ({ hits: [] }) }, 'Why did nitrate rise?', {}, hits),
      ).toEqual([]);
      // One absent word of two was "not found" before.
      const answer = await fresh.ask('Why did nitrate rise?');
      expect(answer.notFound).toBe(false);
      expect(answer.text).toContain('wet spring');
    });
  });

  it('topicWords keeps an "-ing" noun heading a phrase a determiner or "there" opens, not a verb taking an object (stop 71)', () => {
    expect(
      topicWords('What happens if I cancel a Kitebrook Community Centre booking three weeks beforehand?'),
    ).toContain('booking');
    expect(topicWords('Is there car parking for members at the Loomhouse?')).toEqual([
      'car',
      'parking',
      'members',
      'loomhouse',
    ]);
    // A participle before its object is a verb's: "including VAT".
    expect(topicWords('What was the total including VAT?')).toEqual(['total', 'vat']);
    // "just" tells when the asker's case arose, not what it is about.
    expect(topicWords('My cat has just fallen ill. Will the policy pay?')).toEqual([
      'cat',
      'fallen',
      'ill',
      'policy',
    ]);
  });

  it('reads an everyday phrase as the word a document writes for it: "my money back", "call off" (stop 71)', async () => {
    const page =
      '# Council bulky waste collections\n\nIf you cancel at least 2 working days before the collection date, we will refund the full price.';
    await withDocument('bulky.md', page, async (fresh) => {
      const question = 'Will the council give me my money back if I call off my bulky waste collection?';
      expect(await absentWords(fresh, question)).toEqual([]);
    });
    // Where no document writes the phrase's word, its words are absent.
    const prices = '# Council bulky waste collections\n\nA collection of up to 3 items costs £32.';
    await withDocument('prices.md', prices, async (fresh) => {
      const question = 'Will the council give me my money back if I call off my collection?';
      expect(await absentWords(fresh, question)).toEqual(['money', 'back', 'call']);
    });
    // "brothers and sisters" of a sibling discount, "who do I ring" of a number to call.
    const school = '# Music school fees\n\nSibling discount: 10% off. For emergencies call 0800 046 7720.';
    await withDocument('school.md', school, async (fresh) => {
      expect(
        await absentWords(fresh, 'Is there a discount for brothers and sisters at the music school?'),
      ).toEqual([]);
      expect(await absentWords(fresh, 'Who do I ring in an emergency at the music school?')).toEqual([]);
    });
  });

  it('counts a dimension asked with "how" that no passage states as absent beside another absent word (stop 71)', async () => {
    const guide =
      '# DW612 dishwasher guide\n\nModel DW612: 60 cm fully integrated dishwasher, 14 place settings. The Quick programme takes 30 minutes.';
    await withDocument('guide.md', guide, async (fresh) => {
      const absent = await absentWords(fresh, 'How loud is the DW612 dishwasher in decibels?');
      expect(absent).toEqual(['decibels', 'loud']);
      expect(lacksEvidence('How loud is the DW612 dishwasher in decibels?', absent)).toBe(true);
      // Alone, an unstated dimension is no topic: "How quick is the Quick programme?" is answered.
      expect(await absentWords(fresh, 'How quick is the dishwasher?')).toEqual([]);
    });
  });

  it('topicWords leaves out words that place the question in time, also where a stated date outranks the recency cue', () => {
    // The stated date picks the document; "latest" and "a year before" still say when, not what.
    const dated = topicWords(
      "What was Harbour Water's operating revenue in the three months ended September 30, 2022, a year before the latest quarter?",
    );
    expect(dated).toContain('revenue');
    expect(dated).not.toContain('latest');
    expect(dated).not.toContain('year');
    expect(
      topicWords('What did the pump manual say about seals two releases earlier, six months ago?'),
    ).toEqual(['pump', 'manual', 'seals', 'releases', 'earlier']);
    // "The previous price list" beside a stated date: "previous" and "list" say which version.
    expect(topicWords('What did the previous price list of March 2024 charge for delivery?')).toEqual([
      'price',
      'charge',
      'delivery',
    ]);
  });

  for (const { positive, negative } of pairs) {
    it(`answers "${positive}" and says not found for "${negative}"`, async () => {
      expect(lacksEvidence(positive, await absentWords(engine, positive))).toBe(false);
      const found = await engine.ask(positive);
      expect(found.notFound).toBe(false);

      const absent = await absentWords(engine, negative);
      expect(absent.length).toBeGreaterThan(0);
      expect(lacksEvidence(negative, absent)).toBe(true);
      const answer = await engine.ask(negative);
      expect(answer.notFound).toBe(true);
      expect(answer.text.startsWith(NOT_FOUND_TEXT)).toBe(true);
      // It names the words no document holds and cites where it looked (the sources that cleared
      // the relevance floor, when any did).
      for (const word of absent) expect(answer.text).toContain(`"${word}"`);
      expect(answer.cited).toEqual(answer.sources.map((s) => s.n));
      expect(answer.cited.every((n) => answer.text.includes(`[${n}]`))).toBe(true);
    });
  }

  it('says not found when a price is asked and no passage states a sum (stop 43)', async () => {
    expect((await engine.ask('Which statistics software does the dressing trial use?')).notFound).toBe(false);
    // "cost" asks for a sum, which need not write the word: no absent word, but no sum either.
    expect(await absentWords(engine, 'What does the dressing cost?')).toEqual([]);
    const answer = await engine.ask('What does the dressing cost?');
    expect(answer.notFound).toBe(true);
    expect(answer.text).toContain('does not state a price or sum of money');
    expect(answer.cited).toEqual(answer.sources.map((s) => s.n));
  });

  it('derivedForm reads a word and one derived from it, not a longer word that begins like it', () => {
    expect(derivedForm('expir', 'expiri')).toBe(true); // expire, expiry
    expect(derivedForm('weight', 'weigh')).toBe(true);
    expect(derivedForm('fail', 'failur')).toBe(true); // fail, failure
    expect(derivedForm('deliv', 'deliveri')).toBe(true); // delivered, delivery
    expect(derivedForm('place', 'placebo')).toBe(false);
    expect(derivedForm('plan', 'plant')).toBe(false);
    expect(derivedForm('cost', 'costum')).toBe(false);
    expect(derivedForm('membership', 'member')).toBe(true);
    expect(derivedForm('ownership', 'owner')).toBe(true);
    expect(derivedForm('hardship', 'hard')).toBe(false);
  });

  it('reads a unit the hits of its scope write as a symbol after a figure as present (stop 51)', async () => {
    const question = 'How many feet past the wires did the Piper come to rest?';
    const { hits } = await engine.search('Piper came to rest upright', { topK: 5 });
    // No report writes "feet"; the Piper report's "400 ft" is the unit.
    expect(await absentWords(engine, question)).toEqual(['feet']);
    expect(await absentWords(engine, question, {}, hits)).toEqual([]);
  });

  it('reads a word the hits of its scope hold in another form as present (stop 43)', async () => {
    const { hits } = await engine.search('landing gear Beech A23', { topK: 5 });
    // "failure" is no word of the reports; the Beech report's "failed" is its other form.
    expect(await absentWords(engine, 'What caused the gear failure of the Beech A23?')).toEqual(['failure']);
    expect(await absentWords(engine, 'What caused the gear failure of the Beech A23?', {}, hits)).toEqual([]);
    // Hits outside the scope hold nothing of it.
    expect(
      await absentWords(
        engine,
        'What caused the gear failure of the Beech A23?',
        { documentIds: ['trial.md'] },
        hits,
      ),
    ).toContain('failure');
  });

  it('reads an acronym the hits of its scope spell out as present (stop 68)', async () => {
    const results = await createEngine({ store: await openStore(':memory:') });
    try {
      await results.ingestSource(
        {
          name: 'results.md',
          bytes: new TextEncoder().encode(
            '# Blood test results\n\nProstate-specific antigen: 1.2 ng/mL, within the normal range for his age.',
          ),
          mediaType: 'text/markdown',
        },
        { documentId: 'results.md' },
      );
      const question = 'What was the PSA result?';
      // No passage writes "PSA"; the one the search finds spells it out.
      expect(await absentWords(results, question)).toEqual(['psa']);
      const { hits } = await results.search('prostate antigen result', { topK: 5 });
      expect(await absentWords(results, question, {}, hits)).toEqual([]);
    } finally {
      await results.close();
    }
  });

  it('reads a noun the documents write as the verb it derives from as present (stop 45)', async () => {
    const letter = await createEngine({ store: await openStore(':memory:') });
    try {
      await letter.ingestSource(
        {
          name: 'letter.md',
          bytes: new TextEncoder().encode(
            '# Shareholder letter\n\nThe hospice expanded its community nursing team in October. ' +
              'The trustees decided in January to reopen the second floor. ' +
              'The hospice agreed new terms with its landlord.',
          ),
          mediaType: 'text/markdown',
        },
        { documentId: 'letter.md' },
      );
      // "expansions", "decisions" and "agreements" are written "expanded", "decided" and "agreed"
      // (searched as "agree": its stem "agre" stemmed again is "agr"); "mergers" is not there.
      expect(
        await absentWords(
          letter,
          'Were there any expansions, decisions, agreements or mergers at the hospice?',
        ),
      ).toEqual(['mergers']);
      // A "-ship" noun is written as what it derives from: "Members: 5,820" (stop 47).
      await letter.ingestSource(
        {
          name: 'cooperative.md',
          bytes: new TextEncoder().encode('# Half-year report\n\n- Members: 5,820\n- Income: £4.4 million'),
          mediaType: 'text/markdown',
        },
        { documentId: 'cooperative.md' },
      );
      expect(await absentWords(letter, 'What was the membership of the cooperative?')).toEqual([]);
      // Two words naming one unit are held by its symbol: "kilowatt hours" by "188,000 kWh" (stop 54).
      await letter.ingestSource(
        {
          name: 'museum.md',
          bytes: new TextEncoder().encode(
            '# Museum annual review\n\n| Use | 2024 |\n| --- | --- |\n| Electricity | 188,000 kWh |',
          ),
          mediaType: 'text/markdown',
        },
        { documentId: 'museum.md' },
      );
      const energy = 'How many kilowatt hours of electricity did the museum use?';
      const { hits } = await letter.search(energy, { topK: 5 });
      expect(await absentWords(letter, energy, {}, hits)).toEqual([]);
    } finally {
      await letter.close();
    }
  });

  it('cites the report it searched when the question names it', async () => {
    const answer = await engine.ask('Did the Piper near Tallahassee suffer a bird strike?');
    expect(answer.notFound).toBe(true);
    expect(answer.sources[0]!.hit.chunk.documentId).toBe('piper.md');
    expect(answer.cited).toContain(1);
  });

  it('looks only in the searched scope: a word held by another document is absent from this one', async () => {
    const question = 'How many patients will be enrolled after the touchdown?';
    expect(await absentWords(engine, question)).toEqual([]);
    expect(await absentWords(engine, question, { documentIds: ['piper.md'] })).toEqual([
      'patients',
      'touchdown',
    ]);
  });

  it('takes one absent word in a longer question for a paraphrase, not a gap', async () => {
    const question = 'What did the Piper PA-22 strike near Tallahassee?';
    expect(await absentWords(engine, question)).toEqual(['strike']);
    expect(lacksEvidence(question, ['strike'])).toBe(false);
    expect((await engine.ask(question)).notFound).toBe(false);
    expect(lacksEvidence('What did the dressing cost?', ['cost'])).toBe(true);
    // The one absent word is what the payer pays: the words naming the payer are no topic.
    expect(lacksEvidence('How much does Ferncombe Foodbank pay its staff?', ['staff'])).toBe(true);
    expect(lacksEvidence('How much does Ferncombe Foodbank pay its staff?', ['ferncombe'])).toBe(false);
    expect(lacksEvidence(question, ['strike', 'bird'])).toBe(true);
  });

  it('reads a word naming which of its kind a yes-or-no question’s object is as its object (stop 64)', () => {
    const question = 'Does Harlow Park School close for the coronation bank holiday?';
    expect(lacksEvidence(question, ['coronation'])).toBe(true);
    expect(lacksEvidence(question, ['holiday'])).toBe(true);
    // Not a word before the object's article, nor one of a question for "any" of a kind.
    expect(lacksEvidence(question, ['harlow'])).toBe(false);
    expect(lacksEvidence('Did the school announce any coronation bank holiday?', ['coronation'])).toBe(false);
    // Nor a word of a run that opens the subject or writes a name, which holds the verb.
    expect(lacksEvidence('Does the shop sell gift cards?', ['sell'])).toBe(false);
    expect(lacksEvidence('Does the fish pie at the Harbour Kitchen contain gluten?', ['contain'])).toBe(
      false,
    );
    expect(lacksEvidence('Does the fish pie at the Harbour Kitchen contain gluten?', ['gluten'])).toBe(true);
  });

  it('takes one absent word the question writes as a name for a gap, however long the question (stop 57)', () => {
    const question = "What were Pellworth Instruments' revenues from China in its latest quarterly report?";
    expect(lacksEvidence(question, ['china'])).toBe(true);
    // Not the same word in lower case, nor a question's first word, nor an abbreviation in capitals.
    expect(
      lacksEvidence("What were Pellworth Instruments' revenues from china in its latest report?", ['china']),
    ).toBe(false);
    expect(lacksEvidence('Strike reports: what did the Piper PA-22 hit near Tallahassee?', ['strike'])).toBe(
      false,
    );
    expect(lacksEvidence('What did the Piper PA-22 strike near Tallahassee per the NTSB?', ['ntsb'])).toBe(
      false,
    );
    // Nor a word of a longer name, which documents may write in part ("Hollins Wood").
    expect(lacksEvidence('When does Hollins Wood Nature Reserve open in winter?', ['reserve'])).toBe(false);
  });

  it('reads an acronym as spelled out by words with its initials, a small word allowed between them (stop 68)', () => {
    expect(spellsOutAcronym('Prostate-specific antigen: 1.2 ng/mL', 'psa')).toBe(true);
    expect(spellsOutAcronym('Diluted earnings per share were $1.20.', 'EPS')).toBe(true);
    expect(spellsOutAcronym('Ministry of Defence land', 'MOD')).toBe(true);
    // Not words whose initials are out of order, nor a run broken by other words.
    expect(spellsOutAcronym('Antigen specific to the prostate', 'PSA')).toBe(false);
    expect(spellsOutAcronym('prostate and bladder specific antigen', 'PSA')).toBe(false);
  });

  it("reads a quote holding of the question's other topic words only its names as no answer when a word is absent (stop 68)", () => {
    const question = 'Which solicitor represented Coldharbour Logistics at the tribunal?';
    const header = 'Claimant: Ms Priya Natarajan; Respondent: Coldharbour Logistics Ltd; Heard at: Bristol';
    expect(quotesNamesOnly(question, header, ['solicitor'])).toBe(true);
    // Not without an absent word, nor a quote holding another topic word, nor one holding none.
    expect(quotesNamesOnly(question, header, [])).toBe(false);
    expect(
      quotesNamesOnly(question, 'The tribunal heard Coldharbour Logistics Ltd on 14 July.', ['solicitor']),
    ).toBe(false);
    expect(quotesNamesOnly(question, 'Heard at Bristol on 14 July.', ['solicitor'])).toBe(false);
    // Nor a question asking only of names.
    expect(quotesNamesOnly('Where is Coldharbour Logistics?', header, ['where'])).toBe(false);
    // A word of the question held in another form is held ("expanded" for "expansions").
    expect(
      quotesNamesOnly(
        'Were there any expansions into new regions by Fellside Brewing?',
        'Fellside Brewing expanded into Scotland in May.',
        ['regions'],
      ),
    ).toBe(false);
    expect(
      quotesNamesOnly(
        'When does the Kestrel Motors MOT expire?',
        'Kestrel Motors: expiry date 14 May 2025.',
        ['mot'],
      ),
    ).toBe(false);
  });

  it('takes a short object a "does" question ends on after an article, when absent, for a gap (stop 55)', async () => {
    expect(lacksEvidence('Does the Seaview Hotel have a spa?', ['spa'])).toBe(true);
    // Not a short verb it ends on, nor a short word elsewhere.
    expect(lacksEvidence('Did the engine of the Piper PA-22 run?', ['run'])).toBe(false);
    const guide =
      '# Guest guide\n\nThe indoor pool at the Seaview Hotel is open from 7am to 9pm. Our car park has 24 spaces.';
    await withDocument('guide.md', guide, async (fresh) => {
      // "spa" was no topic word (three letters), so nothing was absent.
      expect(await absentWords(fresh, 'Does the Seaview Hotel have a spa?')).toEqual(['spa']);
      expect((await fresh.ask('Does the Seaview Hotel have a spa?')).notFound).toBe(true);
      expect((await fresh.ask('Does the Seaview Hotel have a pool?')).notFound).toBe(false);
    });
  });

  it('takes a size a question names a thing by, when no document writes it, for a gap (stop 59)', async () => {
    const list =
      '# Trade price list\n\n| SKU | Description | Price |\n| --- | --- | --- |\n| FH-1 | Wood screws 80 mm, zinc plated | £6.80 |\n| FH-2 | Wood screws 100 mm, zinc plated | £7.70 |\n| FH-3 | Masonry paint, 2.5 litre | £9.10 |\n| FH-4 | Wood screws 60 mm, brass | £120.50 |';
    await withDocument('prices.md', list, async (fresh) => {
      const absent = await absentWords(fresh, 'What do 120 mm wood screws cost?');
      expect(absent).toEqual(['120 mm']);
      expect(lacksEvidence('What do 120 mm wood screws cost?', absent)).toBe(true);
      expect((await fresh.ask('What do 120 mm wood screws cost?')).notFound).toBe(true);
      expect((await fresh.ask('What do 100 mm wood screws cost?')).notFound).toBe(false);
      expect(await absentWords(fresh, 'What does 2.5 litre masonry paint cost?')).toEqual([]);
      // A size written with decimals is the same size; a period's code ("2H22") is none.
      expect(await absentWords(fresh, 'What do 100.0 mm wood screws cost?')).toEqual([]);
      expect(await absentWords(fresh, 'What did wood screws cost in 2H22?')).not.toContain('2H');
      // A bound is no size a thing is named by; a time is none either.
      expect(await absentWords(fresh, 'Which wood screws are shorter than 120 mm?')).not.toContain('120 mm');
      expect(await absentWords(fresh, 'What do wood screws cost if paid within 30 days?')).not.toContain(
        '30 days',
      );
    });
  });

  it('takes the subject of a question whether something is allowed, when absent, for a gap (stop 55)', () => {
    expect(lacksEvidence('Are dogs allowed at Hollins Wood Nature Reserve?', ['dogs'])).toBe(true);
    expect(lacksEvidence('Is breakfast included in the price at the Quayside Hotel?', ['breakfast'])).toBe(
      true,
    );
    // Another absent word of it is one word of many; "is there" asks whether something exists.
    expect(lacksEvidence('Are dogs allowed at Hollins Wood Nature Reserve?', ['reserve'])).toBe(false);
    expect(
      lacksEvidence('Is there free parking available at Hollins Wood Nature Reserve?', ['parking']),
    ).toBe(false);
  });

  it('says "not found" when asked whether something no document writes is allowed (stop 55)', async () => {
    const report =
      '# Hollins Wood Nature Reserve\n\n## Annual report 2025\n\nAbout 35,500 people visited the reserve. ' +
      '141 volunteers gave 7,450 hours, mostly coppicing hazel. Visitors may use the new bird hide.';
    await withDocument('hollins.md', report, async (fresh) => {
      // One absent word of six was read as a paraphrase.
      expect((await fresh.ask('Are dogs allowed at Hollins Wood Nature Reserve?')).notFound).toBe(true);
      expect((await fresh.ask('Are visitors allowed to use the bird hide at Hollins Wood?')).notFound).toBe(
        false,
      );
    });
  });

  it('reads "employed" as the verb of the employees a question counts (stop 56)', async () => {
    const report =
      '# Halden Robotics quarterly report\n\n## Management discussion\n\nRevenue grew 55% on the third quarter ' +
      'of 2025. Brightmoor Logistics accounted for 14% of revenue. We employed 1,240 people at September 30, 2026.';
    await withDocument('halden.md', report, async (fresh) => {
      // The stemmer writes "emploi" of "employed" and "employe" of "employees": the count was
      // read as unstated.
      expect((await fresh.ask('How many employees did Halden Robotics have?')).notFound).toBe(false);
      expect((await fresh.ask('How many employees did Halden Robotics have?')).text).toContain('1,240');
    });
  });

  it('takes the object a "does" question ends on, when absent, for a gap (stop 53)', () => {
    expect(
      lacksEvidence('Does the current version of Quillon Reader support audiobooks?', ['audiobooks']),
    ).toBe(true);
    expect(
      lacksEvidence("Does Fernbrook Housing Co-operative's pets policy allow reptiles?", ['reptiles']),
    ).toBe(true);
    // So does one of "has" (stop 54).
    expect(lacksEvidence('Has the Veltro authentication bypass been exploited in the wild?', ['wild'])).toBe(
      true,
    );
    expect(lacksEvidence('Has Northwind Relief Trust merged with any other food charity?', ['charity'])).toBe(
      false,
    );
    // Not another word of it, not "any" of a kind (an instance answers in other words), not a
    // question of "is", whose last word is no object (measured: each refused answerable questions).
    expect(lacksEvidence('Does the current version of Quillon Reader support audiobooks?', ['quillon'])).toBe(
      false,
    );
    expect(lacksEvidence('Did Contoso Transit Authority buy any business in 2024?', ['business'])).toBe(
      false,
    );
    expect(
      lacksEvidence('Did the most recent Larchmont Ferries report mention a fare increase?', ['increase']),
    ).toBe(false);
    expect(lacksEvidence('Is the hose ban at Millbrook Allotment Society still in force?', ['force'])).toBe(
      false,
    );
    // Its last topic word is the verb when the object is no topic word ("printing", inflected).
    expect(lacksEvidence('Does Copperfield Library charge for printing?', ['charge'])).toBe(false);
  });

  it('reads a question embedded after a verb of saying as its topic (stop 43)', () => {
    const question = 'Does the BL800 manual say how much the light weighs?';
    expect(statedTopic(question)).toBe('how much the light weighs');
    expect(lacksEvidence(question, ['weighs'])).toBe(true);
    expect(statedTopic('Does the notice state whether pets are allowed?')).toBe('whether pets are allowed');
    // A price asked of a thing: the thing is the topic, one absent word of it is no paraphrase.
    expect(lacksEvidence('What does parking cost at Fairfield Leisure Centre?', ['parking'])).toBe(true);
  });

  it('weighs one absent word of a topic stated after "say about" against that topic only', () => {
    const question = 'What does the latest Contoso Harbour Transit report say about fare evasion?';
    expect(statedTopic(question)).toBe('fare evasion');
    expect(lacksEvidence(question, ['evasion'])).toBe(true);
    // One word of four in the stated topic may be a paraphrase ("homes" for "housing").
    expect(
      lacksEvidence('What does the latest report say about the new homes at Ridge Farm?', ['homes']),
    ).toBe(false);
    // An absent word outside the stated topic weighs against all the question's terms.
    expect(lacksEvidence('What does the Contoso Harbour Transit report say about fares?', ['harbour'])).toBe(
      false,
    );
    expect(statedTopic('What did the 2023 policy state regarding winter storage?')).toBe('winter storage');
    expect(statedTopic('How large were the exports?')).toBeUndefined();
  });
});

describe('honest "not found" in the documents a question is about', () => {
  const filings: Record<string, string> = {
    'northwind-2023-q2.md':
      '# Northwind Traders quarterly report\n\nFor the quarterly period ended June 30, 2023.\n\n' +
      'During the quarter the company completed the divestiture of its shipping unit. Revenue grew on ' +
      'higher demand for tea.',
    'contoso-2023-q2.md':
      '# Contoso quarterly report\n\nFor the quarterly period ended June 30, 2023.\n\n' +
      'Revenue grew on cloud subscriptions. The company disclosed no changes to its segments.',
    'fabrikam-2023-q2.md':
      '# Fabrikam quarterly report\n\nFor the quarterly period ended June 30, 2023.\n\n' +
      'Revenue fell as fabric prices declined. Inventory rose at the weaving plants.',
  };
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(':memory:') });
    for (const [name, text] of Object.entries(filings)) {
      await engine.ingestSource(
        { name, bytes: new TextEncoder().encode(text), mediaType: 'text/markdown' },
        { documentId: name },
      );
    }
  });
  afterAll(() => engine.close());

  it('says not found when the named document lacks the subject another document holds', async () => {
    const answer = await engine.ask('Did Contoso report any divestiture in the quarter?');
    expect(answer.notFound).toBe(true);
    expect(answer.text).toContain('contoso-2023-q2.md does not mention "divestiture"');
    expect(answer.sources.every((s) => s.hit.chunk.documentId === 'contoso-2023-q2.md')).toBe(true);
    expect(answer.cited.length).toBeGreaterThan(0);
  });

  it('answers the same question about the document that holds the subject', async () => {
    const answer = await engine.ask('Did Northwind report any divestiture in the quarter?');
    expect(answer.notFound).toBe(false);
    expect(answer.text).toContain('divestiture');
  });

  it('asks a yes-or-no question of the document it names: another’s shipping unit is no answer (stop 52)', async () => {
    const contoso = await engine.ask('Did Contoso complete the divestiture of a shipping unit?');
    expect(contoso.notFound).toBe(true);
    // "shipping" modifies the noun after the article (stop 69: see `topicWords`).
    expect(contoso.text).toContain('not mention "complete", "divestiture", "shipping" or "unit"');
    expect(contoso.sources.every((s) => s.hit.chunk.documentId === 'contoso-2023-q2.md')).toBe(true);
    const northwind = await engine.ask('Did Northwind complete the divestiture of a shipping unit?');
    expect(northwind.notFound).toBe(false);
    expect(asksYesNo('Is the hose ban at Millbrook still in force?')).toBe(true);
    expect(asksYesNo('In its latest report, can Contoso pay a dividend?')).toBe(true);
    expect(asksYesNo('What does Contoso sell?')).toBe(false);
  });

  it('reads the documents from the focus boosts of the first hits, narrowed by a time cue', () => {
    const hit = (documentId: string, kinds: Array<'focus' | 'period' | 'recency'>): Hit =>
      testHit(documentId, 'text', { boosts: kinds.map((kind) => ({ kind, weight: 1, reason: 'boosted' })) });
    const q = 'Did Contoso report any divestiture?';
    expect(evidenceDocuments(q, [hit('a', []), hit('b', [])])).toBeUndefined();
    expect(evidenceDocuments(q, [hit('a', ['focus']), hit('b', ['focus']), hit('c', [])])).toEqual([
      'a',
      'b',
    ]);
    expect(evidenceDocuments(q, [hit('a', ['focus']), hit('b', ['focus', 'recency'])])).toEqual(['b']);
    expect(evidenceDocuments(q, [hit('c', ['period'])])).toEqual(['c']);
    // A question that does not ask whether something is there is checked against the whole scope.
    expect(evidenceDocuments('What did Contoso spend on research?', [hit('a', ['focus'])])).toBeUndefined();
  });

  it('asksWhetherContains reads questions that ask whether something is there', () => {
    expect(asksWhetherContains('Did the Piper suffer any damage to its wing?')).toBe(true);
    expect(asksWhetherContains('In the Q2 2023 report, did Contoso announce any acquisitions?')).toBe(true);
    expect(asksWhetherContains('Does the handbook mention sabbaticals?')).toBe(true);
    expect(asksWhetherContains('Were there any divestitures in the quarter?')).toBe(true);
    expect(asksWhetherContains('What drove the change in gross margin from the previous quarter?')).toBe(
      false,
    );
    expect(asksWhetherContains('How did inventory levels compare with any earlier quarter?')).toBe(false);
  });

  it('takes no time cue for a topic', () => {
    expect(topicWords("What were Contoso's sales in the latest report?")).not.toContain('latest');
    expect(topicWords('What were Contoso sales in the most recent quarter?')).not.toContain('recent');
    // A cue spanning words that say which document keeps those words as topic words.
    const spanning = topicWords('What does the current travel policy say about rail?');
    expect(spanning).toContain('travel');
    expect(spanning).not.toContain('current');
  });
});

describe('not found about one document, only for questions asking whether it is there', () => {
  it('answers a question about a named report whose asking words the report paraphrases', async () => {
    const engine = await createEngine({ store: await openStore(':memory:') });
    const texts: Record<string, string> = {
      'contoso-2023-q2.md':
        '# Contoso quarterly report\n\nResearch and development expense rose 12% on higher headcount.',
      'northwind-2023-q2.md':
        '# Northwind quarterly report\n\nThe driver behind the previous decline was spend on research.',
    };
    for (const [name, text] of Object.entries(texts)) {
      await engine.ingestSource(
        { name, bytes: new TextEncoder().encode(text), mediaType: 'text/markdown' },
        { documentId: name },
      );
    }
    const answer = await engine.ask('What was the driver behind Contoso research spend?');
    expect(answer.notFound).toBe(false);
    await engine.close();
  });
});

describe('version labels among the asked documents', () => {
  const focused = (documentId: string): Hit =>
    testHit(documentId, '# HX-200 Pump Operating Manual', {
      boosts: [{ kind: 'focus', weight: 2, reason: 'the query names this document' }],
    });

  it('reads the label a question names a version by', () => {
    expect(versionLabel('Does revision C of the pump manual give any instructions?')).toBe('c');
    expect(versionLabel('Did the rev. B manual change the warranty?')).toBe('b');
    expect(versionLabel('What did version 2.1 fix?')).toBe('2.1');
    expect(versionLabel('What did the previous version say?')).toBeUndefined();
    expect(versionLabel('What do the release notes say?')).toBeUndefined();
    expect(versionLabel('Are there any changes to the dashboard in the Orbit 2.0 release notes?')).toBe(
      '2.0',
    );
    expect(versionLabel('What does the 3.1 manual say about pumps?')).toBe('3.1');
    expect(versionLabel('Did sales of 2.5 million units change?')).toBeUndefined();
    expect(versionLabel('Is $1.5 notes issuance disclosed?')).toBeUndefined();
  });

  it('reads "does it include …" as asking whether it is stated (stop 43)', () => {
    expect(
      askedStatement('Does the final garden room proposal include electrics or lighting?'),
    ).toMatchObject({
      kind: 'existence',
    });
    expect(askedStatement('Does the policy cover dental treatment?')).toMatchObject({ kind: 'existence' });
  });

  it('reads an ordinal edition, and matches it in a name that writes it either way (stop 43)', () => {
    expect(versionLabel('What does the second edition of Harbour Lights allow on a turn?')).toBe('2');
    expect(versionLabel('Which rules changed in the 3rd edition?')).toBe('3');
    expect(namesVersion('rules/harbour-lights-rules-2nd-edition.md', '2')).toBe(true);
    expect(namesVersion('rules/harbour-lights-rules-second-edition.md', '2')).toBe(true);
    expect(namesVersion('rules/harbour-lights-rules-third-edition.md', '2')).toBe(false);
    // An ordinal with no label word beside it numbers nothing.
    expect(namesVersion('the-second-harbour.md', '2')).toBe(false);
  });

  it('matches the label in a document name', () => {
    expect(namesVersion('manuals/pump-manual-rev-b.md', 'b')).toBe(true);
    expect(namesVersion('manuals/pump-manual-rev-b.md', 'c')).toBe(false);
    expect(namesVersion('Manual v2.1.pdf', '2.1')).toBe(true);
    expect(namesVersion('orbit-release-notes-2.1.md', '2.1')).toBe(true);
    expect(namesVersion('report-2.md', '2')).toBe(false);
  });

  it("matches a dotted number written with the name's separators, alone in its run of numbers (stop 61)", () => {
    expect(namesVersion('wrenfield-t4-guide-firmware-3-0.md', '3.0')).toBe(true);
    expect(namesVersion('wrenfield-t4-guide-firmware-3-0.md', '3.2')).toBe(false);
    expect(namesVersion('release_notes_2_1_4.md', '2.1.4')).toBe(true);
    expect(namesVersion('leave-policy-v2-3.pdf', '2.3')).toBe(true);
    expect(namesVersion('leave-policy-v2-3.pdf', '2.4')).toBe(false);
    // Part of a longer run of numbers: a date or another version, not this one.
    expect(namesVersion('minutes-2025-3-2.md', '3.2')).toBe(false);
    expect(namesVersion('guide-3-2-1.md', '3.2')).toBe(false);
    expect(namesVersion('guide-13-2.md', '3.2')).toBe(false);
  });

  it('narrows the documents a question names to those carrying its label, never to none', () => {
    const hits = ['rev-b', 'rev-a', 'rev-c'].map((r) => focused(`manuals/pump-manual-${r}.md`));
    const question = 'Does revision C of the HX-200 pump manual give any instructions for winter storage?';
    expect(askedDocuments(hits, question)).toEqual(['manuals/pump-manual-rev-c.md']);
    expect(evidenceDocuments(question, hits)).toEqual(['manuals/pump-manual-rev-c.md']);
    expect(askedDocuments(hits, question.replace('revision C', 'revision D'))).toHaveLength(3);
    expect(askedDocuments(hits)).toHaveLength(3);
  });

  it('asks the newest version a recency cue names when asked whether something is there, though the search passed it over', () => {
    // The search preferred the 2022 report (it mentions a stock split) over the newest, 2024's.
    const older = testHit('reports/2022.md', 'The plan adjusts awards for stock splits.', {
      boosts: [
        { kind: 'focus', weight: 2, reason: 'the query names this document' },
        {
          kind: 'recency',
          weight: 2,
          reason: 'the newest version holding the topic',
          passedOver: { documentId: 'reports/2024.md', lacks: ['split'] },
        },
      ],
    });
    const question = 'Did the company announce a stock split in its latest report?';
    expect(askedDocuments([older], question, true)).toEqual(['reports/2024.md']);
    // What the latest report says about a topic is read from the version the search preferred.
    expect(askedDocuments([older], question)).toEqual(['reports/2022.md']);
  });
});

describe('eventVerb and "have" as a main verb (stop 66)', () => {
  it('reads the verb after a name, a pronoun, or a noun phrase in lower case', () => {
    expect(eventVerb('When do The Lanterns play in Leeds?')).toBe('play');
    expect(eventVerb('Where do they meet?')).toBe('meet');
    expect(eventVerb('When does the night train leave Hexley?')).toBe('leave');
    expect(eventVerb('What time does the Hexley train leave?')).toBe('leave');
    expect(eventVerb('When did the council approve the budget?')).toBe('approve');
    expect(eventVerb('When do lambs arrive?')).toBe('arrive');
    // No when or where, or no verb after the subject.
    expect(eventVerb('What do The Lanterns play?')).toBeUndefined();
    expect(eventVerb('When is the next show?')).toBeUndefined();
    expect(eventVerb('When does the library?')).toBeUndefined();
  });

  it('reads the noun phrase after "have" as the object of a "does" question', () => {
    // "have" is the main verb: "a sprinkler system" is the object, its modifier one of its words.
    expect(lacksEvidence('Does Stanway Village Hall have a sprinkler system?', ['sprinkler'])).toBe(true);
    // The article right after the opening "does" opens the subject: only the head counts.
    expect(lacksEvidence('Does the village hall sell gift vouchers?', ['gift'])).toBe(false);
    expect(lacksEvidence('Does the village hall sell gift vouchers?', ['vouchers'])).toBe(true);
  });
});

describe('compoundsHeld (stop 66)', () => {
  it("holds two question words a hit writes joined, a verb's past read as its present", async () => {
    const hits = [testHit('readings.csv', 'Date: 2026-07-05\nRainfall (mm): 14.6\nSunrise: 04:52')];
    expect([...(await compoundsHeld('How much rain fell on 5 July?', hits))].sort()).toEqual([
      'fell',
      'rain',
    ]);
    expect([...(await compoundsHeld('When did the sun rise on 5 July?', hits))].sort()).toEqual([
      'rise',
      'sun',
    ]);
    expect([...(await compoundsHeld('How much snow fell on 5 July?', hits))]).toEqual([]);
  });
});

describe('statedTopic: verbs of telling (stop 66)', () => {
  it('reads the embedded question after "explain" and "describe"', () => {
    expect(statedTopic('Does the Mossgate care sheet explain how to propagate a Calathea orbifolia?')).toBe(
      'how to propagate a Calathea orbifolia',
    );
    expect(statedTopic('Does the leaflet describe how the tablets are stored?')).toBe(
      'how the tablets are stored',
    );
    expect(
      lacksEvidence('Does the Mossgate care sheet explain how to propagate a Calathea orbifolia?', [
        'propagate',
      ]),
    ).toBe(true);
  });
});

describe('verbObject: the noun phrase after the main verb (stop 66)', () => {
  it('reads the object after a subject in capitals or a subject after an article', () => {
    expect(verbObject('Does Eleanor Pryce need a blood test before her gastroscopy?')).toEqual([
      'blood',
      'test',
    ]);
    expect(verbObject('Has KX19 ZPT had its cambelt replaced?')).toEqual(['cambelt']);
    expect(verbObject('Does the hotel have a pool in the garden?')).toEqual(['pool']);
    // A bare plural after the verb is its object (stop 70, round106); not one after "any".
    expect(verbObject('Does Stackley Self Storage have climate-controlled units?')).toEqual([
      'climat',
      'unit',
    ]);
    expect(verbObject('Does Stackley Self Storage have any lockers?')).toEqual([]);
    // A subject after an article with no second article: no verb found, no object phrase.
    expect(verbObject('Does the shop sell gift cards?')).toEqual([]);
    expect(verbObject('What does the shop sell?')).toEqual([]);
  });

  it('makes an absent word of that phrase leave the question unanswered', () => {
    expect(lacksEvidence('Does Eleanor Pryce need a blood test before her gastroscopy?', ['blood'])).toBe(
      true,
    );
    expect(lacksEvidence('Has KX19 ZPT had its cambelt replaced?', ['cambelt'])).toBe(true);
    expect(lacksEvidence('Does Stackley Self Storage have climate-controlled units?', ['climate'])).toBe(
      true,
    );
    // The thing a dimension question measures, before its owner (stop 70, round106).
    expect(measuredThing('How long is the warranty on the Klarwash W814 washing machine?')).toBe('warranty');
    expect(
      lacksEvidence('How long is the warranty on the Klarwash W814 washing machine?', ['warranty']),
    ).toBe(true);
    expect(measuredThing('How long does the warranty last?')).toBeUndefined();
    // Asked for "any" of a kind, an instance answers in other words.
    expect(lacksEvidence('Did Contoso buy any company in Ohio?', ['company'])).toBe(false);
  });
});

describe('participleObject: what an "is" question names after its participle (stop 67)', () => {
  it("reads the words after a participle that follows a name or an article's noun", () => {
    expect(participleObject('Is Ruth Kettering prescribed metformin?')).toEqual(['metformin']);
    expect(participleObject('Was the tenant charged a cleaning fee?')).toEqual(['clean', 'fee']);
    expect(participleObject('Were the guests given a welcome pack?')).toEqual(['welcom', 'pack']);
    // Nothing after the participle, a preposition's object, or no participle: no object.
    expect(participleObject('Is the pool heated?')).toEqual([]);
    expect(participleObject('Is Bramble vaccinated against leptospirosis?')).toEqual([]);
    expect(participleObject('Is the hall licensed for weddings?')).toEqual([]);
    expect(participleObject('Is the Malbec a red wine?')).toEqual([]);
    expect(participleObject('Does the shop sell gift cards?')).toEqual([]);
  });

  it('makes an absent word of it leave the question unanswered', () => {
    expect(lacksEvidence('Is Ruth Kettering prescribed metformin?', ['metformin'])).toBe(true);
    // The subject's word is no object: the share rule decides (one of four terms is too few).
    expect(lacksEvidence('Is Ruth Kettering prescribed metformin?', ['ruth'])).toBe(false);
  });
});

describe('names and superlatives in the topic (stop 67)', () => {
  it("reads a name right after the question's first word as a name", () => {
    expect(lacksEvidence('Is Paddington showing at the Regal this week?', ['paddington'])).toBe(true);
    expect(lacksEvidence('Does Contoso pay a dividend?', ['contoso'])).toBe(true);
  });

  it('leaves a superlative out of the words a document must write', () => {
    expect(topicWords('What is the cheapest white wine by the bottle?')).toEqual(['white', 'wine', 'bottle']);
    expect(topicWords('In which month was the least daytime electricity used?')).not.toContain('least');
  });
});

describe('the asker’s words a document writes otherwise (stop 72)', () => {
  it('holds "not happy" by "unhappy", "yearly" by "a year", a subscription by its subscribers', async () => {
    const handbook =
      '# Complaints\n\nIf you are still unhappy after stage 2, you can refer your complaint to the Ombudsman.\n\n' +
      '# Plans\n\nPlus costs £3.49 a month or £34.99 a year. Existing Pro subscribers move to Plus automatically.\n\n' +
      '# Appointments\n\nIf we miss an appointment without 24 hours’ notice, we pay you £20.';
    await withDocument('handbook.md', handbook, async (fresh) => {
      const absent = async (question: string) =>
        absentWords(fresh, question, {}, (await fresh.search(question, { mode: 'lexical' })).hits);
      expect(await absent("What can I do if I'm not happy with the answer to my complaint?")).not.toContain(
        'happy',
      );
      expect(await absent('How much is a yearly subscription to Plus?')).toEqual([]);
    });
  });

  it('reads "round" as a preposition, "bad" as no topic and "person" as the asker’s word for a role', () => {
    expect(topicWords('Can I take a pushchair round Ollerbeck Museum?')).not.toContain('round');
    expect(topicWords("Who do I ring if I've got bad toothache at the weekend?")).not.toContain('bad');
    expect(topicWords("Do they pay if the repairs person doesn't come?")).not.toContain('person');
  });

  it('takes the object of a question whether one may do something, when absent, for a gap', () => {
    expect(mayObject('Can I hire an electric scooter from Quillbarrow Cycle Hire?')).toEqual([
      'electr',
      'scooter',
    ]);
    expect(mayObject('Am I allowed to take in a lodger in my Harrowmere home?')).toEqual(['lodger']);
    expect(mayObject('Can we bring guests to the Loomhouse?')).toEqual(['guest']);
    expect(mayObject('Can I pay by card at the Harbour Cafe?')).toEqual([]);
    expect(mayObject('Can my boyfriend stay the night?')).toEqual([]);
    // One's own child is a subject of its own (stop 76, round137).
    expect(mayObject('Can my son take drama exams through Tallowbrook Youth Theatre?')).toEqual([
      'drama',
      'exam',
    ]);
    // A place in general asked for a purpose: that purpose is what is asked to be there (round120).
    expect(lacksEvidence('Is there somewhere to park for volunteers at Lanternbrook?', ['park'])).toBe(true);
    expect(lacksEvidence('Can I hire an electric scooter from Quillbarrow Cycle Hire?', ['scooter'])).toBe(
      true,
    );
    expect(lacksEvidence('Am I allowed to take in a lodger in my Harrowmere home?', ['lodger'])).toBe(true);
  });

  it('takes the verb of a question whether something may be done to a thing, when absent, for a gap (round120)', () => {
    const question = 'Can the Brisklow DW612 dishwasher be plumbed into the hot water supply?';
    expect(mayBeVerb(question)).toBe('plumb');
    expect(topicWords(question)).toContain('plumbed');
    expect(lacksEvidence(question, ['plumbed'])).toBe(true);
    expect(mayBeVerb('Can the booking be moved to another day?')).toBe('move');
    expect(mayBeVerb('Can I bring my dog?')).toBeUndefined();
    expect(mayBeVerb('Is the dishwasher plumbed in?')).toBeUndefined();
  });

  it('takes the verb a yes-or-no question asks a named subject does, when absent, for a gap (round119, round121, after their only runs)', () => {
    expect(nameVerb('Can Tillyhorn Bakehouse deliver bread to my house?')).toBe('deliv');
    expect(nameVerb('Will Brakmoor engrave my name on a new lock?')).toBe('engrav');
    expect(lacksEvidence('Can Tillyhorn Bakehouse deliver bread to my house?', ['deliver'])).toBe(true);
    // Verbs of having, letting and paying, and of a decision's stance, documents write otherwise.
    expect(nameVerb('Does Thornwick allow dogs on the beach?')).toBeUndefined();
    expect(nameVerb('Did Tidewell Parish Council support the planning application?')).toBeUndefined();
    expect(nameVerb('Does Thornwick have a pool?')).toBeUndefined();
    expect(nameVerb('Can I bring my dog?')).toBeUndefined();
    expect(lacksEvidence('Can the Tillyhorn team bake to order?', ['bake'])).toBe(false);
  });

  it('reads no topic in the words of an age the asker states (round122)', () => {
    const words = topicWords('Can my 7-year-old swim in a general swim at Crowbeck while I watch?');
    expect(words).not.toContain('year');
    expect(words).not.toContain('old');
    expect(topicWords('Is there a discount for a child of 9 years old?')).not.toContain('years');
    expect(topicWords('What does a 5-year service plan cost?')).toContain('year');
  });

  it('counts two absent words joined by "and" or "or" once: alternatives a document names by their kind', () => {
    const question =
      'What happens in Wrenlet Notes if I edit the same note on my phone and laptop while one of them is offline?';
    expect(lacksEvidence(question, ['phone', 'laptop'])).toBe(false);
    expect(lacksEvidence(question, ['phone', 'offline'])).toBe(true);
    // Either is what a yes-or-no question asks of: "not found" as for one.
    expect(lacksEvidence('Does the Seaview Hotel have a gym or a pool?', ['gym', 'pool'])).toBe(true);
  });
});

describe('a noun of "-er" the asker names (stop 73)', () => {
  it('holds "a cup warmer" only by its own form, not by "warm" (round119, after its only run)', async () => {
    const guide =
      '# Crema 5 quick guide\n\nUse cold milk straight from the fridge for the best foam; the wand makes warm milk in 40 seconds.\n\n' +
      'Place your cup on the drip tray and press the coffee button.';
    await withDocument('guide.md', guide, async (fresh) => {
      const absent = async (question: string) =>
        absentWords(fresh, question, {}, (await fresh.search(question, { mode: 'lexical' })).hits);
      expect(await absent('Does the Crema 5 have a cup warmer on top?')).toContain('warmer');
      // A comparative after a word of degree is held by its adjective.
      expect(await absent('Can the Crema 5 make the milk a bit warmer?')).not.toContain('warmer');
    });
  });
});

describe('words that frame the asker’s story (stop 74)', () => {
  it('reads no topic in a conjunction, a part of the day or a phrasal verb of being', () => {
    expect(
      topicWords(
        'My bike got nicked even though it was locked with a Brakmoor Citadel 9 — what do I have to do to claim?',
      ),
    ).not.toEqual(expect.arrayContaining(['though']));
    expect(topicWords('My bike got nicked even though it was locked')).not.toContain('even');
    expect(topicWords('Who do I call on a Saturday afternoon if I am in pain?')).not.toContain('afternoon');
    expect(topicWords('What does the little suitcase symbol on my Emberlyn T4 mean?')).toEqual([
      'suitcase',
      'symbol',
      'emberlyn',
    ]);
    // A name's "Little" is a topic.
    expect(topicWords('Does Little Acorns Day Nursery have a waiting list fee?')).toContain('little');
    const parcel = topicWords('What happens if my parcel turns out to be bigger than the limit?');
    expect(parcel).not.toContain('turns');
    expect(parcel).toContain('parcel');
    expect(topicWords('My machine jams every time: how do I sort it out?')).not.toContain('sort');
  });

  it('keeps a service named by a noun and "-ing" after "do" or "offer" as a topic (round129)', () => {
    expect(topicWords('Does Fenwhistle Dental do teeth whitening, and how much is it?')).toContain(
      'whitening',
    );
    expect(topicWords('Do you offer dog walking at weekends?')).toContain('walking');
    // A verb after a verb is none.
    expect(topicWords('My sewing machine keeps making loops, what do I do?')).not.toContain('making');
  });

  it('takes no count written in words as a topic: documents write counts in figures (stop 76, round138)', () => {
    expect(topicWords('My Pebblefen robot keeps flashing red three times, what is wrong?')).not.toContain(
      'three',
    );
    expect(topicWords('Can twenty people sit in the Pebblefen hall?')).not.toContain('twenty');
    expect(topicWords('My Pebblefen robot keeps flashing red three times, what is wrong?')).toContain(
      'robot',
    );
  });
});

describe('a size a band holds (stop 74)', () => {
  it('reads "a 9.5 m yacht" as held by a price list by length whose band holds it (round128)', async () => {
    const fees =
      '# Berth fees\n\n| Length overall | Annual |\n| --- | --- |\n| Up to 7.99 m | £2,180 |\n| 8.00 m – 9.99 m | £2,740 |';
    await withDocument('fees.md', fees, async (fresh) => {
      const absent = async (question: string) =>
        absentWords(fresh, question, {}, (await fresh.search(question, { mode: 'lexical' })).hits);
      expect(await absent('How much is an annual berth for a 9.5 m yacht?')).not.toContain('9.5 m');
      expect(await absent('How much is an annual berth for a 12.5 m yacht?')).toContain('12.5 m');
    });
  });
});

describe('the documents a question how to do something asks of (stop 74)', () => {
  it('asks a how-to question of the documents it names, as a yes-or-no question', () => {
    const surgery = testHit('pellingford-faq.html', 'Repeat prescriptions: order through the NHS App.', {
      boosts: [{ kind: 'focus', weight: 1, reason: 'names Pellingford', words: ['Pellingford'] }],
    });
    const other = testHit('doorbell.md', 'Fit the bracket to the wall.');
    const hits = [surgery, other];
    expect(evidenceDocuments('How do I get a fit note from Pellingford Surgery?', hits)).toEqual([
      'pellingford-faq.html',
    ]);
    expect(evidenceDocuments('What does Pellingford Surgery charge for a letter?', hits)).toBeUndefined();
  });
});

describe('asksYesNo after a condition (stop 74)', () => {
  it('reads a yes-or-no question after an "If …," clause', () => {
    expect(asksYesNo('If I cancel my Marrowby resident parking permit early, can I get money back?')).toBe(
      true,
    );
    expect(asksYesNo('If I cancel early, what happens to my deposit?')).toBe(false);
  });
});

describe('honest "not found": what a question asks is there, and words it tells apart (stop 75)', () => {
  it('holds a word the question writes in two forms only where its own form is written: "parking" beside "trampoline park"', async () => {
    const page =
      '# Bounceholt Trampoline Park\n\nThe trampoline park opens at 9am every day. Grip socks cost £2.50 a pair.';
    await withDocument('bounceholt.md', page, async (fresh) => {
      const question = 'Is there parking at Bounceholt trampoline park, and do I have to pay for it?';
      const absent = await absentWords(fresh, question);
      expect(absent).toEqual(['parking']);
      // What a question asks is there, unwritten, is no "yes" (round134).
      expect(lacksEvidence(question, absent)).toBe(true);
    });
    // Another form than the other word's holds it: "nosed over" of "nosing over" beside "the nose gear".
    const report = '# Accident report\n\nThe airplane nosed over after the nose gear dug into soft ground.';
    await withDocument('report.md', report, async (fresh) => {
      expect(
        await absentWords(
          fresh,
          'Which accident ended with the airplane nosing over after the nose gear dug in?',
        ),
      ).not.toContain('nosing');
    });
    const parking = '# Bounceholt Trampoline Park\n\nFree parking for 60 cars is behind the trampoline park.';
    await withDocument('bounceholt.md', parking, async (fresh) => {
      expect(await absentWords(fresh, 'Is there parking at Bounceholt trampoline park?')).toEqual([]);
    });
    // A sum, a share off or a place in general is written otherwise ("£5", "10% off").
    expect(
      lacksEvidence('Is there a discount for full-time students at Glimmerbank Bowl on weekday afternoons?', [
        'discount',
      ]),
    ).toBe(false);
    expect(
      lacksEvidence('Is there a sauna for full-time students at Glimmerbank Bowl on weekday afternoons?', [
        'sauna',
      ]),
    ).toBe(true);
    expect(topicWords('Is there somewhere to park my car at the hostel?')).not.toContain('somewhere');
  });

  it('holds "a wood burner" by a "Wood-burning" stove, not by "burn" alone', async () => {
    const prices =
      '# Chimney sweeping prices\n\n| Appliance | Price |\n| --- | --- |\n| Wood-burning or multi-fuel stove | £80.00 |\n| Open fire | £70.00 |';
    await withDocument('sweep.md', prices, async (fresh) => {
      expect(await absentWords(fresh, 'How much does it cost to sweep a wood burner?')).toEqual([]);
    });
    const gas = '# Chimney sweeping prices\n\nWe do not burn off soot. An open fire costs £70.00 to sweep.';
    await withDocument('sweep.md', gas, async (fresh) => {
      expect(await absentWords(fresh, 'How much does it cost to sweep a wood burner?')).toContain('burner');
    });
  });

  it('reads a weekday as Monday to Friday, and the asker needing something as no topic', async () => {
    const fees =
      '# Locksmith charges\n\n| Time band | When | Call-out fee |\n| --- | --- | --- |\n| Standard hours | Monday to Friday, 8am to 7pm | £72.00 |\n| Sundays | All day Sunday | £130.00 |';
    await withDocument('locksmith.md', fees, async (fresh) => {
      expect(
        await absentWords(
          fresh,
          'How much is the call-out fee if I need a locksmith on a weekday afternoon?',
        ),
      ).toEqual([]);
    });
  });

  it('reads the kind of service named right after "do" as a topic: "do wedding photography"', () => {
    expect(topicWords('Does Copperlane Portrait Studio do wedding photography?')).toContain('wedding');
    expect(topicWords('Does the club keep making changes to the timetable?')).not.toContain('making');
  });

  it('reads the object before an adverb a question ends on: "go on tours abroad"', () => {
    expect(lacksEvidence('Does Hebbleford Community Choir go on tours abroad?', ['tours'])).toBe(true);
  });

  it('reads what a plural subject may do: "Can stallholders leave their equipment overnight …?"', () => {
    expect(
      mayObject("Can stallholders leave their equipment overnight at Grebeford Farmers' Market?"),
    ).toEqual(['equip', 'overnight']);
    expect(
      lacksEvidence("Can stallholders leave their equipment overnight at Grebeford Farmers' Market?", [
        'overnight',
      ]),
    ).toBe(true);
    // A subject's noun then a preposition names no verb.
    expect(mayObject('Can members of the public use the car park?')).toEqual([]);
    // What one is allowed, named right after "allowed" (stop 76, round141).
    expect(mayObject('Are we allowed fireworks at our wedding at Wyndlecote Barn?')).toEqual(['firework']);
    expect(lacksEvidence('Are we allowed fireworks at our wedding at Wyndlecote Barn?', ['fireworks'])).toBe(
      true,
    );
    expect(mayObject('Are we allowed to bring our own cake?')).toEqual(['cake']);
  });

  it('reads kids, one’s little boy, photos, a check-up, a bird’s nest, chickens, shutting, the weather and the asker being away as documents write them', async () => {
    const cases: Array<[name: string, markdown: string, question: string]> = [
      [
        'swim.md',
        '# Swimming club FAQ\n\nChildren aged 8 and over can join. We do not refund or reduce fees for missed sessions, holidays or pool closures.',
        "Can I get money back if my kid misses sessions while we're away on holiday?",
      ],
      [
        'allotment.md',
        '# Allotment rules\n\n## Animals\n\nHens may be kept on full plots only, up to six birds.',
        'Can I keep chickens on my allotment?',
      ],
      [
        'hire.md',
        '# Paddle hire terms\n\nIf we close the reservoir because of high winds, you can choose a full refund of the hire fee or a new date.',
        "If they shut the reservoir because it's too windy, do I lose my hire money?",
      ],
      [
        'ebike.md',
        '# E-bike manual\n\n## Charging\n\nAfter a ride in freezing weather, let the battery warm to room temperature before charging it.',
        'Can I charge my battery straight after a ride in freezing weather?',
      ],
      [
        'nursery.md',
        '# Parent handbook\n\n## Sickness\n\nIf your child has been sick or had diarrhoea, they can return to nursery 48 hours after the last episode.',
        'My little boy was sick - when can he return to nursery?',
      ],
      [
        'museum.html',
        '# Visitor information\n\n## Rules\n\nPhotography without flash is welcome in the permanent galleries.',
        'Can I take photos in the galleries?',
      ],
      [
        'dental.md',
        '# Fees\n\n| Treatment | Fee |\n| --- | --- |\n| Routine examination | £52.00 |',
        'How much does a routine check-up cost?',
      ],
      [
        'sewing.txt',
        '# Troubleshooting\n\nThread bunches or loops under the fabric: the upper thread is not in the tension discs.',
        "Why is there a bird's nest of thread under the fabric?",
      ],
    ];
    for (const [name, markdown, question] of cases)
      await withDocument(name, markdown, async (fresh) => {
        expect(await absentWords(fresh, question), question).toEqual([]);
      });
  });
});

describe('monthsSpanned and kinds named by a name (stop 77)', () => {
  const months = (text: string) => [...monthsSpanned(text)].map((m) => MONTH_NAMES[m]);

  it('reads the months a span of dates covers, across the new year too', () => {
    expect(months('| Peak | 24 July to 4 September | £1,245 |')).toEqual(['july', 'august', 'september']);
    expect(months('Winter: 1 Nov 2026 until 31 Mar 2027')).toEqual([
      'november',
      'december',
      'january',
      'february',
      'march',
    ]);
    expect(months('Open April – June')).toEqual(['april', 'may', 'june']);
    // The same month of two years is a whole year.
    expect(months('Season ticket valid March 2026 – March 2027').length).toBe(12);
    expect(months('Closed 1 March to 31 March')).toEqual(['march']);
    // A date alone spans nothing.
    expect(months('Prices from 1 April 2026')).toEqual([]);
  });

  it('leaves out a kind noun after a name ("Tour mode"), not one the question asks of', () => {
    expect(
      topicWords('Roughly how far can I ride the Fellway on a full battery in Tour mode?'),
    ).not.toContain('mode');
    expect(topicWords('Does the dishwasher have a quiet mode?')).toContain('mode');
  });
});

describe('a question telling the asker’s situation before it asks (stop 78)', () => {
  const late =
    "We're driving up to Brindlecote straight after work on Friday and probably won't get there till 9ish. Is that a problem?";

  it('reads the sentences that ask apart from those that tell', () => {
    expect(askingSentences(late)).toBe('Is that a problem?');
    expect(askingSentences('Is there a swimming pool on the campsite?')).toBeUndefined();
    expect(askingSentences('Is there a pool? Is it heated?')).toBeUndefined();
    expect(askingSentences('I have a dog, can I bring it to the campsite')).toBeUndefined();
  });

  it('counts no absent word the telling alone writes', () => {
    expect(lacksEvidence(late, ['probably', 'till'])).toBe(false);
    // Told and asked alike, the asking sentence's words are judged as before.
    expect(
      lacksEvidence("We're staying two nights in August. Is there a swimming pool on the campsite?", [
        'august',
        'swimming',
        'pool',
      ]),
    ).toBe(true);
    expect(
      lacksEvidence('Is that a problem if we get there till 9ish, probably?', ['probably', 'till']),
    ).toBe(true);
  });
});
