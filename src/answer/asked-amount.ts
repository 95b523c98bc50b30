/**
 * Questions that ask for a sum of money, and passages that state one. "What did the service before
 * last cost?", "How much was spent in the period?", "What is the price of …?" are answered by an
 * amount ("Invoice total: £168.50", "Spending in the period: £121,750"), which need not write the
 * question's word for it: the words that ask for the sum (see {@link priceTerms}) are no topic a
 * document must write. The other way round, a passage with no sum does not answer: a question
 * asking what something cost of documents that state no price ("How much did the latest MOT test
 * cost?" of a certificate with no fee) is answered "not found" (see `checkedAnswerFromHits`).
 * @module
 */
import { contentTerms, isStopWord } from '../retrieve/terms.js';
import { askingSentences } from './asking-sentences.js';

/**
 * A question asking for a price: it opens (after an optional "In …," clause) with "what", "which"
 * or "how much" and uses a price word as a word of its own, before the question's end, a
 * preposition or a verb ("What did it cost?", "the price of …", "What fees does the bank
 * charge?"; not the head of a name, "price list", "cost-cutting"); or it opens with an auxiliary verb and asks for the price of or for something
 * ("Does the menu give the price of the Friday main?"; not "did it mention any price increases?");
 * or it asks "how much" (money) was paid, charged or spent ("how much was spent", "how much did they
 * pay", "how much money has it spent"; "how much time was spent" asks for time); or it asks "how
 * much is" a thing ("How much is a single ticket …?", "how much is it to hire …"; not what it is
 * worth, nor a discount, which may be a share: 157 of the bench's 159 "how much is" questions
 * are answered by a sum, round148). Group 1 or 2: the price word; group 3: the verb.
 */
const ASKS_PRICE =
  /^\s*(?:in\s[^,?]{1,80},\s*)?(?:(?:what|which|how\s+much)\b[^?]*?\b(cost(?:s|ed)?|prices?|priced|fees?)(?=\s*(?:[?.,;]|$)|\s+(?:of|for|to|per|on|at|in|when|that|which|does|do|did|is|are|was|were|will|would|has|have|had)\b)|(?:did|does|do|is|are|was|were|has|have)\b[^?]*?\b(costs?|prices?|fees?)\s+(?:of|for)\b|how\s+much\s+(?:money\s+)?(?:was|were|is|are|did|does|do|has|have|had|will|would)\b[^?]*?\b(pa(?:y|ys|id)|charge[sd]?|spen[dt]|spends)\b|how\s+much\s+(?:is|are|was|were)\s+(?:it\s+to\s+\p{L}|(?:an?|the|one|my|our|your)\s+(?![^?]*\b(?:worth|discount|discounts|percent|percentage|off)\b)))/iu;

/**
 * The stemmed terms of the words `question` asks for a sum of money with (see {@link ASKS_PRICE}):
 * `["cost"]` of "What did the service before last cost?", `["spent"]` of "How much was spent …";
 * empty when it asks for none.
 */
export function priceTerms(question: string): string[] {
  const m = ASKS_PRICE.exec(question);
  if (!m) return [];
  return contentTerms(m[1] ?? m[2] ?? m[3] ?? '');
}

/**
 * True when `question` asks for a sum of money (see {@link ASKS_PRICE}), by its first sentence or by
 * the sentence that asks after the asker's situation told ("I've cracked the lid. How much does a
 * replacement lid cost?", round148; see `askingSentences`).
 */
export function asksForPrice(question: string): boolean {
  if (ASKS_PRICE.test(question)) return true;
  const asked = askingSentences(question);
  return asked !== undefined && ASKS_PRICE.test(asked);
}

/**
 * A sum of money: a currency sign or code by a figure ("£168.50", "$1.5 billion", "$(39)", "USD
 * 40", "40 EUR"), a figure in a currency's words ("40 dollars", "95 pence"), "free of charge" or "at no
 * cost", pence written "p" ("45p"), a table's unit ("in thousands of dollars", "(In millions)"), or a figure on a line or row
 * whose label names a sum ("Invoice total: 168.50", "| Fee | 12 |", "| Capital spending | 4,115 |").
 */
/** Currency codes written beside a figure ("EUR 439.50", "12.00 CHF"), a regular expression's alternatives. */
export const CURRENCY_CODES = 'usd|gbp|eur|chf|jpy|cad|aud';

/** Currencies' words written after a figure ("40 dollars", "95 pence"), a regular expression's alternatives. */
export const CURRENCY_WORDS = 'dollars?|pounds?|euros?|pence|cents?|yen|francs?';

const MONEY = new RegExp(
  [
    String.raw`[$£€¥₹]\s?\(?\d`,
    String.raw`\b(?:${CURRENCY_CODES})\s?\d`,
    String.raw`\d\s?(?:${CURRENCY_CODES})\b`,
    String.raw`\b\d[\d,.]*\s+(?:${CURRENCY_WORDS})\b`,
    // Pence written "p" after one or two digits ("45p per kWh", "9.5p"): "1080p" is a resolution.
    String.raw`(?<![\d.,])\d{1,2}(?:\.\d+)?p\b`,
    String.raw`\bfree\s+of\s+charge\b|\bat\s+no\s+(?:extra\s+|additional\s+)?(?:cost|charge)\b`,
    // A table's unit: "(in thousands of dollars)", "(In millions)", "$ in millions".
    String.raw`\b(?:thousands|millions|billions)\s+of\s+(?:\w+\s+)?(?:dollars|pounds|euros)\b|\(\s*in\s+(?:thousands|millions|billions)\b|[$£€]\s*(?:in\s+)?(?:thousands|millions|billions)\b`,
    String.raw`(?:^|\n|\|)[^\n|:]*\b(?:cost|price|fee|charge|total|amount|paid|payment|rent|premium|fare|spending|expenditure|expense)s?\b[^\n|:]*[:|][^\n\d]*\d`,
  ].join('|'),
  'i',
);

