/**
 * The recency preference among the versions that hold a question's topic. "What does the latest
 * Contoso report say about the new depot?" asks for the newest report that says something about
 * the depot: when the newest version of the series never mentions it and an older one does, the
 * older one holds the answer alone, and a boost for the newest would draw the answer to a report
 * that cannot give it. So the recency preference ranks the versions of the series among those
 * that hold the question's topic words: the newest holding the most of them leads, and the
 * preference says which newer version it passed over and which words that one lacks.
 *
 * Topic words are the question's words that say what it is about (see `seriesTopicWords`: not
 * time words, form words, request words or stop words), less the words that name the series — any term
 * of a version's identity (its path or title, see `identityTerms`) — since "Kestrel", "water" and
 * "report" pick the documents rather than say what is asked of them. A topic word counts only when
 * some version holds it and it is not common outside the series (held by more than half of the
 * other documents, at least two): a word most documents hold ("revenue", "quarter") is the
 * language of the collection, not a topic one version alone covers. A word no version holds
 * changes nothing here; the answer's evidence check reads it (see `absentWords`).
 * @module
 */
import { askedPhrases } from '../answer/everyday-phrases.js';
import { isRequestTerm } from '../answer/relevance.js';
import { isFormTerm, unwrittenTerms } from '../answer/unwritten-words.js';
import { type DocumentIdentityIndex, identityTerms } from './document-identity.js';
import { contentTerms, isPronoun, wordTerm, wordTokens } from './terms.js';
import { documentPhrase, type Preference, timeCue } from './time-preference.js';

/**
 * The documents among `documentIds` (all documents of the searched scope when undefined) that
 * hold `word`, at most `limit`: a lexical search keeping one hit per document.
 */
export type DocumentsHolding = (
  word: string,
  documentIds: readonly string[] | undefined,
  limit: number,
) => Promise<string[]>;

/** Documents of the scope read at most to judge whether a word is common outside a series. */
const COMMON_PROBE_DOCUMENTS = 200;

/**
 * Modal verbs the stop words keep ("will", "would", "should", "must"): they ask when or whether,
 * not what ("What will a full plot cost …?" asks the price, and a newest version that never writes
 * "will" is not passed over for an older one that does).
 */
const MODAL_VERB = /^(?:will|would|shall|should|could|might|must)$/i;

/**
 * The words of `question` that say what it asks of a series whose versions are `members`, one per
 * term, in order: its content words less request words ("describe", "report", see
 * `isRequestTerm`), time and contrast words (see `unwrittenTerms`), form words ("give", "rules",
 * see `isFormTerm`), pronouns ("its", see `isPronoun`), modal verbs (see {@link MODAL_VERB}),
 * numbers and single characters, and the
 * words whose term is in a version's identity (path or title) or among `describing` (the terms
 * that described `members` as a series, when their names do not: see `describedDocuments`).
 * Unlike the evidence check's
 * `topicWords`, short and inflected words stay ("new", "delayed"): here a word counts where a
 * version holds it, and its absence alone decides nothing.
 */
export function seriesTopicWords(
  question: string,
  index: DocumentIdentityIndex,
  members: readonly string[],
  describing: readonly string[] = [],
): string[] {
  const naming = new Set<string>(describing);
  for (const id of members) {
    const document = index.document(id);
    if (document) for (const term of identityTerms(document)) naming.add(term);
  }
  const unwritten = unwrittenTerms(question);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const word of wordTokens(question)) {
    const term = wordTerm(word);
    if (term === undefined || term.length <= 1 || /^\d+$/.test(term) || seen.has(term)) continue;
    if (naming.has(term) || unwritten.has(term) || isRequestTerm(term) || isFormTerm(term)) continue;
    if (isPronoun(word) || MODAL_VERB.test(word)) continue;
    seen.add(term);
    out.push(word);
  }
  return out;
}

