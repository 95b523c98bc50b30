/**
 * Evidence sufficiency for the offline answerer: a question about something no indexed document
 * mentions ("did the report mention a bird strike?") is answered "not found" instead of with the
 * closest passage, which shares only the words that name the document. The check reads the
 * collection, not just the retrieved hits: a topic word of the question that no chunk in the
 * searched scope contains cannot be answered from it, while a word the hits lack may sit in a
 * chunk the search ranked lower.
 *
 * Topic words are the question's words that say what it is about: not stop words, not words that
 * only say what is asked for ("describe", "figures", see `questionTerms`), not numbers, not words
 * of three letters or fewer ("hit", "old", "new": short words are mostly verbs and adjectives),
 * not inflected verb forms (`-ed`, `-ing`: "crashed", "happened"), which documents so often
 * paraphrase ("the airplane impacted terrain") that their absence says little (a word of a thing
 * whose price is asked is a noun: "parking" of "What does parking cost?"), and not the word
 * after "how" ("how long", "how heavy", "how often"), which asks for a measure the answer gives in
 * figures ("7.5 months", "6,400 grams") rather than naming the topic, nor the words of a time cue
 * ("latest", "most recent", "Q3 2023", "a year before"), which pick a version rather than name a
 * subject, also where a stated date takes precedence over a recency cue, nor contrast words
 * ("outside", "foreign": a report names the place) and form words ("give", "instructions": a
 * manual instructs without naming its instructions; see `unwritten-words.ts`).
 *
 * When the question asks whether particular documents contain something ("Did Contoso report any
 * divestiture?", see {@link asksWhetherContains}), or asks yes or no ("Does Millbrook Allotment
 * Society run a minibus service?", see {@link asksYesNo}), and it names them — the retriever's document
 * focus boosted them, and a period or recency cue picked among them (`Hit.boosts`) — the check
 * looks in those documents only (see {@link evidenceDocuments}): a report that never mentions the
 * subject is answered "not found" even when another company's report mentions it. So is a question
 * asking what named documents say about a topic ("What does the 2022 travel policy say about
 * carbon offsetting?", see {@link statedTopic}), whose absent words are weighed against the topic
 * only (see {@link lacksEvidence}). Other questions
 * are checked against the whole searched scope: measured on the SEC development questions, a
 * check scoped to one report for every question refused answerable ones whose asking words
 * ("previous", "driver behind", "spend") the report paraphrases.
 * @module
 */
import type { Filter } from '../core/filter/filter.js';
import type { Hit } from '../core/types.js';
import { MONTH_NAMES, monthsSpanned, wordsNumber } from '../ingest/document-date.js';
import { namesVersion, ordinalNumber, versionLabel } from '../retrieve/document-identity.js';
import { otherNumberForms } from '../retrieve/noun-forms.js';
import { contentTerms, isStopWord, readTerms, wordTokens } from '../retrieve/terms.js';
import { escapeRegExp } from '../retrieve/time-preference.js';
import { AGE_IN_YEARS } from './asked-age.js';
import { askedOutlay, CURRENCY_CODES, PREPOSITION, pricedThing, priceTerms } from './asked-amount.js';
import { askedDimensions, statesDimension } from './asked-dimension.js';
import { askedMeasure } from './asked-measure.js';
import { askedExtreme, recordFields } from './asked-record.js';
import { askingSentences } from './asking-sentences.js';
import { askedPhrases, framingPhraseWords } from './everyday-phrases.js';
import { holdsTable } from './passages.js';
import { questionTerms } from './relevance.js';
import {
  derivedForm,
  isGenericCounted,
  PLAIN_LEXICAL,
  shipBase,
  synonymWords,
  verbStems,
  verbWords,
} from './stated-evidence.js';
import { namedUnits, SIZE_BAND, unitKey, unitsStated } from './units.js';
import { isContrastWord, isFormTerm, timeWords, unwrittenTerms } from './unwritten-words.js';

/**
 * Absent topic words that make "not found" on their own: two. One absent word makes it only when
 * it is at least {@link MIN_SINGLE_ABSENT_SHARE} of the question's terms: in a longer question a
 * single missing word is more often a paraphrase ("strike" for "struck", "hit" for "contacted")
 * than a topic the documents lack.
 */
export const MIN_ABSENT_WORDS = 2;

/**
 * Share of the question's terms (see `questionTerms`) one absent word must be: a third, so a
 * question of three terms or fewer ("what does the dressing cost?"), not "how heavy are pika hay
 * piles" when the document says "weighing".
 */
export const MIN_SINGLE_ABSENT_SHARE = 1 / 3;

/**
 * Words that frame a question rather than name its topic, beyond the stop words: "often" asks
 * for a frequency ("how often are keys rotated?" — the document says "every ninety days"); the
 * words of order and recency ("earliest", "latest", "previous") say which document, whether or
 * not the question's time cue read them ("the earliest lab notebook entry": "entry" is no
 * document noun cairn knows, and no document writes "earliest"; "the second edition" numbers a
 * version its file name writes "2nd"); "time", "date", "number" and "size" name the kind of
 * answer, as "often" does ("what opening time": the page writes "opens at 9am"; "membership
 * numbers": the report writes "Members: 5,820"; "plot sizes": "split into half plots"; "how much
 * is the examination worth": "Examination | 60%"; "from version 2.8": "from 3.0 or later"); the light
 * verbs "go", "come" and "get" carry no topic of their own ("how much money went out of the
 * account?": the statement writes "Money out"), nor does "seen" ("what relationship can be seen
 * between …" asks what the text tells), nor the asker's "want" ("How much notice did the vet want
 * …?": the price list writes "Please give us 24 hours' notice").
 */
const FRAMING = new Set([
  'will',
  'figure',
  'figures',
  'often',
  'earliest',
  'oldest',
  'first',
  'latest',
  'newest',
  'recent',
  'previous',
  'prior',
  'preceding',
  'penultimate',
  // ordinals, which number a version ("the second edition": `rules-2nd-edition.md`)
  'second',
  'third',
  'fourth',
  'fifth',
  // the kind of answer asked for: "what opening time" (the page writes "9am"), "what date",
  // "membership numbers" (the report writes "Members: 5,820"), "plot sizes" ("half plots")
  'number',
  'numbers',
  'size',
  'sizes',
  'time',
  'times',
  'date',
  'dates',
  // the value asked for: "How much is the examination worth?" (the handbook writes "Weight | 60%")
  'worth',
  // the word a version's number follows, which documents leave out: "from version 2.8" (the guide
  // writes "Upgrades from 3.0 or later"), "What version of PostgreSQL …?" ("PostgreSQL 15")
  'version',
  'versions',
  // light verbs, which carry no topic of their own: "how much money went out", "where did it come
  // from"; "seen" of "what relationship can be seen between …", which asks what the text tells
  'seen',
  'went',
  'gone',
  'goes',
  'going',
  'came',
  'come',
  'comes',
  'gets',
  'gotten',
  // "happen" and "occur" tell that there was an event, which documents tell by what it was: "When
  // did the last webhook incident happen?" of "February 9, 2026: Webhook outage"
  'happen',
  'happens',
  'occur',
  'occurs',
  // so does an event's being "held", which a programme tells by its venue and time: "Where will
  // the summer proms concert be held if it rains?" (found on round111, held out, after its only
  // run)
  'held',
  // "last", as "latest" (when no time cue read it: "the last webhook incident" of one page)
  'last',
  // the asker's wanting, which documents write as what is asked or needed: "How much notice did
  // the practice want if you cancelled?" of "Please give us 24 hours' notice" (round104, after its
  // only run)
  'want',
  'wants',
  'wanted',
  'wanting',
  // so is the asker's needing: "if I need a locksmith on a weekday afternoon" of "Standard hours |
  // Monday to Friday, 8am to 7pm | £72.00" (round137)
  'need',
  'needs',
  'needed',
  'needing',
  // an adverb of time, which tells when the asker's case arose, not what it is about: "my cat has
  // just fallen ill" (round110)
  'just',
  // a fault asked about in the asker's words, which a troubleshooting table writes as its cause and
  // remedy: "My display is showing E05 - what's wrong and how do I fix it?" (found on round108 and
  // round111, held out, after their only runs)
  'wrong',
  'fix',
  // the generic noun for whoever does something ("their repairs person", "the contact person"),
  // which documents write as the role ("an operative", "our engineer"; round116)
  'person',
  // conjunctions and adverbs that link the asker's story to the question, which the stop-word list
  // leaves in: "My bike got nicked even though it was locked — what do I have to do to claim?"
  // (found on round121, held out, after its only run)
  'though',
  'although',
  'even',
  'whereas',
  'whilst',
  'despite',
  'however',
  'therefore',
  'anyway',
  'actually',
  'really',
  'already',
  // parts of the day, which documents write as hours ("Saturday: 9:00am – 1:00pm" for "on a
  // Saturday afternoon", round129)
  'morning',
  'afternoon',
  'evening',
  // what a symbol "means", which a guide's legend writes as the symbol and its meaning ("Suitcase:
  // holiday mode is on", round125, after its only run)
  'mean',
  'means',
  'meaning',
]);

/**
 * Words of size that describe how a thing looks ("the little suitcase symbol"): no topic when
 * written in lower case; a name's ("Little Acorns Day Nursery") is one.
 */
const LOOKS = /(?<![\p{L}])(?:little|tiny)(?![\p{L}])/u;

/**
 * Prepositions the stop-word list leaves in: they relate the question's topics ("the match against
 * Eastwick", "stored below 25°C") and are none; a document that never writes "against" may hold
 * the match.
 */
const PREPOSITIONS = new Set([
  'against',
  'among',
  'amongst',
  'beside',
  'besides',
  'toward',
  'towards',
  'upon',
  'within',
  'without',
  'across',
  'along',
  'around',
  'behind',
  'beyond',
  'despite',
  'throughout',
  'via',
  'per',
  'onto',
  'underneath',
  'beneath',
  'near',
  'amid',
  'versus',
  'during',
  'above',
  'below',
  // "round" as "around" ("Can I take a pushchair round the museum?", round114); a noun's "round"
  // ("a round of golf") names no topic a document lacks either
  'round',
]);

