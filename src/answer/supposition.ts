/**
 * Sentences that suppose rather than state: a modal verb, a condition or a possibility ("may make
 * acquisitions", "in the event of a merger", "if the acquisition is completed", "the potential
 * impact of any divestitures", "could cause higher operating expenses"). A risk factor is mostly
 * such sentences: it shares a question's words ("operating expenses", "acquisitions") without
 * stating what happened. Also sentences that tell of an earlier time than the document's own
 * ({@link tellsEarlier}): they state what happened then, not what the document reports.
 * @module
 */

/** A modal verb, a condition or a possibility (see the module comment). */
const SUPPOSING =
  /\b(?:may|might|could|would|should|if|unless|whether|potential(?:ly)?|possible|in the event)\b/i;

/** True when `text` supposes rather than states (see the module comment). */
export function supposes(text: string): boolean {
  return SUPPOSING.test(text);
}

/**
 * A phrase placing what a sentence tells before the document's own time: a span back ("one year
 * prior to the accident", "two quarters earlier", "three years ago"), "previously" (not "as
 * previously disclosed / reported", which refers to an earlier telling of the same fact), or the
 * prior period ("in the prior year", "during the preceding quarter").
 */
const EARLIER =
  /\b(?:(?:\d+|one|two|three|four|five|six|several|some|a|an)\s+(?:years?|months?|weeks?|quarters?)\s+(?:before|earlier|ago|prior)|previously\b(?!\s+(?:disclosed|reported|announced|described|stated|noted|mentioned|discussed|filed|issued))|(?:in|during)\s+(?:the\s+)?(?:prior|previous|preceding)\s+(?:year|quarter|period|fiscal\s+year)\b)/i;

/**
 * True when `text` tells of an earlier time than the document's own (see {@link EARLIER}): "About
 * one year prior to the accident, in a different airplane, the pilot also lost control", "The team
 * previously completed a study which showed …". Such a sentence states an event of another time or
 * another undertaking: a question whether the document reports one ("did the airplane strike any
 * taxiway light in the accident?") is not answered by it.
 */
export function tellsEarlier(text: string): boolean {
  return EARLIER.test(text);
}
