/**
 * The sentences of a question that ask, apart from those that tell the asker's situation: "My dad
 * is in a wheelchair and keen on the clock tower. Will he be able to get up there?" asks by its last
 * sentence; the first says who asks and why.
 * @module
 */

/**
 * The sentences of a question that ask (ending in "?"), joined, when it also writes sentences that
 * do not (the asker's situation, told); `undefined` for a question of one sentence, or one whose
 * sentences all ask or none does.
 */
export function askingSentences(question: string): string | undefined {
  const sentences = question
    .trim()
    .split(/(?<=[.!?])\s+(?=\S)/)
    .filter((sentence) => /\p{L}/u.test(sentence));
  const asking = sentences.filter((sentence) => sentence.endsWith('?'));
  return asking.length > 0 && asking.length < sentences.length ? asking.join(' ') : undefined;
}