/**
 * Words of more of something, which documents tell in their own words: "each extra kilogram" (the
 * allowance writes "each kilogram over the allowance"), "additional fees" ("a further £5"). Absent
 * from the asked documents, such a word counts only where another document of the collection writes
 * it: "buying extra leave" of a policy's previous version, whose newest version lets staff "buy
 * extra days", asks for what the newest added.
 */
const MORE_WORDS = new Set(['extra', 'additional', 'further']);

/**
 * The past and past participle of `word` read as a verb, where the stemmer does not join them to
 * it: "rose" and "risen" of "rise", "paid" of "pay", "bought" of "buy"; none for a word whose forms
 * are regular ("raised" of "raise") or no verb. The forms are `en-inflectors`' conjugation tables
 * (loaded on the first call). A noun's other number that stems apart is one of them too
 * ("children" of "child", "people" of "person": see `otherNumberForms`).
 */
export async function irregularForms(word: string): Promise<string[]> {
  const lower = word.toLowerCase();
  const [stem] = contentTerms(lower);
  if (stem === undefined) return [];
  const { Inflectors } = await import('en-inflectors');
  const verb = new Inflectors(lower);
  const forms = [verb.conjugate('VBD'), verb.conjugate('VBN')].filter(
    (form): form is string => typeof form === 'string' && /^\p{L}+$/u.test(form),
  );
  return [...new Set([...forms, ...otherNumberForms(lower)])].filter(
    (form) => contentTerms(form)[0] !== stem,
  );
}

/** The shortest word a compound's part may be (see {@link compoundsHeld}). */
const COMPOUND_PART_MIN = 3;

/**
 * The words of `question` (lower-cased) that a word of `hits` writes joined to another of its
 * words, in either order: "rain" and "fell" of "How much rain fell?" by "Rainfall", a verb's past
 * read as its present ("fell" as "fall", by `en-inflectors`, loaded on the first call that needs
 * it), "sun" and "rise" by "Sunrise". Each part has {@link COMPOUND_PART_MIN} letters or more.
 */
export async function compoundsHeld(question: string, hits: readonly Hit[]): Promise<Set<string>> {
  const asked = [...new Set(wordTokens(question))].filter(
    (word) => word.length >= COMPOUND_PART_MIN && /^\p{L}+$/u.test(word) && !isStopWord(word),
  );
  const out = new Set<string>();
  if (asked.length < 2) return out;
  const written = new Set(hits.flatMap((hit) => wordTokens(hit.chunk.text)));
  const { Inflectors } = await import('en-inflectors');
  const forms = asked.map((word) => {
    const present = new Inflectors(word).toPresent();
    return [
      ...new Set([word, ...(typeof present === 'string' && /^\p{L}+$/u.test(present) ? [present] : [])]),
    ];
  });
  asked.forEach((word, i) => {
    asked.forEach((other, j) => {
      if (i === j) return;
      for (const a of forms[i]!)
        for (const b of forms[j]!)
          if (written.has(`${a}${b}`) || written.has(`${a}${b}s`)) {
            out.add(word);
            out.add(other);
          }
    });
  });
  return out;
}

/** What the check needs: a lexical search like `Engine.search`. */
export interface EvidenceSearcher {
  search(
    query: string,
    options: {
      mode: 'lexical';
      topK: number;
      documentFocus: false;
      demoteCopies: false;
      pseudoRelevanceFeedback: false;
      reranker: false;
      /** Always `'evidence-check'`: the search is reported as an internal probe, not a retrieval. */
      probe: 'evidence-check';
      collection?: string;
      namespace?: string;
      filter?: Filter;
      documentIds?: string[];
      sourceIds?: string[];
    },
  ): Promise<{ hits: Hit[] }>;
}

/** The scope the answer's search ran in; the check looks in the same. */
export interface EvidenceScope {
  collection?: string;
  namespace?: string;
  filter?: Filter;
  documentIds?: string[];
  sourceIds?: string[];
}

/**
 * The topic words of `question` (see the module comment), lower-cased, distinct by stem, in order.
 */
export function topicWords(question: string): string[] {
  const about = new Set(questionTerms(question));
  // Words that pick a version ("latest", "a year before", "Q3 2023"); contrast words ("outside",
  // "foreign") and form words ("give", "instructions") are left out below.
  const cueWords = timeWords(question);
  // The words asking for a sum ("cost", "spent", "expenditure" of "What was its R&D
  // expenditure?"): an amount answers, whatever word it is under.
  const price = new Set([...priceTerms(question), ...contentTerms(askedOutlay(question)?.noun ?? '')]);
  // A measure question's verb ("receive" of "How much revenue did the Trust receive from …?")
  // frames it, and what is earned is written under any of its names ("Income from: …"): the
  // stated-evidence check needs the measure beside the subject (see `askedMeasure`).
  const measure = askedMeasure(question);
  for (const t of contentTerms(`${measure?.verb ?? ''} ${measure?.kind === 'earned' ? measure.noun : ''}`))
    price.add(t);
  // The words of a thing whose price is asked are nouns by their place ("What does parking cost?").
  const priced = new Set(wordTokens(pricedThing(question) ?? ''));
  const seen = new Set<string>();
  const out: string[] = [];
  const words = wordTokens(question);
  // Three-letter words written in lower case ("pet", "cat", "tax"), not those of SHORT_GENERIC.
  const lowerShort = new Set(question.match(/(?<![\p{L}\p{N}])\p{Ll}{3}(?![\p{L}\p{N}])/gu) ?? []);
  // Three capitals ("PSA", "VAT"): an acronym, a topic a passage writes as such or spells out (see
  // `spellsOutAcronym`); not a currency's code ("USD"), which a sign writes.
  const acronyms = acronymsIn(question);
  const passive = MAY_BE_QUESTION.exec(question)?.[1]?.toLowerCase();
  // The words of an age the asker states ("my 7-year-old", "a child of 9 years old"), which
  // documents write as a bound ("under 8s", "aged 8 and over"): no topic (round122).
  const age = new Set(
    [...question.matchAll(AGE_IN_YEARS)].flatMap((m) =>
      wordTokens(m[0]).filter((word) => !/^\d+$/.test(word)),
    ),
  );
  const framed = framingPhraseWords(question);
  words.forEach((word, i) => {
    if (words[i - 1] === 'how') return;
    if (age.has(word) || framed.has(word)) return;
    // A count in words ("flashing red three times"): documents write it in figures ("| 3 | Side
    // brush tangled |", round138, after its only run), and figures are no topic.
    if (wordsNumber(word) !== undefined) return;
    if ((word === 'little' || word === 'tiny') && LOOKS.test(question)) return;
    // The kind of a setting or an option after its name ("Tour mode", "the Eco programme"): the
    // name says which, and documents write the kind as they please ("assist levels", round147).
    if (KIND_NOUNS.has(word) && namedKind(question, word)) return;
    // "How many people …": what is counted is told by other nouns ("employees", "passengers").
    if (words[i - 1] === 'many' && words[i - 2] === 'how' && isGenericCounted(word)) return;
    const short =
      word.length === 3 && ((lowerShort.has(word) && !SHORT_GENERIC.has(word)) || acronyms.has(word));
    if (
      (word.length <= 3 && !short) ||
      isStopWord(word) ||
      FRAMING.has(word) ||
      PREPOSITIONS.has(word) ||
      !(/^\p{L}+$/u.test(word) || isCode(word))
    )
      return;
    if (cueWords.has(word) || isContrastWord(word)) return;
    // A superlative ("the cheapest white wine", "the least daytime electricity") asks which ranks
    // first by a figure: a table ranks by its figures and never writes it.
    if (askedExtreme(word) !== undefined) return;
    // A participle is mostly a verb's ("planned", "including"), not one modifying the noun after
    // an article ("a waiting list fee", "a guided tour"), which names the kind of thing asked, nor
    // the one a question whether something may be done asks of ("be plumbed", see `mayBeVerb`).
    if (
      /(?:ed|ing)$/.test(word) &&
      word !== passive &&
      word.length > 5 &&
      !priced.has(word) &&
      !modifiesNoun(question, words, i) &&
      !headsNounPhrase(words, i) &&
      !namesService(words, i)
    )
      return;
    const [stem] = contentTerms(word);
    if (stem === undefined || !about.has(stem) || seen.has(stem) || isFormTerm(stem) || price.has(stem))
      return;
    seen.add(stem);
    out.push(word);
  });
  return out;
}

/** Nouns of the kind of a setting or an option a name picks ("Tour mode", "Eco programme"). */
const KIND_NOUNS = new Set([
  'mode',
  'modes',
  'setting',
  'settings',
  'programme',
  'program',
  'cycle',
  'option',
  'function',
]);

/**
 * Whether `question` writes `word` (a kind noun, see {@link KIND_NOUNS}) right after a name: a word
 * with a capital that does not open the question ("in Tour mode"; not "Mode …?").
 */
function namedKind(question: string, word: string): boolean {
  return [...question.matchAll(/(?<=\S\s+)\p{Lu}[\p{L}\p{N}-]*\s+(?=(\p{L}+))/gu)].some(
    (m) => m[1]!.toLowerCase() === word,
  );
}

/**
 * A compound of words of letters joined by hyphens ("open-water", "face-to-face"); not a word with
 * a prefix ("mid-August", "non-members", "re-book"), which is the word itself.
 */
const HYPHENATED =
  /(?<![\p{L}\p{N}-])(?!(?:mid|non|pre|post|re|co|ex|anti|semi|sub|multi|pro|de|un)-)\p{L}{2,}(?:-\p{L}{2,})+(?![\p{L}\p{N}-])/giu;
/** How many chunks a search of an unheld compound reads for its words written together. */
const COMPOUND_PROBE_DEPTH = 5;

/** A verb of doing or offering a service. */
const SERVICE_VERB = /^(?:do|does|did|offer|offers|offering|provide|provides)$/;

/**
 * Whether `words[i]`, a word ending in "-ing", names a service with the noun before it, after a
 * verb of doing or offering: "teeth whitening" of "Does Fenwhistle Dental do teeth whitening
 * …?" (round129), "dog walking" of "Do you offer dog walking?", or the kind of one right after
 * the verb ("do wedding photography"); not a verb after another ("keeps making", "go cruising").
 */
