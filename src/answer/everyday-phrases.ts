/**
 * Everyday phrases and words a question may ask in that documents write otherwise.
 * @module
 */
import { contentTerms, wordTokens } from '../retrieve/terms.js';

/** Adjectives of the weather and the nouns documents write them as. */
const WEATHER: Readonly<Record<string, readonly string[]>> = {
  windy: ['wind', 'winds', 'gusts'],
  rainy: ['rain', 'rainfall'],
  snowy: ['snow'],
  icy: ['ice', 'icing'],
  stormy: ['storm', 'storms'],
  foggy: ['fog'],
  frosty: ['frost'],
  sunny: ['sun', 'sunshine'],
};

/**
 * Everyday phrases a question may ask in that documents write as one word: "give me my money back"
 * (a refund), "call off" (cancel), "sign up" (register, join), "pick up" (collect), "brothers and
 * sisters" (siblings), "who do I ring" (call), "get rid of" (treat, remove), "cut off"
 * (disconnect), "can't make" (cancel, miss), "quit" (cancel, end), "bring a friend" (a guest),
 * "meds" (medicines), "take it back" (return), "fill it up" (full), "not turn up" (miss), "bigger
 * than the limit" (over the maximum), "what I paid for" (its price), "listen to music"
 * (headphones), "lose money" (a charge, no refund), "turn up" (arrive), "take apart" (dismantle),
 * "put back together" (reassemble), "kid" and "my little boy" (child), "chickens" (hens), "photos"
 * (photography), "check-up" (examination), "bird's nest" (bunching, loops), "shut" (close), "too
 * windy" (high winds, see {@link WEATHER}), "a weekday" (Monday to Friday), "how much warning"
 * (notice), "in advance" (ahead), "hoover" (vacuum), "jeans" (denim), "screech" (squeal). The phrase's words are held where a document in scope writes one of its words (see
 * `absentWords`), by a passage at the relevance floor that writes one (see `relevantHits`), and by
 * the answer's passages that write one (see `holdOtherForms`: "my money back" led by the refund
 * terms, round112): "Will the council give me my money back if I call off my collection?" of a page
 * writing "full refund if you cancel" (round109). Phrases of that kind, a judgement, kept short.
 */
