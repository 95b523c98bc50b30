/**
 * Defaults of answering that the CLI shows in its help, in a module that loads nothing.
 * @module
 */

/**
 * Hits an answer considers by default: search's top 32, of which those that answer best become the
 * sources (see `answerSources`); a wider pool than `search`'s 10 holds the table row or the
 * sentence that states the figure more often (on the SEC development questions: the reference's
 * key figure is in 41 of 64 pools of 32, 34 of 16, 24 of 8).
 */
export const DEFAULT_ASK_TOP_K = 32;
