import { describe, expect, it } from 'vitest';
import { namesLine, outlineKey } from './pdf-outline.js';

describe('namesLine', () => {
  const entry = (title: string) => ({ title, depth: 0 });

  it('matches a line with the same words, whatever the case, spacing and punctuation', () => {
    expect(outlineKey('Item 2.  Management’s Discussion')).toBe('item2managementsdiscussion');
    expect(
      namesLine(entry("Management's Discussion and Analysis"), 'MANAGEMENT’S DISCUSSION AND ANALYSIS'),
    ).toBe(true);
  });

  it('matches an outline title cut short, but not a mere shared opening', () => {
    expect(
      namesLine(
        entry('Treatment of Oral Chronic Graft-versus-host Diseas'),
        'Treatment of Oral Chronic Graft-versus-host Disease With Human Umbilical Cord Mesenchymal Stem Cell Dressing',
      ),
    ).toBe(true);
    expect(namesLine(entry('Revenue'), 'Revenue from contracts with customers rose in every region')).toBe(
      false,
    );
    expect(namesLine(entry('CCG'), 'CCG')).toBe(true);
    expect(namesLine(entry('CCG'), 'CCGX')).toBe(false);
  });
});
