/**
 * What a "not found" answer says beyond its opening sentence ("I could not find an answer to that
 * in the indexed documents."): what the documents do not state or deny, and what they do state of
 * it — `… says there is none: "No rising damp was found." [1].`, or `… does not state what relates
 * A to B; what is stated about each: …` — shown under the explorer's "Not found" note.
 */

/** The sentence a "not found" answer opens with, the engine's or a chat model's ("I couldn't find …."). */
const COULD_NOT_FIND = /^\s*I (?:could not|couldn't|did not|didn't) find[^.]*\.\s*/i;

/**
 * `answer` without its opening "could not find" sentence, trimmed; empty when it says nothing more.
 */
export function notFoundDetails(answer: string): string {
  return answer.replace(COULD_NOT_FIND, '').trim();
}
