import { describe, expect, it } from 'vitest';
import { chooseTitle, looksLikeIdentifier, titleFromText } from './document-title.js';

describe('looksLikeIdentifier', () => {
  it('flags accession numbers, dates with generic words, file names and emptiness', () => {
    for (const title of [
      '0000320193-22-000070',
      '04.01.2023 10Q Document',
      'report_final_v2.docx',
      'Untitled',
      '',
      undefined,
    ]) {
      expect(looksLikeIdentifier(title), String(title)).toBe(true);
    }
  });

  it('passes titles with words of their own', () => {
    for (const title of [
      'Apple Inc.',
      'Form 10-Q for Microsoft Corp filed 10/24/2022',
      'data analysis plan',
    ]) {
      expect(looksLikeIdentifier(title), title).toBe(false);
    }
  });
});

describe('chooseTitle', () => {
  it('keeps a declared title with words, else takes the first found one that has them', () => {
    expect(chooseTitle('Form 10-Q for Microsoft Corp', 'MICROSOFT CORPORATION')).toBe(
      'Form 10-Q for Microsoft Corp',
    );
    expect(chooseTitle('0001045810-22-000166', 'FORM 10-Q', '  NVIDIA   CORPORATION ')).toBe(
      'NVIDIA CORPORATION',
    );
    expect(chooseTitle(undefined, undefined, 'Treatment of Oral Graft-versus-host Disease')).toBe(
      'Treatment of Oral Graft-versus-host Disease',
    );
  });

  it('falls back to the declared identifier, then to any found title, then to nothing', () => {
    expect(chooseTitle('0000320193-22-000070', 'FORM 10-Q')).toBe('0000320193-22-000070');
    expect(chooseTitle(' ', 'Orthodontics')).toBe('Orthodontics');
    expect(chooseTitle(undefined)).toBeUndefined();
  });
});

describe('titleFromText', () => {
  it("takes the organisation a cover page names by its legal form over the form's headings", () => {
    const cover =
      '# UNITED STATES SECURITIES AND EXCHANGE COMMISSION\n\n## FORM 10-Q\n\n### For the quarterly period ended ' +
      'September 30, 2022\n\nCommission File No. 000-00000\n\n# EXAMPLE.COM, INC.\n\n| (Exact name of registrant) |  |';
    expect(titleFromText(cover)).toBe('EXAMPLE.COM, INC.');
    expect(titleFromText('Annual review\n\nNorthwind Traders Ltd\n')).toBe('Northwind Traders Ltd');
  });

  it('else takes a short first paragraph with words of its own, never an identifier', () => {
    expect(
      titleFromText(
        'Evaluation of Treatment Outcomes of Open Bite\nTreated with Anchorage Devices.\n\n# A proposal',
      ),
    ).toBe('Evaluation of Treatment Outcomes of Open Bite Treated with Anchorage Devices.');
    expect(titleFromText('NCT01234567\n\nbody text that goes on')).toBeUndefined();
    expect(titleFromText('')).toBeUndefined();
  });
});

describe('titleFromText: a header block (stop 41)', () => {
  it("takes an email's or a memo's subject, not its whole header block", () => {
    const email =
      'From: Facilities Team <facilities@example.org>\nTo: All staff\nDate: Mon, 4 Mar 2024 09:15:00 +0000\nSubject: Lift maintenance\n\nThe east lift is out of service.';
    expect(titleFromText(email)).toBe('Lift maintenance');
    expect(titleFromText('TO: All staff\nFROM: Head of estates\nRE: Winter parking\n\nBody.')).toBe(
      'Winter parking',
    );
    // A paragraph that is not all header lines keeps its first paragraph as the title.
    expect(titleFromText('Subject: lift\nThe lift is out of service on Thursday.')).toBe(
      'Subject: lift The lift is out of service on Thursday.',
    );
  });
});
