import { describe, expect, it } from 'vitest';
import { statedPart, supposes, supposesWithoutFigure } from './supposition.js';

describe('supposes', () => {
  it('reads a modal verb, a condition or a possibility as supposing', () => {
    expect(supposes('Research and development spending could affect the launch of new services.')).toBe(true);
    expect(supposes('May cause drowsiness.')).toBe(true);
    expect(supposes('If the acquisition is completed, the segment will grow.')).toBe(true);
    expect(supposes('The company completed the acquisition in March.')).toBe(false);
  });

  it('reads an opportunity to do something as no telling that it was done', () => {
    expect(
      supposes(
        'We continually evaluate opportunities to repurchase common stock, pay dividends, or refinance our debt.',
      ),
    ).toBe(true);
    expect(supposes('We merged with a neighbouring food bank in March.')).toBe(false);
  });

  it('reads a modal in a clause naming what something does as no supposing (stop 56)', () => {
    expect(supposes('The `--dry-run` flag prints what a copy would do without writing anything.')).toBe(
      false,
    );
    expect(supposes('The calculator shows how much each plan would cost.')).toBe(false);
    expect(supposes('Higher rates could cause higher operating expenses.')).toBe(true);
    expect(supposes('If the deal closes, we would record a gain.')).toBe(true);
    // A position in the masked text is one in the text.
    expect(statedPart('It shows what a copy would do, and it may fail.')).toBe(
      'It shows what a copy would do, and it ',
    );
  });

  it('reads the month May as no modal verb', () => {
    expect(
      supposes(
        'Operating revenue rose with a warm, dry May; capital spending grew as work on the reservoir began.',
      ),
    ).toBe(false);
    expect(supposes('May 3, 2023: the pump station reopened.')).toBe(false);
    expect(supposes('The plant closed on 14 May 2023.')).toBe(false);
    // A title-case modal is no month.
    expect(supposes('Approximate Dollar Value of Shares That May Yet Be Purchased')).toBe(true);
    // The modal after the month still supposes.
    expect(supposes('In May the board may approve the plan.')).toBe(true);
  });
});

describe('statedPart', () => {
  it('is what a sentence states before its first supposing word', () => {
    expect(statedPart('The wall was bruised, so she should eat soft meals.')).toBe(
      'The wall was bruised, so she ',
    );
    expect(statedPart('In May the board may approve the plan.')).toBe('In May the board ');
    expect(statedPart('The plant closed.')).toBe('The plant closed.');
  });
});

describe('supposesWithoutFigure', () => {
  it('reads a figure in words as stated for a count, as one in digits always (stop 59)', () => {
    expect(supposesWithoutFigure('Tenants may keep up to two cats or one dog.', true)).toBe(false);
    expect(supposesWithoutFigure('Tenants may keep up to two cats or one dog.')).toBe(true);
    expect(supposesWithoutFigure('Each employee may take 2 paid volunteering days.')).toBe(false);
    expect(supposesWithoutFigure('Higher costs may affect one of our suppliers.', true)).toBe(true);
    expect(supposesWithoutFigure('Higher interest rates could reduce demand.')).toBe(true);
  });
});

describe('supposes: a hedged reason (stop 66)', () => {
  it('reads a modal in a clause after "because" as no supposition of the sentence', () => {
    expect(
      supposes(
        'Oakmere Foods Ltd is recalling some packs of the granola because they may contain sesame, which is not on the label.',
      ),
    ).toBe(false);
    // A modal of the main clause still supposes.
    expect(supposes('Our results could fall because customers may delay orders.')).toBe(true);
  });
});
