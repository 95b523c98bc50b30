import { describe, expect, it } from 'vitest';
import {
  MAX_ABBREVIATIONS,
  queryAbbreviations,
  spelledOutAbbreviations,
  withExpansions,
} from './abbreviations.js';

const REPORT = [
  'Revenue and deferred income are recognised when instruments are delivered.',
  '| Research and development | 14,820 | 13,150 |\n| Selling, general and administrative | 22,400 | 21,050 |',
  'Research and development spending rose. Regulatory and documentation work will take two quarters.',
  '| Property, plant and equipment, net | 96,300 | 91,800 |',
  'The automatic vehicle location (AVL) system was replaced; Contoso Web Services (“CWS”) hosts it.',
];

describe('queryAbbreviations', () => {
  it('reads initials joined by "&", once each, and not acronyms, which are words of the index', () => {
    expect(queryAbbreviations('R&D and SG&A costs, PP&E, R & D again')).toEqual(['R&D', 'SG&A', 'PP&E']);
    expect(queryAbbreviations('What did the AVL upgrade cost? Does DNA damage matter?')).toEqual([]);
    expect(queryAbbreviations('AT&T2 and B&&C')).toEqual([]);
  });
});

describe('spelledOutAbbreviations', () => {
  it('spells an "&" abbreviation out by the phrase the passages write most often', () => {
    // "Revenue and deferred" and "Regulatory and documentation" have the initials too, once each.
    expect(spelledOutAbbreviations('What were the R&D expenses?', REPORT)).toEqual([
      { abbreviation: 'R&D', expansion: 'research and development' },
    ]);
  });

  it('reads several initials before the "&", separated by commas', () => {
    expect(spelledOutAbbreviations('SG&A and PP&E in the quarter', REPORT)).toEqual([
      { abbreviation: 'SG&A', expansion: 'selling, general and administrative' },
      { abbreviation: 'PP&E', expansion: 'property, plant and equipment' },
    ]);
  });

  it('prefers a phrase written as a whole name to the start of a longer one, then the more frequent', () => {
    // Once each: "Revenue and deferred income" goes on past the initials; the row label ends there.
    const once = ['Revenue and deferred income is recognised.', '| Research and development | 14,820 |'];
    expect(spelledOutAbbreviations('R&D costs', once)).toEqual([
      { abbreviation: 'R&D', expansion: 'research and development' },
    ]);
    // A phrase ended by a stop word is whole ("Repairs and renewals of mains").
    expect(
      spelledOutAbbreviations('R&R of mains', ['Repairs and renewals of mains cost $6.2 million.']),
    ).toEqual([{ abbreviation: 'R&R', expansion: 'repairs and renewals' }]);
    // Neither whole: the more frequent; then the capitalised.
    const texts = [
      'Research and data teams met.',
      'research and development costs',
      'research and development staff',
    ];
    expect(spelledOutAbbreviations('R&D', texts)).toEqual([
      { abbreviation: 'R&D', expansion: 'research and development' },
    ]);
    expect(spelledOutAbbreviations('R&D', ['rates and duties rose', 'Research and data teams met'])).toEqual([
      { abbreviation: 'R&D', expansion: 'research and data' },
    ]);
  });

  it('leaves an acronym as it is, also where a passage defines it', () => {
    expect(spelledOutAbbreviations('What did the AVL upgrade cost?', REPORT)).toEqual([]);
  });

  it('leaves out an abbreviation no passage spells out, or whose phrase the query already holds', () => {
    expect(spelledOutAbbreviations('What is the M&A strategy?', REPORT)).toEqual([]);
    expect(spelledOutAbbreviations('R&D (research and development) costs', REPORT)).toEqual([]);
  });
});

describe('a query of many abbreviations', () => {
  it('reads at most eight of them', () => {
    const letters = 'ABCDEFGHIJKLMNOP';
    const abbreviations = [...letters].map((l) => `${l}&Q`);
    const texts = [...letters].map((l) => `| ${l}word and quality | 1 |`);
    const read = spelledOutAbbreviations(`what about ${abbreviations.join(' ')}?`, texts);
    expect(read.map((e) => e.abbreviation)).toEqual(abbreviations.slice(0, MAX_ABBREVIATIONS));
    expect(read[0]).toEqual({ abbreviation: 'A&Q', expansion: 'aword and quality' });
  });
});

describe('withExpansions', () => {
  it('writes each phrase in brackets after the first occurrence of its abbreviation', () => {
    const expansions = [
      { abbreviation: 'R&D', expansion: 'research and development' },
      { abbreviation: 'O&M', expansion: 'operations and maintenance' },
    ];
    expect(withExpansions('R & D spend and R&D staff; O&Ms?', expansions)).toBe(
      'R & D (research and development) spend and R&D staff; O&Ms (operations and maintenance)?',
    );
    expect(withExpansions('unchanged', [])).toBe('unchanged');
  });
});
