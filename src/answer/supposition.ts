/**
 * Sentences that suppose rather than state: a modal verb, a condition or a possibility ("may make
 * acquisitions", "in the event of a merger", "if the acquisition is completed", "the potential
 * impact of any divestitures", "could cause higher operating expenses"). A risk factor is mostly
 * such sentences: it shares a question's words ("operating expenses", "acquisitions") without
 * stating what happened.
 * @module
 */

/** A modal verb, a condition or a possibility (see the module comment). */
const SUPPOSING =
  /\b(?:may|might|could|would|should|if|unless|whether|potential(?:ly)?|possible|in the event)\b/i;

/** True when `text` supposes rather than states (see the module comment). */
export function supposes(text: string): boolean {
  return SUPPOSING.test(text);
}
