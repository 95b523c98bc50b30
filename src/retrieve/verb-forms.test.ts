import { stemmer } from 'stemmer';
import { describe, expect, it } from 'vitest';
import { derivedForm } from '../answer/stated-evidence.js';
import { participleStems } from './verb-forms.js';

describe('participleStems', () => {
  it("joins an irregular verb's participle to its other forms where the stemmer keeps them apart", () => {
    expect(stemmer('frozen')).not.toBe(stemmer('freezing'));
    expect(participleStems(stemmer('frozen'), stemmer('freezing'))).toBe(true);
    expect(participleStems(stemmer('freeze'), stemmer('frozen'))).toBe(true);
    expect(participleStems(stemmer('written'), stemmer('writes'))).toBe(true);
    expect(participleStems(stemmer('chosen'), stemmer('choose'))).toBe(true);
    // derivedForm, which the answer's checks read, follows.
    expect(derivedForm(stemmer('frozen'), stemmer('freezing'))).toBe(true);
  });

  it('leaves regular verbs, equal stems and participles read as other words alone', () => {
    expect(participleStems(stemmer('frozen'), stemmer('frozen'))).toBe(false);
    expect(participleStems(stemmer('baked'), stemmer('bake'))).toBe(false);
    expect(participleStems(stemmer('born'), stemmer('bear'))).toBe(false);
    expect(participleStems(stemmer('frozen'), stemmer('written'))).toBe(false);
  });
});
