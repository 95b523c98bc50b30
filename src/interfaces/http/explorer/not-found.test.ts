import { describe, expect, it } from 'vitest';
import { notFoundDetails } from './not-found.js';

describe('notFoundDetails', () => {
  it('is what a "not found" answer says after its opening sentence', () => {
    expect(
      notFoundDetails(
        'I could not find an answer to that in the indexed documents. survey.md says there is none: "No rising damp was found." [1].',
      ),
    ).toBe('survey.md says there is none: "No rising damp was found." [1].');
    expect(notFoundDetails("I couldn't find this in the sources. None of them mentions a glacier [2].")).toBe(
      'None of them mentions a glacier [2].',
    );
  });

  it('is empty when the answer says nothing more', () => {
    expect(notFoundDetails('I could not find an answer to that in the indexed documents.')).toBe('');
    expect(notFoundDetails('I could not find this in the sources.')).toBe('');
  });
});