/**
 * True when `text` states a sum of money (see {@link MONEY}); a field name written with underscores
 * is read as its words ("fee_per_term_gbp: 285" labels a fee, round110).
 */
export function statesMoney(text: string): boolean {
  return MONEY.test(text.replace(/(?<=[\p{L}\p{N}])_(?=[\p{L}\p{N}])/gu, ' '));
}

/**
 * What a question asks the price of: "parking" of "What does parking cost at Fairfield Leisure
 * Centre?", "a day pass at the pool" of "What is the price of a day pass at the pool?", "towel
 * hire" of "… charge for towel hire?", "print a page" of "How much does it cost to print a page at
 * Fernbridge Libraries?", "its staff" of "How much does the foodbank pay its staff?"
 * (what is paid, after the payer; money spent on a subject is judged by the stated-evidence check,
 * see `askedOutlay`). Undefined when it asks no price of a thing it names.
 */
export function pricedThing(question: string): string | undefined {
  if (!asksForPrice(question)) return undefined;
  const m =
    /\b(?:what|how\s+much)\s+(?:does|do|did|will|would|is|was)\s+it\s+cost\s+to\s+([^?]+)/i.exec(question) ??
    /\b(?:what|how\s+much)\s+(?:does|do|did|will|would|is|was)\s+(.+?)\s+cost\b/i.exec(question) ??
    /\b(?:price|cost|fee|charge)s?\s+(?:of|for)\s+([^?]+)/i.exec(question) ??
    /\bhow\s+much\s+(?:money\s+)?(?:does|do|did|will|would)\s+\S.*?\s(?:pay|charge)\s+(?:(?:for|to|in)\s+)?([^?]+)/i.exec(
      question,
    );
  // Where it is bought is no part of what is bought: "a page" of "… to print a page at Fernbridge
  // Libraries?" (a name after "at", "from" or "with"; "at the pool" in lower case stays).
  const thing = m?.[1]?.replace(SELLER, '').trim();
  return thing ? thing : undefined;
}

/** A name of where a thing is bought, closing the thing's phrase: " at Fernbridge Libraries". */
const SELLER = /\s+(?:at|from|with)\s+(?:the\s+)?\p{Lu}[^?]*$/u;

/**
 * A question asking what someone's expenditure on a subject was: "what" and a form of "be", then
 * the subject and a noun of spending — "What was Contoso's R&D expenditure in 2024?", "What were
 * the library's print stock expenses?", "What is the council's road maintenance budget?" (group 1:
 * the subject with its possessor; group 2: the noun). A sum the documents state under another name
 * ("Research and development | 2,040") answers it, so the noun is no topic word either.
 */
const ASKS_OUTLAY =
  /^\s*(?:in\s[^,?]{1,80},\s*)?what\s+(?:was|were|is|are|has\s+been|have\s+been)\s+(?:the\s+)?([^?,;]+?)\s+(expenditures?|spending|spend|expenses?|outlays?|budgets?)(?=\s*(?:[?.,;]|$)|\s+(?:in|for|during|of|over|according|as|at|on|by)\b)/i;

/** A preposition: no word of a noun group ("the driver behind Contoso research"). */
export const PREPOSITION =
  /^(?:about|above|across|after|against|among|around|at|before|behind|below|beneath|beside|between|beyond|by|despite|during|for|from|in|inside|into|near|of|off|on|onto|over|per|since|through|to|toward|towards|under|until|upon|versus|via|with|within|without)$/i;

/** A determiner or possessive pronoun opening a noun group. */
const DETERMINER = /^(?:the|a|an|its|their|his|her|our|your|this|that|these|those)$/i;

/** Words that say which total of a subject's spending is asked, not what it was spent on. */
const OUTLAY_QUALIFIER =
  /^(?:total|overall|annual|yearly|quarterly|monthly|net|gross|reported|actual|combined)$/i;

/**
 * What a question asking for an expenditure (see {@link ASKS_OUTLAY}) asks it of: `subject`, the
 * words naming what was spent on, without the possessor and the words naming which total ("R&D" of
 * "What was Contoso's R&D expenditure?", "print stock" of "What was the library's print stock
 * spending?"), and `noun`, the noun of spending as written. Undefined for other questions and
 * when nothing names what was spent on ("What was the trust's total expenditure?").
 */
export function askedOutlay(question: string): { subject: string; noun: string } | undefined {
  const m = ASKS_OUTLAY.exec(question);
  if (!m) return undefined;
  // The possessor ends at its last "'s" or plural "s'": "Brightwell Instruments' R&D" → "R&D".
  const owned = /^.*?(?:['’]s|s['’])\s+/.exec(m[1]!);
  const words = (owned ? m[1]!.slice(owned[0].length) : m[1]!).trim().split(/\s+/);
  while (words.length > 0 && (OUTLAY_QUALIFIER.test(words[0]!) || DETERMINER.test(words[0]!))) words.shift();
  // A noun group, whose only function word joins two nouns ("research and development"); "the
  // driver behind Contoso research spend" asks no sum.
  if (words.some((w) => w.toLowerCase() !== 'and' && (isStopWord(w.toLowerCase()) || PREPOSITION.test(w))))
    return undefined;
  const subject = words.join(' ');
  return subject === '' ? undefined : { subject, noun: m[2]! };
}
