import { describe, expect, it } from 'vitest';
import { otherNumberForms, otherNumberStems } from './noun-forms.js';
import { contentTerms } from './terms.js';

describe('otherNumberForms', () => {
  it('gives the other number of a noun whose two forms stem apart, either way and in any case', () => {
    expect(otherNumberForms('child')).toEqual(['children']);
    expect(otherNumberForms('Children')).toEqual(['child']);
    expect(otherNumberForms('people')).toContain('person');
    expect(otherNumberForms('analyses')).toContain('analysis');
    expect(otherNumberForms('mice')).toContain('mouse');
  });

  it('gives nothing for a regular plural, which stems alike, nor for words read as another part of speech', () => {
    expect(otherNumberForms('tablets')).toEqual([]);
    expect(otherNumberForms('tablet')).toEqual([]);
    expect(otherNumberForms('die')).toEqual([]);
    expect(otherNumberForms('this')).toEqual([]);
  });
});

describe('otherNumberStems', () => {
  it('joins the stems of one noun two numbers, and no equal or unrelated stems', () => {
    const [child] = contentTerms('child');
    const [children] = contentTerms('children');
    const [person] = contentTerms('person');
    const [people] = contentTerms('people');
    expect(otherNumberStems(child!, children!)).toBe(true);
    expect(otherNumberStems(people!, person!)).toBe(true);
    expect(otherNumberStems(child!, child!)).toBe(false);
    expect(otherNumberStems(child!, people!)).toBe(false);
  });
});