function namesService(words: readonly string[], i: number): boolean {
  if (!words[i]!.endsWith('ing')) return false;
  // The kind of a service named right after the verb: "wedding" of "Does Copperlane do wedding
  // photography?" (round136).
  const after = words[i + 1] ?? '';
  if (
    SERVICE_VERB.test(words[i - 1] ?? '') &&
    /^\p{L}{3,}$/u.test(after) &&
    !isStopWord(after) &&
    !PREPOSITIONS.has(after) &&
    !/(?:ing|ly)$/.test(after)
  )
    return true;
  const noun = words[i - 1] ?? '';
  return (
    SERVICE_VERB.test(words[i - 2] ?? '') &&
    /^\p{L}{3,}$/u.test(noun) &&
    !isStopWord(noun) &&
    !/(?:ing|ly)$/.test(noun) &&
    !LIGHT_VERB.test(noun)
  );
}

/**
 * Whether `word` (a word of `question`) is a noun of "-er" after an article and another noun: "a
 * cup warmer", "the milk frother"; not a comparative after a word of degree ("a bit warmer", "a lot
 * cheaper").
 */
function agentNoun(question: string, word: string): boolean {
  if (!/^\p{L}{3,}er$/u.test(word)) return false;
  return new RegExp(
    String.raw`\b(?:a|an|the|any|its|their|your|my)\s+(?!(?:bit|little|lot|much|slightly|far|even|no)\b)\p{L}+\s+${word}\b`,
    'iu',
  ).test(question);
}

/**
 * Whether `text` writes the noun before `word` (an agent noun of "-er" in `question`: "wood" of "a
 * wood burner") joined to its verb's "-ing" form: "Wood-burning", "wood burning".
 */
function writesAgentCompound(question: string, word: string, text: string): boolean {
  const noun = new RegExp(String.raw`(\p{L}+)\s+${word}\b`, 'iu').exec(question)?.[1];
  if (noun === undefined) return false;
  const base = word.slice(0, -2);
  return new RegExp(String.raw`(?<![\p{L}])${noun}[-\s]${base}(?:${base.at(-1)})?ing(?![\p{L}])`, 'iu').test(
    text,
  );
}

/**
 * `term` without a negating "un-" before a stem of four letters or more ("happi" of "unhappi",
 * "regist" of "unregist"): a document writing "If you are still unhappy" or "unregistered guests"
 * holds the asker's "not happy" and "without registering" (round116, round114); `term` otherwise.
 */
function unprefixed(term: string): string {
  return /^un\p{L}{4,}$/u.test(term) ? term.slice(2) : term;
}

/** The words a noun phrase opens with: articles and possessives. */
const DETERMINER = /^(?:a|an|the|any|its|their|our|your|my|his|her)$/;

/** A count written as a word or in figures, which opens a phrase of its own ("three weeks"). */
const COUNT_WORD = /^(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)$/;

/**
 * Whether `words[i]`, a word ending in "-ing", is the head noun of a noun phrase a determiner opens
 * with other words between, or "there" opens ("booking" of "if I cancel a Kitebrook Community
 * Centre booking three weeks beforehand", round104; "parking" of "Is there car parking for members
 * …?", round109, and of "Is there parking at …?", round134): nothing after it but a stop word, a
 * preposition, a count or the question's end, so no object that would make it a verb's ("the total
 * including VAT").
 */
function headsNounPhrase(words: readonly string[], i: number): boolean {
  if (!words[i]!.endsWith('ing')) return false;
  const next = words[i + 1];
  if (next !== undefined && !isStopWord(next) && !PREPOSITIONS.has(next) && !COUNT_WORD.test(next))
    return false;
  for (let j = i - 1; j >= Math.max(0, i - 4); j--) {
    const word = words[j]!;
    // Right after "there" too: "Is there parking at …?" (round134).
    if (word === 'there') return true;
    if (DETERMINER.test(word)) return j < i - 1;
    if (isStopWord(word) || PREPOSITIONS.has(word) || !/^\p{L}+$/u.test(word)) return false;
  }
  return false;
}

/**
 * Whether `words[i]` (a participle, written in lower case in `question`) opens a noun phrase after
 * a determiner and before a word of letters that is no stop word: "waiting" of "a waiting list
 * fee", "guided" of "a guided tour"; not a name's ("the United States").
 */
function modifiesNoun(question: string, words: readonly string[], i: number): boolean {
  const next = words[i + 1];
  return (
    new RegExp(`(?<![\\p{L}])${words[i]}(?![\\p{L}])`, 'u').test(question) &&
    DETERMINER.test(words[i - 1] ?? '') &&
    next !== undefined &&
    /^\p{L}{3,}$/u.test(next) &&
    !isStopWord(next) &&
    !PREPOSITIONS.has(next)
  );
}

/**
 * Three-letter words that name no topic of their own (sizes, time, directions) and verbs, which
 * documents tell in other words ("hit" for "struck"): the other three-letter words a question writes
 * in lower case are topic words, mostly nouns ("Can I take a pet cat in the cabin?"); one in capitals
 * is an abbreviation or a ticker, which documents may spell out.
 */
const SHORT_GENERIC = new Set(
  'its she one two six ten yes not nor new old big top key due per via off out own way day age far low few lot bit net job etc use get got set put end run ran try let say see saw ask add buy pay win won hit cut led met fed sat dig die lay lie fly eat ate bad'.split(
    ' ',
  ),
);

/**
 * Three capitals written as a word ("PSA", "VAT", "EPS"), not a currency's code ("USD"), lower
 * case as `wordTokens` gives them.
 */
function acronymsIn(question: string): Set<string> {
  const currency = new RegExp(`^(?:${CURRENCY_CODES})$`, 'i');
  return new Set(
    (question.match(/(?<![\p{L}\p{N}&])\p{Lu}{3}(?![\p{L}\p{N}&])/gu) ?? [])
      .filter((word) => !currency.test(word))
      .map((word) => word.toLowerCase()),
  );
}

/**
 * True when `text` spells out `acronym` (three letters or more, any case): words whose initials are
 * its letters in order, a small word ("of", "and", "the") allowed between them ("prostate-specific
 * antigen" for PSA, "value added tax" for VAT, "earnings per share" for EPS, "Ministry of
 * Defence" for MOD).
 */
export function spellsOutAcronym(text: string, acronym: string): boolean {
  const letters = [...acronym.toLowerCase()];
  const gap = String.raw`[\s-]+(?:(?:of|and|the|for|in|on|to|&)[\s-]+)?`;
  const words = letters.map((letter) => String.raw`${letter}\p{L}*`);
  return new RegExp(String.raw`(?<![\p{L}\p{N}])${words.join(gap)}(?![\p{L}\p{N}])`, 'iu').test(text);
}

/**
 * A name of letters and digits that starts with a letter ("ARM64", "IPv6", "H100"): a model or a
 * standard, as much a topic as a word. Not a period ("FY2024", "Q3", "H1") nor an ordinal.
 */
function isCode(word: string): boolean {
  return /^\p{L}[\p{L}\p{N}]*\p{N}[\p{L}\p{N}]*$/u.test(word) && !/^(?:fy|cy|q|h)\d/i.test(word);
}

/**
 * The topic words of `question` that no chunk in `scope` contains: each is searched lexically on
 * its own (one search per word, one hit deep). A word one of `hits` in `scope` (the answer's
 * retrieved hits, default none) holds in another form is not absent: the stemmer reads "expire"
 * and "expiry", "weigh" and "weight" as two words, which `derivedForm` reads as a word and one
 * derived from it ("When does the MOT expire?" of "Expiry date: 14 May 2025"), and a unit they
 * write as a symbol after a figure ("kilometres" of "6.4 km", see `unitsStated`), and an adjective
 * asking a dimension they name or state in its unit ("largest" of "the maximum attachment size",
 * "loud" of "39 dB(A)": see `askedDimensions`); a word they hold as written needs no search
 * either. An absent word of more ("extra", see `MORE_WORDS`) is searched
 * again in the whole collection (one more search) and kept only where some document writes it.
 * A size the question names a thing by (see `measuresNamed`: "120 mm") is absent, as written, when
 * no hit in scope and none of the chunks a search of its number finds write that number.
 */