/**
 * `preferences` with each recency preference (the newest version of a series, see
 * `preferredDocuments`) moved to the newest version holding the most of the question's topic
 * words (see the module comment) when the newest holds fewer of them; its reason then says which
 * version it passed over and what that one lacks, and `passedOver` carries the same. Other
 * preferences are kept as they are.
 */
export async function topicalRecency(
  preferences: readonly Preference[],
  question: string,
  /** The recency words of the question ("latest"), for the reason. */
  cueText: string,
  index: DocumentIdentityIndex,
  holding: DocumentsHolding,
): Promise<Preference[]> {
  const out: Preference[] = [];
  for (const preference of preferences) {
    out.push(
      preference.kind === 'recency'
        ? await topical(preference, question, cueText, index, holding)
        : preference,
    );
  }
  return out;
}

async function topical(
  preference: Preference,
  question: string,
  cueText: string,
  index: DocumentIdentityIndex,
  holding: DocumentsHolding,
): Promise<Preference> {
  const newest = preference.documentId;
  const members = (preference.series ?? index.series(newest)).filter((id) => index.date(id) !== undefined);
  if (members.length < 2) return preference;
  // Documents the question's words described as a series (posts of one blog): the words that
  // described them ("the Elm Street garden's latest post") name them, whichever post writes them.
  const describing = preference.series
    ? contentTerms(documentPhrase(question, timeCue(question)).naming.join(' '))
    : [];
  const words = seriesTopicWords(question, index, members, describing);
  if (words.length === 0) return preference;
  // A word of an everyday phrase is held by the newest version where it writes the phrase as
  // documents do ("in advance" by "book two weeks ahead", round151; see `askedPhrases`), as the
  // evidence check reads it: the newest does not lack it. An older version is credited with the
  // words it writes only, so the phrase's forms move no preference away from the newest ("my money
  // back" by an older version's "refund", round148).
  const phrases = askedPhrases(question);
  const holders = await Promise.all(
    words.map(async (word) => {
      const found = await holding(word, members, members.length);
      const lower = word.toLowerCase();
      const forms = phrases.filter((p) => p.words.includes(lower)).flatMap((p) => p.written);
      if (forms.length === 0 || found.includes(newest)) return found;
      const newestForms = await Promise.all(forms.map((form) => holding(form, [newest], 1)));
      return newestForms.some((ids) => ids.includes(newest)) ? [...found, newest] : found;
    }),
  );
  const held = words
    .map((word, i) => ({ word, holders: new Set(holders[i]) }))
    .filter((w) => w.holders.size > 0);
  // Only a word the newest lacks can move the preference: judge those for being common.
  const lacking = held.filter((w) => !w.holders.has(newest));
  if (lacking.length === 0) return preference;
  const all = index.documentIds().length;
  const outside = all - members.length;
  const series = new Set(members);
  const common = new Set<string>();
  for (const w of lacking) {
    if (outside < 2) continue;
    const found = await holding(w.word, undefined, Math.min(all, COMMON_PROBE_DOCUMENTS));
    const elsewhere = found.filter((id) => !series.has(id)).length;
    if (elsewhere >= 2 && elsewhere > outside / 2) common.add(w.word);
  }
  const topic = held.filter((w) => !common.has(w.word));
  const count = (id: string) => topic.filter((w) => w.holders.has(id)).length;
  const best = Math.max(...members.map(count));
  if (count(newest) >= best) return preference;
  const lead = members
    .filter((id) => count(id) === best)
    .reduce((a, b) => (index.stamp(b)! > index.stamp(a)! ? b : a));
  const lacks = topic.filter((w) => w.holders.has(lead) && !w.holders.has(newest)).map((w) => w.word);
  const quoted = lacks.map((w) => `"${w}"`).join(', ');
  return {
    documentId: lead,
    kind: 'recency',
    reason: `newest (${index.date(lead)}) of its series that holds ${quoted}; the newest (${index.date(newest)}) does not, for "${cueText}"`,
    passedOver: { documentId: newest, lacks },
    ...(preference.series ? { series: preference.series } : {}),
  };
}