const PHRASES: ReadonlyArray<{ phrase: RegExp; written: readonly string[] }> = [
  { phrase: /\bmoney\s+back\b/i, written: ['refund', 'repay', 'reimburse'] },
  { phrase: /\bpa(?:y|ys|id|ying)\s+(?:\w+\s+)?back\b/i, written: ['refund', 'repay', 'reimburse'] },
  { phrase: /\bcall(?:s|ed|ing)?\s+(?:it\s+|them\s+)?off\b/i, written: ['cancel', 'cancellation'] },
  {
    phrase: /\b(?:put|push)(?:s|ing)?\s+(?:it\s+)?(?:off|back)\b/i,
    written: ['postpone', 'rearrange', 'reschedule', 'move'],
  },
  { phrase: /\bsign(?:s|ed|ing)?\s+up\b/i, written: ['register', 'join', 'enrol', 'enroll'] },
  // "pick my child up" as "pick up": an object of up to two words between (round129)
  {
    phrase: /\bpick(?:s|ed|ing)?\s+(?:(?!up\b)[\p{L}'’]+\s+){0,2}up\b/iu,
    written: ['collect', 'collection'],
  },
  // "take it back": return it (round128)
  {
    phrase:
      /\b(?:take|takes|taking|took|bring|brings|bringing|brought)\s+(?:(?!back\b)[\p{L}'’]+\s+){0,3}back\b/iu,
    written: ['return', 'returned', 'returning'],
  },
  // a thing brought or handed "back late": overdue, a late return (round138, after its only run)
  {
    phrase:
      /\b(?:back|return(?:s|ed|ing)?|hand(?:s|ed|ing)?\s+in)\s+(?:(?!late\b)[\p{L}'’]+\s+){0,3}late\b|\blate\s+returns?\b/iu,
    written: ['overdue'],
  },
  // "fill up the petrol", "fill it up": return it full, refuel (round128)
  {
    phrase: /\bfill(?:s|ed|ing)?\s+(?:(?:it|them)\s+)?up\b/i,
    written: ['full', 'refuel', 'refuelling', 'refueling', 'fuel'],
  },
  // "not turn up", "didn't show up" for an appointment: missed it, did not attend (round129)
  {
    phrase:
      /\b(?:don['’]?t|do\s+not|didn['’]?t|did\s+not|doesn['’]?t|does\s+not|never|fail\s+to|can['’]?t|cannot)\s+(?:\w+\s+)?(?:turn|show)\s+up\b/i,
    written: ['miss', 'missed', 'attend', 'attendance', 'no-show'],
  },
  // a size or weight "bigger than" allowed, "over the limit": over or exceeding its maximum (round126)
  {
    phrase: /\b(?:bigger|larger|heavier|longer|wider|taller)\s+than\b/i,
    written: ['over', 'exceed', 'exceeds', 'oversize', 'oversized', 'maximum', 'max'],
  },
  { phrase: /\blimits?\b/i, written: ['maximum', 'max'] },
  // "turn up" or "show up" somewhere: arrive (round125, after its only run)
  { phrase: /\b(?:turn|show)(?:s|ed|ing)?\s+up\b/i, written: ['arrive', 'arrival', 'arriving'] },
  // "take it apart", "put it back together": dismantle, reassemble (round127, after its only run)
  {
    phrase: /\b(?:take|takes|taking|took)\s+(?:(?!apart\b)[\p{L}'’]+\s+){0,3}apart\b/iu,
    written: ['dismantle', 'dismantling', 'disassemble', 'disassembly'],
  },
  {
    phrase: /\b(?:put|puts|putting)\s+(?:(?!together\b)[\p{L}'’]+\s+){0,3}together\b/iu,
    written: ['reassemble', 'reassembly', 'assemble', 'assembly'],
  },
  // "lose money" by cancelling late: a charge, or no refund (round115, once a condition's
  // yes-or-no question was asked of the spa's own menu)
  {
    phrase: /\blos(?:e|es|ing|t)\s+(?:(?:my|our|any|all|some|the)\s+)*(?:\p{Ll}+\s+)?money\b/iu,
    written: ['charge', 'charged', 'refund', 'refundable', 'forfeit', 'fee'],
  },
  // "listen to music" while doing something: rules write what it is listened on (round128)
  {
    phrase: /\blisten(?:s|ing)?\s+to\s+(?:music|podcasts?|the\s+radio|audiobooks?)\b/i,
    written: ['headphones', 'earphones', 'earbuds', 'audio'],
  },
  // what the asker "paid for", which a price list writes as its price (round126)
  {
    phrase: /\b(?:i|we|you)(?:['’]ve|\s+have)?\s+(?:already\s+)?paid\s+for\b/i,
    written: ['price', 'cost', 'charge', 'fee', 'payment'],
  },
  { phrase: /\bdrop(?:s|ped|ping)?\s+(?:it\s+|them\s+)?off\b/i, written: ['deliver', 'return'] },
  { phrase: /\bhand(?:s|ed|ing)?\s+(?:it\s+|them\s+)?in\b/i, written: ['return', 'submit'] },
  { phrase: /\bbrothers?\s+(?:and|or)\s+sisters?\b/i, written: ['sibling', 'siblings'] },
  // "get rid of" a pest or a thing: treated, removed, cleared (round118)
  {
    phrase: /\b(?:get|gets|got|getting)\s+rid\s+of\b/i,
    written: ['remove', 'removal', 'treat', 'treatment', 'clear', 'dispose', 'disposal'],
  },
  // "cut off" a supply or a service: disconnected, suspended (round120)
  { phrase: /\bcut(?:s|ting)?\s+(?:it\s+|me\s+|us\s+)?off\b/i, written: ['disconnect', 'suspend'] },
  // "can't make" an appointment or a shift: miss it, cancel it (round120)
  {
    phrase: /\b(?:can['’]?t|cannot|couldn['’]?t)\s+make\b/i,
    written: ['cancel', 'cancellation', 'miss', 'absence'],
  },
  // "quit" a membership or a contract: cancel, end or leave it (round118)
  {
    phrase: /\bquit(?:s|ting)?\b/i,
    written: ['cancel', 'cancellation', 'end', 'leave', 'terminate', 'termination'],
  },
  // someone one brings along, whom rules call a guest or a visitor: "bring a client" of "Members
  // may bring up to 2 guests a day" (round118)
  {
    phrase:
      /\b(?:bring|brings|bringing|take|takes|taking)\s+(?:(?:a|an|my|our|some|two|three|\d+)\s+)?(?:clients?|friends?|partners?|colleagues?|mates?|relatives?)\b/i,
    written: ['guest', 'visitor'],
  },
  // "ring" as the verb of calling ("who do I ring", "the number to ring")
  { phrase: /\b(?:i|we|you|to)\s+(?:just\s+|only\s+)?ring\b/i, written: ['call', 'phone', 'telephone'] },
  // "meds", the everyday clipping of medicines (round122)
  { phrase: /\bmeds\b/i, written: ['medicine', 'medicines', 'medication', 'prescription'] },
  // "kid", the everyday word for a child, and "chickens", which rules write as hens or poultry
  // (round130, after its only run)
  { phrase: /\bkids?\b/i, written: ['child', 'children', 'junior', 'juniors'] },
  // the asker's own child by its kin or sex ("my little boy", "our daughter"), whom rules write as
  // a child (round139, after its only run)
  {
    phrase:
      /\b(?:my|our)\s+(?:(?:little|young|youngest|eldest|oldest|baby)\s+)?(?:boy|girl|son|daughter)s?\b/i,
    written: ['child', 'children'],
  },
  { phrase: /\bchickens?\b/i, written: ['hen', 'hens', 'poultry'] },
  // "photos", the clipping of photographs, which rules write as photography (round140); a
  // "check-up", which a fee list writes as an examination (round138, after its only run); a
  // "bird's nest" of thread, written as bunching or loops (round141)
  { phrase: /\bphotos?\b/i, written: ['photograph', 'photographs', 'photography'] },
  { phrase: /\bcheck-?ups?\b/i, written: ['examination', 'examinations', 'exam', 'exams'] },
  { phrase: /\bbird['’]?s[-\s]+nest(?:s|ing)?\b/i, written: ['bunching', 'bunches', 'loops', 'tangled'] },

  // a partner one has to stay ("my boyfriend", "her girlfriend"), whom rules call a guest or a
  // visitor (round146)
  { phrase: /\b(?:boy|girl)friends?\b/i, written: ['guest', 'guests', 'visitor', 'visitors'] },
  // a home left "empty", which a policy writes as unoccupied (round144, after its only run)
  {
    phrase: /\b(?:sits?|sat|sitting|stands?|stood|standing|left|leave|lies|lying|be|been|being)\s+empty\b/i,
    written: ['unoccupied', 'vacant'],
  },
  // "the tip" or "the dump", everyday names of a household waste or recycling centre (round144,
  // after its only run); not a tip of something ("the tip of the nozzle")
  {
    phrase: /\b(?:the|local|council|\p{Lu}\p{L}+)\s+(?:tip|dump)\b(?!\s+of\b)/u,
    written: ['recycling', 'waste'],
  },
  // Christmas, which term dates and opening times write as the days of December (round147)
  { phrase: /\b(?:christmas|xmas)\b/i, written: ['december'] },
  // packing a thing in a suitcase or luggage: travelling with it (round146)
  { phrase: /\b(?:suitcases?|luggage|hand\s+baggage)\b/i, written: ['travel', 'travelling', 'traveling'] },
  // "shut", the everyday verb of closing (round136)
  { phrase: /\bshut(?:s|ting)?\b/i, written: ['close', 'closed', 'closes', 'closure'] },
  // the weather's adjectives, which rules write as its nouns ("too windy": "in high winds", round136)
  ...Object.entries(WEATHER).map(([adjective, nouns]) => ({
    phrase: new RegExp(`\\b${adjective}\\b`, 'i'),
    written: nouns,
  })),
  // a weekday or the weekend, which timetables write as the days (round137)
  { phrase: /\bweekdays?\b/i, written: ['monday', 'friday', 'weekdays'] },
  { phrase: /\bweekends?\b/i, written: ['saturday', 'sunday', 'weekend'] },
  // "warning" given ahead, which terms write as notice ("how much warning do I have to give",
  // round133, after its only run)
  { phrase: /\bwarning\b/i, written: ['notice'] },
  // booking "in advance", which terms write as ahead ("book two weeks ahead", round151); a
  // "hoover", the everyday name of a vacuum cleaner (round150); jeans, which dress codes write as
  // denim (round151); a screech or a squeak, which troubleshooting writes as a squeal or
  // whistling (round151)
  { phrase: /\bin\s+advance\b/i, written: ['ahead', 'beforehand'] },
  { phrase: /\bhoover(?:s|ed|ing)?\b/i, written: ['vacuum', 'vacuums', 'vacuuming'] },
  { phrase: /\bjeans\b/i, written: ['denim'] },
  {
    phrase: /\b(?:screech|squeak|shriek)(?:es|s|ed|ing|y)?\b/i,
    written: ['squeal', 'squealing', 'whistle', 'whistling'],
  },
];

/**
 * Phrasal verbs that frame the asker's case and carry no topic of their own: "turns out to be"
 * (is), "sort it out" or "sort it" (fix it, round138, after its only run; not "sort out a pet
 * passport", which asks a service), "end up" (be),
 * "we're away" (absent), "straight after" (then).
 * Documents write what is, or the remedy.
 */
const FRAMING_PHRASES: readonly RegExp[] = [
  // being or going "away" (on holiday, for work): the asker's absence, which documents write as
  // what is missed ("missed sessions, holidays", round130, after its only run)
  /(?:\b(?:am|are|is|was|were|be|being|been|go|goes|going|went|gone)|['’](?:re|m|s))\s+away\b/giu,
  // "straight after", "right away": when the asker acts, which documents write as what to do
  // then ("charge … straight after a ride", round133, after its only run)
  /\b(?:straight|right)\s+(?:after|away|afterwards)\b/giu,
  /\bturn(?:s|ed|ing)?\s+out(?:\s+to\s+be)?\b/giu,
  /\bsort(?:s|ed|ing)?\s+(?:(?:it|this|that|them)\s+out|it)\b/giu,
  /\bend(?:s|ed|ing)?\s+up\b/giu,
];

/**
 * The words (as `wordTokens` gives them) of the framing phrasal verbs `question` writes (see
 * {@link FRAMING_PHRASES}).
 */
export function framingPhraseWords(question: string): Set<string> {
  const out = new Set<string>();
  for (const phrase of FRAMING_PHRASES)
    for (const m of question.matchAll(phrase)) for (const word of wordTokens(m[0])) out.add(word);
  return out;
}

/** An everyday phrase a question writes (see {@link askedPhrases}). */
export interface AskedPhrase {
  /** Its words, as `wordTokens` gives them (lower case). */
  words: string[];
  /** Its words' content terms (see `contentTerms`: stemmed, no stop words). */
  terms: string[];
  /** The words documents write it as. */
  written: readonly string[];
  /** Those words' content terms. */
  forms: string[];
}

/**
 * The everyday phrases (see {@link PHRASES}) `question` writes, each with its words and terms and
 * the words (and terms) documents write it as (see {@link AskedPhrase}).
 */
export function askedPhrases(question: string): AskedPhrase[] {
  const out: AskedPhrase[] = [];
  for (const { phrase, written } of PHRASES) {
    const m = phrase.exec(question);
    if (m) {
      const words = wordTokens(m[0]);
      out.push({
        words,
        terms: words.flatMap((word) => contentTerms(word)),
        written,
        forms: written.flatMap((word) => contentTerms(word)),
      });
    }
  }
  return out;
}