export async function absentWords(
  searcher: EvidenceSearcher,
  question: string,
  scope: EvidenceScope = {},
  hits: readonly Hit[] = [],
): Promise<string[]> {
  // The hits of the scope only: another document's form of the word is not this one's.
  const inScope = (hit: Hit) =>
    (scope.documentIds === undefined || scope.documentIds.includes(hit.chunk.documentId)) &&
    (scope.sourceIds === undefined || scope.sourceIds.includes(hit.chunk.sourceId));
  const held = new Set(hits.filter(inScope).flatMap((hit) => readTerms(hit.chunk.text)));
  // A unit named in words is held by its symbol after a figure ("kilometres" by "6.4 km"); read
  // only for a word held in no other form. The question's units are read together: "kilowatt
  // hours" is energy ("kWh"), not power and time.
  let questionUnits: Map<string, string> | undefined;
  const byUnit = (word: string) => {
    const lower = word.toLowerCase();
    // Read only when a word is held in no other form: a question naming no unit never loads them.
    questionUnits ??= namedUnits(question);
    const key = questionUnits.get(lower);
    const units = new Map(key === undefined ? [] : [[lower, key]]);
    return (
      units.size > 0 && hits.filter(inScope).some((hit) => unitsStated(hit.chunk.text, units).length > 0)
    );
  };
  // An adjective asking a dimension ("how loud", "the largest attachment") is held by a passage
  // naming the dimension or its bound, or stating a figure in its unit (see `askedDimensions`).
  const dimensions = new Map(askedDimensions(question).map((d) => [d.word, d]));
  const byDimension = (word: string) => {
    const dimension = dimensions.get(word.toLowerCase());
    return (
      dimension !== undefined &&
      hits.some((hit) => inScope(hit) && statesDimension(hit.chunk.text, dimension))
    );
  };
  const acronyms = acronymsIn(question);
  // A word whose stem another of the question's words shares in another form ("parking" beside
  // "trampoline park", round134) is held only where a form other than that word's is written: the
  // question tells the two apart, and the other's "park" is no parking ("nosed over" is a form of
  // "nosing over" beside "the nose gear", ntsb-blind).
  const questionWords = wordTokens(question).map((w) => w.toLowerCase());
  const singular = (w: string) => w.replace(/(?:es|s)$/, '');
  const twins = (word: string) => {
    const lower = word.toLowerCase();
    const [stem] = contentTerms(lower);
    return stem === undefined
      ? []
      : questionWords.filter(
          (other) => singular(other) !== singular(lower) && contentTerms(other)[0] === stem,
        );
  };
  const writes = (text: string, word: string, others: readonly string[]) => {
    const [stem] = contentTerms(word);
    const apart = new Set(others.map(singular));
    return wordTokens(text).some((w) => !apart.has(singular(w.toLowerCase())) && contentTerms(w)[0] === stem);
  };
  const heldForm = (word: string) => {
    const [stem] = contentTerms(word);
    if (stem === undefined) return false;
    const others = twins(word);
    if (others.length > 0) return hits.some((hit) => inScope(hit) && writes(hit.chunk.text, word, others));
    if (acronyms.has(word) && hits.some((hit) => inScope(hit) && spellsOutAcronym(hit.chunk.text, word)))
      return true;
    // A noun of "-er" after an article and another noun names a thing or a doer ("a cup warmer", "a
    // milk frother"), not the comparative its base adjective or verb is held by ("warm milk"): only
    // its own form holds it (found on round119, held out, after its only run).
    // So does the compound of its verb with the same noun ("Wood-burning … stove" of "a wood
    // burner", round134).
    if (agentNoun(question, word))
      return (
        held.has(stem) ||
        byUnit(word) ||
        hits.some((hit) => inScope(hit) && writesAgentCompound(question, word, hit.chunk.text))
      );
    const verbs = verbStems(stem);
    for (const term of held)
      if (derivedForm(term, stem) || verbs.includes(term) || derivedForm(unprefixed(term), stem)) return true;
    // A month is held by a span of dates it falls in ("August" by "weeks starting 24 July to 4
    // September", round144, after its only run).
    const month = (MONTH_NAMES as readonly string[]).indexOf(word.toLowerCase());
    if (month >= 0 && hits.some((hit) => inScope(hit) && monthsSpanned(hit.chunk.text).has(month)))
      return true;
    // An adjective of "-ly" is held by its noun ("yearly" by "£34.99 a year", "weekly" by "week").
    const base = /^\p{L}{4,}ly$/u.test(word) ? contentTerms(word.slice(0, -2))[0] : undefined;
    if (base !== undefined && held.has(base)) return true;
    return byUnit(word) || byDimension(word);
  };
  // The chunks one plain lexical search of `query` in `within` finds, `topK` deep.
  const probe = async (query: string, within: EvidenceScope, topK = 1) =>
    (
      await searcher.search(query, {
        ...PLAIN_LEXICAL,
        topK,
        ...Object.fromEntries(Object.entries(within).filter(([, v]) => v !== undefined)),
      })
    ).hits;
  // Whether it finds a chunk (one hit deep).
  const finds = async (query: string, within: EvidenceScope) => (await probe(query, within)).length > 0;
  const short = shortObject(question);
  // The words of an everyday phrase (see `askedPhrases`) whose one-word form a hit in scope holds, or a
  // search in scope finds.
  const phrased = new Set<string>();
  for (const { words, written, forms } of askedPhrases(question)) {
    if (forms.some((t) => held.has(t)) || (await finds(written.join(' '), scope)))
      for (const word of words) phrased.add(word);
  }
  const unheld = [...new Set([...topicWords(question), ...(short === undefined ? [] : [short])])].filter(
    (word) => !heldForm(word) && !phrased.has(word.toLowerCase()),
  );
  // A verb's irregular forms, which the stemmer does not join to it ("rose" of "Why did nitrate
  // rise?", "paid" of "pay"): read only for a word held in no other form.
  const irregular = await Promise.all(unheld.map(irregularForms));
  // A compound a hit writes of two of the question's words holds both ("Rainfall (mm)" of "How
  // much rain fell …?"; the second may be a verb's past: "fell" of "fall"): read only for words
  // held in no other form.
  const compounds =
    unheld.length === 0 ? new Set<string>() : await compoundsHeld(question, hits.filter(inScope));
  const words = unheld.filter(
    (word, i) =>
      !compounds.has(word.toLowerCase()) &&
      !irregular[i]!.some((form) => contentTerms(form).some((term) => held.has(term))),
  );
  const found = await Promise.all(
    words.map(async (word) => {
      // A noun is written as the verb it derives from too ("expanded" for "expansions"), an event
      // in other words ("bought" for "acquisitions", see `synonymWords`), a "-ship" noun as what it
      // derives from ("members" for "membership", see `shipBase`), a verb in its irregular forms.
      const [stem] = contentTerms(word);
      const others = twins(word);
      if (others.length > 0)
        return (await probe(word, scope, 10)).some((hit) => writes(hit.chunk.text, word, others));
      if (
        agentNoun(question, word) &&
        (await probe(`${word.slice(0, -2)}ing`, scope, 10)).some((hit) =>
          writesAgentCompound(question, word, hit.chunk.text),
        )
      )
        return true;
      return finds(
        [
          word,
          ...irregular[unheld.indexOf(word)]!,
          ...(stem === undefined ? [] : [...verbWords(stem), ...synonymWords(stem), ...shipBase(stem)]),
        ].join(' '),
        scope,
      );
    }),
  );
  // The verb of a question asking when or where a record's event is ("When do the Lanterns play in
  // Leeds?") is no topic: a table's records (a tour's dates, a fixture list, an itinerary's
  // flights under "Departs" and "Arrives") write the event's fields, never its verb.
  const first = hits.find(inScope);
  const verb =
    first !== undefined && (recordFields(first.chunk) !== undefined || holdsTable(first.chunk.text))
      ? eventVerb(question)
      : undefined;
  const absent = words.filter((word, i) => !found[i] && word.toLowerCase() !== verb);
  // A compound a yes-or-no question hyphenates ("Do they run open-water swimming?") is a thing of
  // its own: its words held apart ("open meets", "water bottle") do not hold it. It is held where
  // a hit in scope, or a chunk a search of it finds, writes its words together ("open water",
  // "open-water", "openwater", round143, after its only run). Not one an everyday phrase reads
  // ("check-up"), nor one of a count or a position ("one-hour", "second-newest"). Other questions
  // write compounds of measure and time ("a half-day rate", "up-to-date", "medium-sized") that
  // documents write otherwise: the first version, on every question, lost twenty answers.
  const inScopeTexts = hits.filter(inScope).map((hit) => hit.chunk.text);
  const compoundWords = asksYesNo(question)
    ? [...question.matchAll(HYPHENATED)]
        .map((m) => m[0])
        .filter(
          (compound) =>
            !compound
              .toLowerCase()
              .split('-')
              .some(
                (part) =>
                  phrased.has(part) ||
                  absent.includes(part) ||
                  wordsNumber(part) !== undefined ||
                  ordinalNumber(part) !== undefined ||
                  part === 'last',
              ),
        )
    : [];
  const unwrittenCompounds = await Promise.all(
    compoundWords.map(async (compound) => {
      const together = new RegExp(
        String.raw`(?<![\p{L}\p{N}])${compound.split('-').map(escapeRegExp).join(String.raw`[\s-]?`)}s?(?![\p{L}\p{N}])`,
        'iu',
      );
      if (inScopeTexts.some((text) => together.test(text))) return undefined;
      const found = await probe(compound.replace(/-/g, ' '), scope, COMPOUND_PROBE_DEPTH);
      return found.some((hit) => together.test(hit.chunk.text)) ? undefined : compound.toLowerCase();
    }),
  );
  absent.push(...unwrittenCompounds.filter((c) => c !== undefined));
  // A size the question names a thing by ("a box of 120 mm wood screws") that no document in scope
  // writes: its number, read whole and by value ("£29.99" writes no 29, "10.000" writes 10), in no
  // hit nor in the chunks a search of it finds (the index splits "£29.99" into "29" and "99").
  const texts = hits.filter(inScope).map((hit) => hit.chunk.text);
  const sizes = await Promise.all(
    measuresNamed(question).map(async (m) => {
      const value = Number(m.number);
      const key = unitKey(m.unit);
      // A band holding it in the same unit holds it too ("8.00 m – 9.99 m" of "a 9.5 m yacht",
      // round128): a price list by length prices it.
      const written = (text: string) =>
        [...text.matchAll(NUMBER_WRITTEN)].some((n) => Number(n[0].replace(/,/g, '')) === value) ||
        [...text.matchAll(MEASURE_BAND)].some(
          (b) =>
            Number(b[1]) <= value &&
            value <= Number(b[3]) &&
            unitKey(b[4]!) === key &&
            (b[2] === undefined || unitKey(b[2]) === key),
        );
      if (texts.some(written)) return undefined;
      const found = await probe(
        `${m.number.replace('.', ' ')} ${m.number}${m.unit}`,
        scope,
        SIZE_PROBE_DEPTH,
      );
      return found.some((hit) => written(hit.chunk.text)) ? undefined : m.text;
    }),
  );
  absent.push(...sizes.filter((m) => m !== undefined));
  // The dimension a "how" question asks ("loud" of "How loud is the dishwasher in decibels?"),
  // which no hit in scope states (see `statesDimension`) and no chunk a search of its nouns finds
  // names, is absent too beside another absent word (round109): alone it is no topic ("How quick
  // is delivery?" is answered by "next day").
  if (absent.length > 0) {
    const unstated = await Promise.all(
      [...dimensions.values()]
        .filter((d) => new RegExp(`\\bhow\\s+${d.word}\\b`, 'i').test(question) && !byDimension(d.word))
        .map(async (d) => ((await finds(d.nouns.join(' '), scope)) ? undefined : d.word)),
    );
    absent.push(...unstated.filter((word) => word !== undefined));
  }
  // A word of more (see MORE_WORDS) no document of the collection writes is the question's wording.
  const wider = { ...scope, documentIds: undefined, sourceIds: undefined };
  const written = await Promise.all(
    absent.map(async (word) => !MORE_WORDS.has(word) || (await finds(word, wider))),
  );
  return absent.filter((_, i) => written[i]);
}

