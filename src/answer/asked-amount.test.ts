import { describe, expect, it } from 'vitest';
import { askedOutlay, asksForPrice, pricedThing, priceTerms, statesMoney } from './asked-amount.js';

describe('asksForPrice and priceTerms', () => {
  it('reads a question asking what something cost, its price or fee, or how much was paid or spent', () => {
    expect(priceTerms('What did the service before last cost?')).toEqual(['cost']);
    expect(priceTerms('How much did the latest MOT test cost?')).toEqual(['cost']);
    expect(priceTerms('What is the price of a day ticket?')).toEqual(['price']);
    expect(priceTerms('Which fees does the bank charge for transfers?')).toEqual(['fee']);
    expect(asksForPrice('Does the latest canteen menu give the price of the Friday main?')).toBe(true);
    expect(
      asksForPrice('How much was spent in the period of the progress report before the latest one?'),
    ).toBe(true);
    expect(asksForPrice('In the 2024 report, how much did the council pay for the new roof?')).toBe(true);
    expect(priceTerms('How much money has the rail extension spent so far?')).toEqual(['spent']);
  });

  it('reads no price asked by other questions that use the words', () => {
    expect(asksForPrice('How much time was spent on the review?')).toBe(false);
    expect(asksForPrice('What cost-cutting measures did the company take?')).toBe(false);
    expect(asksForPrice('What did the previous price list of March 2024 charge for delivery?')).toBe(false);
    expect(asksForPrice('Did the company mention any price increases?')).toBe(false);
    expect(asksForPrice('How does the cost of fuel relate to the fares?')).toBe(false);
    expect(asksForPrice('How long does the bike light take to charge?')).toBe(false);
    expect(priceTerms('When does the current MOT expire?')).toEqual([]);
  });
});

describe('statesMoney', () => {
  it('reads a sum by its currency sign, code or word, a free service, or a labelled figure', () => {
    for (const text of [
      'Invoice total: £168.50',
      'Revenue was $1.5 billion.',
      'A day ticket costs EUR 12.',
      'The fee is 40 dollars.',
      'Replacement parts are supplied free of charge.',
      '| Price | 12.99 |',
      'Total: 245.00',
      'Operating results (in thousands of dollars, except water delivered):',
      '| (In millions) | 2023 |',
      '| Capital spending | 4,115 | 3,380 |',
      // Pence written "p" (stop 71).
      'Charging costs 52p per kWh, plus the normal parking charge.',
      'A second-class stamp is 9.5p more.',
      // A field name written with underscores labels a fee (stop 71).
      'fee_per_term_gbp: 285',
    ]) {
      expect(statesMoney(text), text).toBe(true);
    }
  });

  it('reads no sum in figures of other kinds', () => {
    for (const text of [
      'Odometer reading: 55,117 miles',
      'Date of test: 13 May 2024',
      'Test number: 6029 1138 4420',
      'A full charge takes 4 hours.',
      'The dressing is applied twice daily for four weeks.',
      'Videos are recorded in 1080p or 720p.',
    ]) {
      expect(statesMoney(text), text).toBe(false);
    }
  });
});

describe('pricedThing', () => {
  it('reads what a question asks the price of', () => {
    expect(pricedThing('What does parking cost at Fairfield Leisure Centre?')).toBe('parking');
    expect(pricedThing('What is the price of a day pass?')).toBe('a day pass');
    expect(pricedThing('How much does the current price list charge for towel hire?')).toBe('towel hire');
    expect(pricedThing('When does the current MOT expire?')).toBeUndefined();
  });

  it('reads what "it" costs to do, without where it is bought (stop 70)', () => {
    expect(pricedThing('How much does it cost to print a page at Fernbridge Libraries?')).toBe(
      'print a page',
    );
    expect(pricedThing('What does it cost to hire the Ashwell hall?')).toBe('hire the Ashwell hall');
    expect(pricedThing('What is the price of a day pass at Ridgeway Gym?')).toBe('a day pass');
    expect(pricedThing('What is the price of a day pass at the pool?')).toBe('a day pass at the pool');
  });

  it('reads what is paid or spent on after the payer of a "how much does … pay" question', () => {
    expect(pricedThing('How much does Ferncombe Foodbank pay its staff?')).toBe('its staff');
    // Money spent on a subject is left to the stated-evidence check ("does not state how much was spent on …").
    expect(pricedThing('How much did the council spend on roads in 2024?')).toBeUndefined();
    expect(pricedThing('How much money did the club pay for the new boat?')).toBe('the new boat');
    // Spending asked with no payer names nothing spent on.
    expect(pricedThing('How much was spent in the period?')).toBeUndefined();
  });
});

describe('askedOutlay', () => {
  it('reads what a question asks the expenditure, spending, expense or budget of', () => {
    expect(askedOutlay("What was Amazon's R&D expenditure in its Q3 2022 10-Q?")).toEqual({
      subject: 'R&D',
      noun: 'expenditure',
    });
    expect(askedOutlay("What was Brightwell Instruments' staff spending in the half?")).toEqual({
      subject: 'staff',
      noun: 'spending',
    });
    expect(askedOutlay('In 2024, what were the total operating expenses of the trust?')).toEqual({
      subject: 'operating',
      noun: 'expenses',
    });
    expect(askedOutlay('What is the learning budget in the most recent handbook?')).toEqual({
      subject: 'learning',
      noun: 'budget',
    });
  });

  it('reads none where nothing names what was spent on, or the noun names something else', () => {
    expect(askedOutlay("What was the trust's total expenditure in 2024/25?")).toBeUndefined();
    expect(askedOutlay('What was the budget?')).toBeUndefined();
    expect(askedOutlay('What were the budget cuts announced in March?')).toBeUndefined();
    expect(askedOutlay('How did R&D spending relate to new products?')).toBeUndefined();
    expect(askedOutlay('What was the driver behind Contoso research spend?')).toBeUndefined();
  });
});

describe('asksForPrice: "how much is" a thing, and after the asker’s situation (stop 78)', () => {
  it('reads "how much is a …" and "how much is it to …" as asking a price', () => {
    expect(asksForPrice('How much is a single ticket on Corrowford tram line 3 to Eastmoor?')).toBe(true);
    expect(asksForPrice('How much is it to hire a petrol cement mixer for a weekend?')).toBe(true);
    // What a thing is worth, or a discount, may be a share; what is left is no price asked.
    expect(asksForPrice('How much is the GEO2041 examination worth?')).toBe(false);
    expect(asksForPrice('How much was the sibling discount at Puddlewick in 2026?')).toBe(false);
    expect(asksForPrice('How much is left in the fund?')).toBe(false);
  });

  it('reads the sentence that asks after the one that tells', () => {
    expect(asksForPrice("I've cracked the glass lid. How much does a replacement lid cost?")).toBe(true);
    expect(asksForPrice("I've cracked the glass lid. Can I put it in the dishwasher?")).toBe(false);
  });
});