/**
 * Whether the absent words leave the question unanswerable: at least {@link MIN_ABSENT_WORDS}, or
 * one that is at least {@link MIN_SINGLE_ABSENT_SHARE} of the question's terms (see
 * `questionTerms`) — or, when the question states its topic after "say about" (see
 * {@link statedTopic}) and the absent word is of it, of the topic's terms: "What does the latest
 * Contoso Transit report say about fare evasion?" asks about "fare evasion", and the words that name
 * the report, the time and the form ("What does … say about") are none of it. So does a question
 * asking the price of something (see `pricedThing`: "What does parking cost at the leisure
 * centre?" asks about "parking"). So does the one absent word a question opening with "do",
 * "does", "did", "has", "have" or "had" ends on (the head of its object: "Does the app support
 * audiobooks?"; or of the place it asks of: "Has the flaw been exploited in the wild?"), or a word
 * of that object's noun phrase ("the coronation bank holiday", see {@link objectPhrase}), unless it
 * asks for "any" of a kind or whether something is mentioned (measured on the bench: those refused
 * answerable questions whose documents name an instance in other words). So does one absent word
 * the question writes as a name (see {@link namedIn}), or an absent size a thing is named by (see
 * `measuresNamed`: "120 mm" of "120 mm wood screws", which `absentWords` returns as written).
 * A question that tells the asker's situation in sentences apart from the one it asks (see
 * `askingSentences`) is judged by the absent words of its asking sentence only.
 */
export function lacksEvidence(question: string, absent: readonly string[]): boolean {
  // A question that tells the asker's situation in sentences of its own before (or after) the one
  // it asks ("We're driving up straight after work and probably won't get there till 9ish. Is that
  // a problem?", round149) is asked by its question sentence: words only the telling writes ("till",
  // "probably", "my dad", "keen") are the asker's, not what the documents must hold. The asking
  // sentence's own absent words are judged as it asks them, a single one's share among the whole
  // question's terms ("Will he be able to get up there?" asks of the tower the telling names).
  const asked = askingSentences(question);
  if (asked !== undefined) {
    const terms = new Set(contentTerms(asked));
    const own = absent.filter((word) => contentTerms(word).some((term) => terms.has(term)));
    if (own.length < absent.length) return own.length > 0 && lacking(asked, own, question);
  }
  return lacking(question, absent, question);
}

/**
 * {@link lacksEvidence} of `question`'s absent words, the share of a single absent word taken among
 * the terms of `whole` (the question as asked, of which `question` may be the asking sentence).
 */
function lacking(question: string, absent: readonly string[], whole: string): boolean {
  // Two absent words the question joins by "and" or "or" are alternatives, counted once: things
  // a document may name by their kind ("on my phone and laptop" of release notes writing "on two
  // devices", round116). Either makes "not found" as one absent word would.
  if (absent.length === 2 && coordinated(question, absent[0]!, absent[1]!))
    return absent.some((word) => lacking(question, [word], whole));
  if (absent.length >= MIN_ABSENT_WORDS) return true;
  if (absent.length !== 1) return false;
  // A name ("revenues from China", "the Atlas arm") is not paraphrased: documents that never write
  // it say nothing of it. Nor is a size a thing is named by ("120 mm wood screws", see
  // `measuresNamed`): a price list without it does not sell it.
  // So is a kind named by a hyphenated compound ("open-water swimming", "an all-weather pitch"),
  // none of whose forms a document writes (see `HYPHENATED`).
  if (namedIn(question, absent[0]!) || /^\d/.test(absent[0]!) || absent[0]!.includes('-')) return true;
  // A question whether something does a thing ends on what it asks about ("Does the app support
  // audiobooks?", "Does the policy allow reptiles?"): its last topic word is the head of its
  // object, and documents that never write it (nor a form of it) hold no "yes". Not a question
  // for "any" of a kind ("Did it buy any business?": a hospital group is a business) nor whether
  // something is mentioned ("mention a fare increase": "fares rise"), which an instance answers in
  // other words, nor one of "is" ("Is the ban still in force?"), whose last word is no object.
  // So does a word naming which of its kind the object is ("the coronation bank holiday": a term
  // dates list naming only the early May bank holiday does not close for it).
  // So does a word of the noun phrase right after its main verb, when more follows it ("Does she
  // need a blood test before her gastroscopy?", "Has the car had its cambelt replaced?").
  const stem = contentTerms(absent[0]!)[0] ?? '';
  if (
    DO_QUESTION.test(question) &&
    !asksWhetherContains(question) &&
    (objectPhrase(question).includes(stem) || verbObject(question).includes(stem))
  )
    return true;
  // So does a word of the noun phrase a question whether one may do something names after its
  // verb ("Can I hire an electric scooter …?", "Am I allowed to take in a lodger …?", round112 and
  // round116, see {@link mayObject}).
  if (mayObject(question).includes(stem)) return true;
  // So does the verb of a question whether something may be done to a thing ("Can the dishwasher
  // be plumbed into …?", see {@link mayBeVerb}).
  if (mayBeVerb(question) === stem) return true;
  // So does the verb a yes-or-no question asks a named subject does ("Can Tillyhorn Bakehouse
  // deliver bread …?", see {@link nameVerb}).
  if (!asksWhetherContains(question) && nameVerb(question) === stem) return true;
  // So does a word of what a yes-or-no question of "is" names after its participle ("Is Ruth
  // Kettering prescribed metformin?", "Was the tenant charged a cleaning fee?").
  if (!asksWhetherContains(question) && participleObject(question).includes(stem)) return true;
  // A question whether something is allowed or there to have ("Are dogs allowed at the reserve?",
  // "Is breakfast included?") asks about its subject: documents that never write it hold no "yes".
  if (stem !== '' && allowedHead(question) === stem) return true;
  // So does one whether a thing is there ("Is there parking at Bounceholt …?", round134).
  if (existingHead(question) === stem) return true;
  const topic = statedTopic(question) ?? pricedThing(question) ?? measuredThing(question);
  if (topic !== undefined) {
    const unwritten = unwrittenTerms(question);
    const terms = new Set(questionTerms(topic).filter((term) => !unwritten.has(term)));
    const [word] = contentTerms(absent[0]!);
    if (word !== undefined && terms.has(word)) return 1 / terms.size >= MIN_SINGLE_ABSENT_SHARE;
  }
  const terms = new Set(questionTerms(whole)).size;
  return terms > 0 && 1 / terms >= MIN_SINGLE_ABSENT_SHARE;
}

/** Whether `question` writes `a` and `b` (any case) joined by "and" or "or", in either order. */
function coordinated(question: string, a: string, b: string): boolean {
  const words = wordTokens(question);
  return words.some(
    (word, i) =>
      (word === 'and' || word === 'or') &&
      [words[i - 1], words[i + 1]].sort().join(' ') === [a.toLowerCase(), b.toLowerCase()].sort().join(' '),
  );
}

/**
 * True when `text` (an answer's quotes) holds of the question's topic words other than the
 * `absent` ones, in any form, only words of the names it writes in title case, and at least one:
 * "Patient: Mr Alan Brierley, date of birth …" for "What was Alan Brierley's PSA level?" when no
 * document writes "PSA". The quotes then tell whose the question asks, not what, and the word no
 * document writes is what it asks: the answer is "not found". Not when nothing is absent (a
 * record's line may answer by its name alone), nor when the question asks only of names.
 */
export function quotesNamesOnly(question: string, text: string, absent: readonly string[]): boolean {
  if (absent.length === 0) return false;
  const names = titleCaseTerms(question);
  const missing = new Set(absent.map((word) => word.toLowerCase()));
  const words = topicWords(question)
    .filter((word) => !missing.has(word))
    .map((word) => contentTerms(word)[0])
    .filter((term): term is string => term !== undefined);
  if (!words.some((term) => !names.has(term))) return false;
  const held = new Set(readTerms(text));
  // In any form (see `absentWords`): "expanded" holds "expansions", "recalling" "recall".
  const holds = (term: string) =>
    held.has(term) ||
    verbStems(term).some((verb) => held.has(verb)) ||
    [...held].some((h) => derivedForm(h, term));
  const heldWords = words.filter(holds);
  return heldWords.length > 0 && heldWords.every((term) => names.has(term));
}

/**
 * The stems of the words `question` writes in title case ("Priya", "Natarajan"), not its first word
 * (capitalised as a sentence opens) nor words in capitals only ("PSA").
 */
function titleCaseTerms(question: string): Set<string> {
  const words = question.match(/[\p{L}\p{N}'’]+/gu) ?? [];
  return new Set(
    words
      .slice(1)
      .filter((w) => /^\p{Lu}[\p{Ll}'’]/u.test(w))
      .flatMap((w) => contentTerms(w)),
  );
}

/** Chunks a size's search reads for its number written whole (see `absentWords`). */
const SIZE_PROBE_DEPTH = 20;

/** A figure and the unit right after it in a question ("120 mm", "2.5 litre", "40W"); not a code ("2H22"). */
const MEASURE = /(?<![\p{L}\d.,$€£¥])(\d+(?:\.\d+)?)\s?(\p{L}+)(?![\p{L}\d])/gu;

/** Bands of sizes in a text (see {@link SIZE_BAND}), not inside a longer number or a word. */
const MEASURE_BAND = new RegExp(String.raw`(?<![\p{L}\d.,])${SIZE_BAND.source}`, 'gu');

/** A number as a text writes it, whole ("1,250", "10.000", "29.99"). */
const NUMBER_WRITTEN = /(?<![\d.,])\d[\d,]*(?:\.\d+)?(?![\d])/g;

/** Words before a figure that make it a bound, not a name: "under 120 mm", "more than 5 kg", "up to 2 m". */
const BOUND_BEFORE =
  /\b(?:under|over|above|below|within|exceeding|than|least|most|to|from|between|and|about|around|approximately|nearly|almost)\s*$/i;

/**
 * The sizes `question` names things by: a figure and a unit of measure after it (see `unitKey`:
 * "120 mm", "10 litre", "2.5kg"; not a time, "14 days", nor a count, "3 boxes"), not after a word
 * bounding it ("under 120 mm", "more than 5 kg"). Each with its figure, its unit as written, and
 * its text.
 */
function measuresNamed(question: string): Array<{ number: string; unit: string; text: string }> {
  const out: Array<{ number: string; unit: string; text: string }> = [];
  for (const m of question.matchAll(MEASURE)) {
    const key = unitKey(m[2]!);
    if (key === undefined || key.startsWith('time@')) continue;
    if (BOUND_BEFORE.test(question.slice(0, m.index))) continue;
    out.push({ number: m[1]!, unit: m[2]!, text: m[0] });
  }
  return out;
}

/**
 * True when `question` writes `word` as a name of one word: capitalised, not in capitals only
 * ("SKU"), not its first word, and no capitalised word beside it — "China" in "What were its
 * revenues from China?", not "Reserve" of "Hollins Wood Nature Reserve", a name whose documents
 * may write it in part ("Hollins Wood").
 */
function namedIn(question: string, word: string): boolean {
  const words = question.match(/[\p{L}\p{N}]+/gu) ?? [];
  const capitalised = (w: string | undefined) => w !== undefined && /^\p{Lu}/u.test(w);
  // The question's first word is capitalised as a sentence opens: "Is" of "Is Paddington showing …?".
  return words.some(
    (w, i) =>
      i > 0 &&
      w.toLowerCase() === word.toLowerCase() &&
      /^\p{Lu}\p{Ll}/u.test(w) &&
      !(i > 1 && capitalised(words[i - 1])) &&
      !capitalised(words[i + 1]),
  );
}

/**
 * "Is" or "are", a subject, and a word saying it is allowed or there to have: "Are dogs allowed at
 * Hollins Wood?", "Is breakfast included in the price?", "Is parking available?". Group 1: the
 * subject. Not "is there" (an existence question).
 */
const ALLOWED_QUESTION =
  /^\s*(?:is|are)\s+(?!there\b)(?:(?:the|a|an|any)\s+)?([\p{L}'’ -]{1,60}?)\s+(?:allowed|permitted|available|included|provided|offered|accepted|sold|served|supported)\b/iu;

/**
 * The stem of the last topic word of the subject of a question whether something is allowed or
 * there to have (see {@link ALLOWED_QUESTION}: "dog" of "Are dogs allowed at the reserve?");
 * undefined for other questions.
 */
function allowedHead(question: string): string | undefined {
  const subject = ALLOWED_QUESTION.exec(question)?.[1];
  const last = subject === undefined ? undefined : topicWords(subject).at(-1);
  return last === undefined ? undefined : contentTerms(last)[0];
}

/**
 * "Is there" or "are there", an article or "any" or none, and what is asked to be there (group 1),
 * up to a preposition, a comma or the end: "parking" of "Is there parking at Bounceholt trampoline
 * park, and do I have to pay for it?".
 */
const EXISTS_QUESTION =
  /^\s*(?:is|are)\s+there\s+(?:(?:a|an|any)\s+)?([\p{L}'’ -]{1,40}?)(?=\s+(?:at|in|on|for|near|by|to|with|inside|outside|where|that|which|i|we)\b|\s*[,?]|$)/iu;

/**
 * "Is there" or "are there", a place or a thing in general, and what it is for (group 1):
 * "park" of "Is there somewhere to park for volunteers?".
 */
const EXISTS_PURPOSE =
  /^\s*(?:is|are)\s+there\s+(?:somewhere|anywhere|something|anything|space|room)\s+(?:for\s+\p{L}+\s+)?to\s+(\p{L}+)/iu;

/**
 * Words a question whether something is there may name that documents write otherwise: a sum
 * ("Is there a fee …?": "£5"), a share off ("a discount": "10% off"), a bound, a change. A place or
 * a thing in general ("somewhere to park") is a stop word's, no term.
 */
const WRITTEN_OTHERWISE = new Set(
  [
    'fee',
    'charge',
    'cost',
    'price',
    'discount',
    'reduction',
    'concession',
    'limit',
    'minimum',
    'maximum',
    'deadline',
    'penalty',
    'refund',
    'deposit',
    'change',
    'difference',
    'way',
    'need',
    'rule',
  ].flatMap((word) => contentTerms(word)),
);

/**
 * The stem of the last word of what a question asks is there (see {@link EXISTS_QUESTION}): "park"
 * of "Is there parking at …?", "sauna" of "Is there a sauna at …?"; or of what a place or thing in
 * general is asked for (see {@link EXISTS_PURPOSE}: "park" of "Is there somewhere to park …?").
 * Documents that never write it (nor a form of it) hold no "yes". Undefined for other questions and
 * for words documents write otherwise (see {@link WRITTEN_OTHERWISE}).
 */
function existingHead(question: string): string | undefined {
  // "Is there somewhere to park …?" asks whether one can park there (round120).
  const purpose = EXISTS_PURPOSE.exec(question)?.[1];
  const subject = purpose === undefined ? EXISTS_QUESTION.exec(question)?.[1] : undefined;
  const last = purpose ?? (subject === undefined ? undefined : wordTokens(subject).at(-1));
  const stem = last === undefined ? undefined : contentTerms(last)[0];
  return stem === undefined || WRITTEN_OTHERWISE.has(stem) ? undefined : stem;
}

/** The auxiliaries a yes-or-no question of doing or having opens with. */
const AUXILIARIES = 'did|does|do|has|have|had';

/**
 * A question opening (after an optional "In …," clause) with "do", "does" or "did", or with "has",
 * "have" or "had" ("Has the flaw been exploited in the wild?").
 */
const DO_QUESTION = new RegExp(String.raw`^\s*(?:in\s[^,?]{1,80},\s*)?(?:${AUXILIARIES})\b`, 'i');

/**
 * The word of three letters or fewer a "do" or "has" question ends on after an article, its
 * object's head ("spa" of "Does the Seaview Hotel have a spa?", "gym", "bar", "SSO"), which
 * `topicWords` leaves out with the short words that are mostly verbs and adjectives; undefined for
 * other questions ("Did the engine run?" ends on its verb).
 */
function shortObject(question: string): string | undefined {
  if (!DO_QUESTION.test(question)) return undefined;
  const words = wordTokens(question);
  const last = words.at(-1);
  return last !== undefined &&
    last.length <= 3 &&
    /^\p{L}{2,}$/u.test(last) &&
    !isStopWord(last) &&
    /^(?:a|an|any|the|some)$/.test(words.at(-2) ?? '')
    ? last
    : undefined;
}

/**
 * Adverbs of place or manner a yes-or-no question may end on after its object ("Does the choir go
 * on tours abroad?", round132).
 */
const TRAILING_ADVERB =
  /^(?:abroad|overseas|online|outdoors|indoors|outside|inside|nearby|locally|anymore|too|also|again|together)$/;

/** The words of `question` (see `wordTokens`) without the adverbs it ends on (see {@link TRAILING_ADVERB}). */
function objectWords(question: string): string[] {
  const words = wordTokens(question);
  while (words.length > 1 && TRAILING_ADVERB.test(words.at(-1)!)) words.pop();
  return words;
}

/**
 * The stem of the word `question` ends on when it is a topic word (see {@link topicWords}): in a
 * yes-or-no question, the head of its object ("Does Contoso pay a dividend?": "dividend");
 * undefined when it ends on another word — "Does the library charge for printing?" ends on an
 * inflected form, so its last topic word, "charge", is the verb, not the object. An adverb after
 * the object ("tours abroad", see {@link TRAILING_ADVERB}) does not end it.
 */
function objectHead(question: string): string | undefined {
  const short = shortObject(question);
  if (short !== undefined) return contentTerms(short)[0];
  const last = topicWords(question).at(-1);
  const end = objectWords(question).at(-1);
  return last === undefined || end !== last.toLowerCase() ? undefined : contentTerms(last)[0];
}

/**
 * The stems of the noun phrase a yes-or-no question ends on, its object (see {@link objectHead}):
 * the head and the topic words right before it after an article or a possessive ("coronation",
 * "bank", "holiday" of "Does the school close for the coronation bank holiday?"), all in lower
 * case; the head alone when no article or possessive opens the run, or one opens the subject, or
 * the run writes a name; empty when the question ends on no object.
 */
function objectPhrase(question: string): string[] {
  const head = objectHead(question);
  if (head === undefined) return [];
  const words = objectWords(question);
  const topic = new Set(topicWords(question).map((w) => w.toLowerCase()));
  let start = words.length - 1;
  while (start > 0 && topic.has(words[start - 1]!)) start--;
  // The run is the object's when an article or possessive opens it that does not open the subject
  // (right after the opening "does": "Does the shop sell gift cards?"; "have" as the main verb
  // opens the object: "Does the hall have a sprinkler system?") and it writes no name ("Does the
  // fish pie at the Harbour Kitchen contain gluten?" runs from the name through the verb).
  const run = words.slice(start);
  // Topic words are letters only: a run word written in lower case is among the question's words as
  // written.
  const written = new Set(question.match(/\p{L}+/gu) ?? []);
  const opening = words.findIndex((word) => AUXILIARY_WORD.test(word));
  if (
    !OBJECT_OPENER.test(words[start - 1] ?? '') ||
    start - 2 === opening ||
    !run.every((word) => written.has(word))
  )
    return [head];
  return run.flatMap((w) => contentTerms(w));
}

/** A question asking when or where, with "do", "does" or "did": group 1 what follows the auxiliary. */
const WHEN_OR_WHERE_DO =
  /^\s*(?:when|where|(?:on\s+)?(?:what|which)\s+(?:time|day|date))\s+(?:do|does|did)\s+([^?]+)/i;

/** Subjects that are pronouns: the verb follows them. */
const PRONOUN = /^(?:i|you|we|they|he|she|it)$/i;

/**
 * The main verb, lower-cased, of a question asking when or where something is done, with "do",
 * "does" or "did" ({@link WHEN_OR_WHERE_DO}): the word after its subject — a pronoun, a name
 * written in capitals ("When do The Lanterns play in Leeds?": "play") — or, for a subject in lower
 * case ("When does the night train leave Hexley?"), the last word of the run of two or more that
 * follows the article, before a stop word, a capital or the end ("leave"); undefined for other
 * questions or forms.
 */
export function eventVerb(question: string): string | undefined {
  const rest = WHEN_OR_WHERE_DO.exec(question)?.[1];
  if (rest === undefined) return undefined;
  const words = rest.match(/[\p{L}\p{N}'’]+/gu) ?? [];
  const lower = (word: string | undefined): word is string =>
    word !== undefined && /^\p{Ll}+$/u.test(word) && !isStopWord(word);
  const capital = (word: string | undefined) => word !== undefined && /^\p{Lu}/u.test(word);
  const pastCapitals = (from: number) => pastName(words, from);
  const [first, second] = words;
  if (PRONOUN.test(first ?? '')) return lower(second) ? second : undefined;
  // A name: "The Lanterns", "Tomasz Wilk".
  if ((first === 'The' && capital(second)) || (capital(first) && !ARTICLE.test(first!))) {
    const next = words[pastCapitals(first === 'The' ? 1 : 0)];
    return lower(next) ? next : undefined;
  }
  // A noun phrase in lower case, after an article and any name that qualifies it ("the Hexley
  // train"): its last word before a stop word, a capital or the end is the verb.
  const start = ARTICLE.test(first ?? '') ? 1 : 0;
  const from = pastCapitals(start);
  let end = from;
  while (lower(words[end])) end++;
  return end - from >= 2 || (end - from === 1 && from > start) ? words[end - 1] : undefined;
}

/** The index of the first word of `words` from `from` on that is not of a name in capitals ("The Lanterns", "KX19 ZPT's"). */
function pastName(words: readonly string[], from: number): number {
  let i = from;
  while (/^\p{Lu}/u.test(words[i] ?? '') || /^['’]s$/.test(words[i] ?? '')) i++;
  return i;
}

/** Articles and possessives opening a noun phrase, in any case. */
const ARTICLE = /^(?:the|a|an|its|their|his|her|our|your|my)$/i;

/** What follows the auxiliary of a question opening with one (see {@link DO_QUESTION}). */
const AFTER_AUXILIARY = afterOpening(AUXILIARIES);

/**
 * A question opening (after an optional "In …," clause) with one of `verbs` (alternatives, as a
 * regular expression writes them): group 1 what follows it.
 */
function afterOpening(verbs: string): RegExp {
  return new RegExp(String.raw`^\s*(?:in\s[^,?]{1,80},\s*)?(?:${verbs})\s+([^?]+)`, 'i');
}

/**
 * Verbs of having, giving, letting and paying, which documents write in other words ("Does Thornwick
 * allow dogs?" of "Dogs are welcome", "Do they offer lessons?" of "Lessons: £12"), and of a
 * decision's stance ("Did the council support the application?" of minutes writing "RESOLVED to
 * raise no objection"): no verb `nameVerb` reads.
 */
const LIGHT_VERB =
  /^(?:need|offer|provide|allow|accept|take|let|give|make|sell|charge|cost|pay|use|include|require|get|keep|run|open|close|work|support|approve)s?$/;

/** What follows a question's opening "can", "could", "will", "would", "do", "does" or "did". */
const AFTER_MODAL = afterOpening('can|could|will|would|do|does|did');

/**
 * The stem of the verb a yes-or-no question asks a named subject does: the word in lower case right
 * after a subject written in capitals, opened by "can", "could", "will", "would", "do", "does" or
 * "did": "deliver" of "Can Tillyhorn Bakehouse deliver bread to my house?", "engrav" of "Will
 * Brakmoor engrave my name on a new lock?" (found on round119 and round121, held out, after their
 * only runs). Documents that never write the verb (nor a form of it) hold no "yes". Undefined for
 * other questions, a stop word ("Does Thornwick have …?") or a preposition.
 */
export function nameVerb(question: string): string | undefined {
  const rest = AFTER_MODAL.exec(question)?.[1];
  if (rest === undefined) return undefined;
  const words = rest.match(/[\p{L}\p{N}'’]+/gu) ?? [];
  if (!/^\p{Lu}/u.test(words[0] ?? '') || ARTICLE.test(words[0]!) || PRONOUN.test(words[0]!))
    return undefined;
  const verb = words[pastName(words, 0)] ?? '';
  if (
    !/^\p{Ll}+$/u.test(verb) ||
    isStopWord(verb) ||
    FRAMING.has(verb) ||
    LIGHT_VERB.test(verb) ||
    PREPOSITION.test(verb)
  )
    return undefined;
  return contentTerms(verb)[0];
}

/**
 * The stems of the topic words of the noun phrase that follows the main verb of a question opening
 * with "do", "does", "did", "has", "have" or "had" (see {@link DO_QUESTION}), after an article or
 * a possessive or none (a bare plural or mass noun: "climate", "units" of "Does Stackley Self
 * Storage have climate-controlled units?"), up to a stop word or the end: "blood", "test" of
 * "Does Eleanor Pryce need a blood test before her gastroscopy?", "cambelt" of "Has KX19 ZPT had
 * its cambelt replaced?". The verb is the word after a subject written in capitals ("Eleanor
 * Pryce", "KX19 ZPT"), or, after an article, the word before the next article ("Does the hotel
 * have a pool …?"). Empty for other questions and forms.
 */
export function verbObject(question: string): string[] {
  const rest = AFTER_AUXILIARY.exec(question)?.[1];
  if (rest === undefined) return [];
  const words = rest.match(/[\p{L}\p{N}'’]+/gu) ?? [];
  const capital = (word: string | undefined) => word !== undefined && /^\p{Lu}/u.test(word);
  let verb: number;
  if (capital(words[0]) && !ARTICLE.test(words[0]!)) verb = pastName(words, 0);
  else if (ARTICLE.test(words[0] ?? '')) {
    const next = words.findIndex((word, i) => i > 0 && ARTICLE.test(word));
    verb = next - 1;
  } else return [];
  const main = words[verb] ?? '';
  // A verb: a word in lower case, no preposition ("the fish pie at the Harbour Kitchen …").
  if (verb < 1 || !/^\p{Ll}+$/u.test(main) || PREPOSITION.test(main) || PREPOSITIONS.has(main)) return [];
  if (ARTICLE.test(words[verb + 1] ?? '')) return phraseTopicTerms(question, words.slice(verb + 2));
  // A bare plural or mass noun is the object too ("Does Stackley Self Storage have
  // climate-controlled units?", round106): a word in lower case, no stop word ("any", "to").
  const next = words[verb + 1] ?? '';
  if (!/^\p{Ll}+$/u.test(next) || isStopWord(next) || PREPOSITIONS.has(next)) return [];
  return phraseTopicTerms(question, words.slice(verb + 1));
}

/**
 * The stems of the topic words (see {@link topicWords}) of the run `words` opens with, up to a stop
 * word or a preposition: a noun phrase after a verb (see `verbObject`, `participleObject`).
 */
function phraseTopicTerms(question: string, words: readonly string[]): string[] {
  const phrase: string[] = [];
  for (const word of words) {
    if (isStopWord(word.toLowerCase()) || PREPOSITIONS.has(word.toLowerCase())) break;
    phrase.push(word);
  }
  const topic = new Set(topicWords(question).map((word) => word.toLowerCase()));
  return phrase.filter((word) => topic.has(word.toLowerCase())).flatMap((word) => contentTerms(word));
}

/**
 * A question whether one may do something: "can", "could" or "may" and a pronoun or a plural noun
 * in lower case ("Can stallholders leave …", "Can my kids use …") or one's own child ("Can my son
 * take …", round137; not "Can my boyfriend stay the night?", whose night is no thing asked), or "am
 * I (are we, is one) allowed (permitted) to"; group 1 its verb, an adverb particle after it ("take
 * in", "pick up") skipped; group 2 what follows.
 */
const MAY_QUESTION =
  /^\s*(?:(?:can|could|may)\s+(?:[Ii]|we|you|one|(?:(?:my|our|the|their)\s+)?\p{Ll}{2,}s|(?:my|our|their)\s+(?:son|daughter|child|boy|girl))|(?:am|are|is)\s+(?:[Ii]|we|you|one)\s+(?:allowed|permitted)\s+to)\s+(\p{Ll}+)(?:\s+(?:in|up|out|on|back|round|over))?\s+([^?]+)/u;

/**
 * A question whether one is allowed a thing, named right after "allowed" or "permitted": "Are we
 * allowed fireworks at our wedding?"; group 1 what follows.
 */
const ALLOWED_OBJECT = /^\s*(?:am|are|is)\s+(?:i|we|you|one)\s+(?:allowed|permitted)\s+(?!to\b)([^?]+)/iu;

/**
 * The stems of the topic words of the noun phrase right after the verb of a question whether one
 * may do something (see {@link MAY_QUESTION}), after an article or a possessive or none (a bare
 * plural), up to a stop word or a preposition: "electric", "scooter" of "Can I hire an electric
 * scooter from Quillbarrow Cycle Hire?", "lodger" of "Am I allowed to take in a lodger in my
 * home?", or of the one allowed ("firework" of "Are we allowed fireworks …?", see
 * {@link ALLOWED_OBJECT}). Documents that never write it hold no "yes". Empty for other questions
 * and forms ("Can I pay by card?" names a preposition's object).
 */
export function mayObject(question: string): string[] {
  // "Are we allowed fireworks at …?": what is allowed follows at once (round141).
  const allowed = ALLOWED_OBJECT.exec(question)?.[1]?.match(/[\p{L}\p{N}'’]+/gu) ?? [];
  if (allowed.length > 0)
    return phraseTopicTerms(question, ARTICLE.test(allowed[0]!) ? allowed.slice(1) : allowed);
  const m = MAY_QUESTION.exec(question.replace(/^\s*\p{Lu}/u, (c) => c.toLowerCase()));
  // A subject's noun is followed by its verb: "Can members of the public …" names no verb.
  if (
    m === null ||
    PREPOSITIONS.has(m[1]!) ||
    /^(?:of|in|on|at|for|from|with|to|by|under|over|aged|and|or|who|that|which|be|been|being)$/.test(m[1]!)
  )
    return [];
  const words = m[2]!.match(/[\p{L}\p{N}'’]+/gu) ?? [];
  if (ARTICLE.test(words[0] ?? '')) return phraseTopicTerms(question, words.slice(1));
  const first = words[0] ?? '';
  if (!/^\p{Ll}+$/u.test(first) || isStopWord(first) || PREPOSITIONS.has(first)) return [];
  return phraseTopicTerms(question, words);
}

/**
 * A question whether something may be done to a thing: "can", "could" or "may", its subject and
 * "be" with a participle (group 1): "Can the dishwasher be plumbed into the hot water supply?".
 */
const MAY_BE_QUESTION = /^\s*(?:can|could|may)\s+[^?]{1,80}?\s+be\s+(\p{Ll}+)\b/iu;

/**
 * The stem of the participle a question whether something may be done to a thing asks of (see
 * {@link MAY_BE_QUESTION}): "plumb" of "Can the Brisklow DW612 dishwasher be plumbed into the hot
 * water supply?" (round120). Documents that never write the verb hold no "yes". Undefined for other
 * questions.
 */
export function mayBeVerb(question: string): string | undefined {
  const participle = MAY_BE_QUESTION.exec(question)?.[1];
  return participle !== undefined && PARTICIPLE.test(participle) ? contentTerms(participle)[0] : undefined;
}

/** What follows a question's opening "is", "are", "was" or "were" (after an optional "In …," clause). */
const AFTER_BE = afterOpening('is|are|was|were');

/** A past participle: a word in lower case ending in "-ed", or one of the common irregular ones. */
const PARTICIPLE = /^(?:\p{Ll}{2,}ed|given|paid|sent|sold|shown|taken|told|kept|held|fed|bought|brought)$/u;

/**
 * The stems of the topic words of what a yes-or-no question of "is", "are", "was" or "were" names
 * right after its participle, an article or a possessive allowed before it, up to a stop word, a
 * preposition or the end: "metformin" of "Is Ruth Kettering prescribed metformin?", "fee" of "Was
 * the tenant charged a cleaning fee?" (its topic words: see {@link topicWords}). The participle
 * follows a subject written in capitals, or is the first word after an article's noun ("the
 * tenant"). Empty for other questions and forms ("Is the pool heated?" names nothing after it; "Is
 * the dog vaccinated against …?" names a preposition's object, not the participle's).
 */
export function participleObject(question: string): string[] {
  const rest = AFTER_BE.exec(question)?.[1];
  if (rest === undefined) return [];
  const words = rest.match(/[\p{L}\p{N}'’]+/gu) ?? [];
  let verb: number;
  if (/^\p{Lu}/u.test(words[0] ?? '') && !ARTICLE.test(words[0]!)) verb = pastName(words, 0);
  else if (ARTICLE.test(words[0] ?? '')) verb = words.findIndex((word, i) => i >= 2 && PARTICIPLE.test(word));
  else return [];
  if (verb < 1 || !PARTICIPLE.test(words[verb] ?? '')) return [];
  return phraseTopicTerms(question, words.slice(ARTICLE.test(words[verb + 1] ?? '') ? verb + 2 : verb + 1));
}

/** The auxiliary a yes-or-no question opens with (see {@link DO_QUESTION}). */
const AUXILIARY_WORD = new RegExp(`^(?:${AUXILIARIES})$`);

/** Words opening a noun phrase: articles and possessives. */
const OBJECT_OPENER = /^(?:a|an|the|its|their|his|her|our|your|my)$/;

/** A question asking how long, big, old … something is, after an article: group 1 what follows. */
const MEASURED_THING =
  /^\s*how\s+(?:long|big|large|heavy|old|wide|tall|high|deep|far)\s+(?:is|are|was|were)\s+(?:the|a|an|its|their|your|my)\s+([^?]+)/i;

/**
 * What a question asking a dimension names as the thing measured: its words up to a preposition
 * ("warranty" of "How long is the warranty on the Klarwash W814 washing machine?", round106),
 * whose owner after the preposition the search has found; undefined for other forms.
 */
export function measuredThing(question: string): string | undefined {
  const rest = MEASURED_THING.exec(question)?.[1];
  if (rest === undefined) return undefined;
  const words: string[] = [];
  for (const word of rest.split(/\s+/)) {
    if (PREPOSITION.test(word) || PREPOSITIONS.has(word.toLowerCase())) break;
    words.push(word);
  }
  return words.length > 0 ? words.join(' ') : undefined;
}

/**
 * The topic a question states after a verb of saying and "about", "regarding", "concerning" or
 * "on": "What does the latest report say about the ferry timetable?" → "the ferry timetable",
 * "What did the manual state regarding winter storage?" → "winter storage", "Does the care sheet
 * explain how to propagate it?" → "how to propagate it" (a verb of telling: "explain", "describe"
 * too); undefined for other forms.
 */
export function statedTopic(question: string): string | undefined {
  const m = STATED_TOPIC.exec(question);
  const topic = (m?.[1] ?? m?.[2])?.trim();
  return topic ? topic : undefined;
}

/**
 * A verb of saying and what it says: the topic after "about", "regarding", "concerning" or "on"
 * (group 1), or an embedded question ("Does the manual say how much the light weighs?": "how much
 * the light weighs", group 2).
 */
const STATED_TOPIC =
  /\b(?:say|says|said|state|states|stated|mention|mentions|mentioned|tell\s+(?:us|me)|write|writes|wrote|note|notes|noted|explain|explains|explained|describe|describes|described)\s+(?:(?:anything\s+|something\s+)?(?:about|regarding|concerning|on)\s+([^?]+)|((?:how|what|when|where|which|who|whom|why|whether|if)\b[^?]+))/i;

/** Hits read for the documents a question is about: the first ten. */
const EVIDENCE_HITS = 10;

/**
 * Whether `question` asks if something is there: it opens (after an optional "In …," clause) with
 * an auxiliary verb — did, does, do, is, are, was, were, has, have — and asks for "any" of
 * something or whether it is mentioned ("Did the report mention a bird strike?", "Were there any
 * acquisitions?").
 */
export function asksWhetherContains(question: string): boolean {
  return /^\s*(?:in\s[^,?]{1,80},\s*)?(?:did|does|do|is|are|was|were|has|have)\b[^?]*\b(?:any|mention(?:s|ed)?)\b/i.test(
    question,
  );
}

/**
 * Whether `question` asks yes or no: it opens (after an optional "In …," clause, or a condition:
 * "If I cancel my permit early, can I …?", round121) with an auxiliary or modal verb ("Does
 * Millbrook Allotment Society run a minibus service?", "Is the hose ban still in force?"). Asked
 * of documents it names, it is asked of them: another organisation's minibus service is no answer.
 */
export function asksYesNo(question: string): boolean {
  return /^\s*(?:(?:in|if|when|once)\s[^,?]{1,80},\s*)?(?:did|does|do|is|are|was|were|has|have|had|can|could|will|would)\b/i.test(
    question,
  );
}

/** A question how one does something: "How do I get a fit note …?", "How can we book …?". */
const ASKS_HOW_TO = /^\s*how\s+(?:do|can|should|would|could)\s+(?:i|we|you|one)\s+\p{Ll}/iu;

/**
 * The documents a question is about, from the boosts the retriever gave its first hits: those it
 * names (`focus`), narrowed to the ones a period or recency cue picked among them (`period`,
 * `recency`) when any was; the ones such a cue picked when the question names none. Undefined when
 * the question neither asks whether something is there (see {@link asksWhetherContains}), yes or
 * no (see {@link asksYesNo}) or how one does something at what it names ("How do I get a fit note
 * from Pellingford Surgery?", round122: another document's "fit" tells no way) nor asks
 * what they say about a topic (see {@link statedTopic}: "What does the 2022 travel policy say about
 * carbon offsetting?" asks the 2022 version, and the 2024 version's offsetting is no answer), or
 * no hit was boosted: the question is checked against the whole searched scope.
 */
export function evidenceDocuments(question: string, hits: readonly Hit[]): string[] | undefined {
  if (
    !asksWhetherContains(question) &&
    !asksYesNo(question) &&
    !ASKS_HOW_TO.test(question) &&
    statedTopic(question) === undefined
  )
    return undefined;
  return askedDocuments(hits, question);
}

/**
 * The documents the first hits were boosted for: those the question names (`focus`), narrowed to
 * the ones a period or recency cue picked among them when any was; the ones such a cue picked when
 * it names none; undefined when no hit was boosted. When `question` names a version label
 * ("revision C", "version 2.1", see {@link versionLabel}) and some of them carry it in their name
 * (see {@link namesVersion}), those only: document focus reads a name's words, and a label's
 * single letter is no word. See {@link evidenceDocuments}.
 *
 * With `newest`, a recency cue asks the newest version even when the retriever passed it over for
 * an older one holding the question's topic (`HitBoost.passedOver`): "Did the company announce a
 * stock split in its latest 10-Q?" is asked of the latest filing, and an older filing's split is
 * no answer to it (the answer says which version it quotes). Without it, the older version the
 * retriever preferred is asked ("What does the latest handbook say about the depot?").
 */
export function askedDocuments(
  hits: readonly Hit[],
  question?: string,
  newest = false,
): string[] | undefined {
  const named = new Set<string>();
  const timed = new Set<string>();
  const names = new Map<string, string[]>();
  for (const hit of hits.slice(0, EVIDENCE_HITS)) {
    const id = hit.chunk.documentId;
    const boosts = hit.boosts ?? [];
    const passed = newest ? boosts.find((b) => b.kind === 'recency' && b.passedOver)?.passedOver : undefined;
    for (const boost of boosts) {
      (boost.kind === 'focus' ? named : timed).add(id);
    }
    if (passed) {
      // The newest version of the series the question names, in place of the older one.
      timed.delete(id);
      timed.add(passed.documentId);
      if (named.has(id)) named.add(passed.documentId);
    }
    names.set(id, [id, ...(hit.sourceName ? [hit.sourceName] : [])]);
  }
  const both = [...named].filter((id) => timed.has(id));
  const chosen = both.length > 0 ? both : named.size > 0 ? [...named] : [...timed];
  // "revision C of the pump manual": of the manuals it names, those whose name carries the label.
  const label = question === undefined ? undefined : versionLabel(question);
  const labelled =
    label === undefined
      ? []
      : chosen.filter((id) => (names.get(id) ?? [id]).some((name) => namesVersion(name, label)));
  const asked = labelled.length > 0 ? labelled : chosen;
  return asked.length > 0 ? asked : undefined;
}
