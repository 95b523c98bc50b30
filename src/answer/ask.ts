/**
 * Answering: retrieve, apply the relevance floor, then either stream a grounded answer from a
 * chat model or extract one offline; citations are validated against the numbered sources.
 * @module
 */
import type { ChatModel } from '../core/ports.js';
import { streamChat } from '../core/traced-chat.js';
import type { Answer, Citation, Hit } from '../core/types.js';
import { answerSources, DEFAULT_MAX_SOURCES } from './answer-sources.js';
import { asksForPrice, statesMoney } from './asked-amount.js';
import { CitationStreamFilter, validateCitations } from './citations.js';
import { askedDocuments, lacksEvidence, quotesNamesOnly } from './evidence-check.js';
import { extractAnswer } from './extractive-answerer.js';
import { buildGroundedPrompt } from './prompt.js';
import type { RelevanceOptions } from './relevance.js';
import { type StatedEvidence, statesQuantity } from './stated-evidence.js';

/** The text of an honest "not found" answer. */
export const NOT_FOUND_TEXT = 'I could not find an answer to that in the indexed documents.';

/** Options of {@link answerFromHits}. */
export interface AnswerOptions extends RelevanceOptions {
  /**
   * Receives the answer's text as it is written. Citation markers are validated first: a marker
   * pointing at no offered source never arrives, and the deltas join up to exactly `text`.
   */
  onToken?: (delta: string) => void;
  /**
   * Receives the numbered sources the answer is written from, once, before its first text
   * (`[]` before a "not found"): what `answer.sources` will be.
   */
  onSources?: (sources: Citation[]) => void;
  signal?: AbortSignal;
  /**
   * The chunk (id) of the table record the question picked (see `askedRecordHit`): when it is the
   * first source, the offline answer quotes it whole, first.
   */
  pickedRecord?: string;
  /** Sources offered to the answerer at most; default 6 (`DEFAULT_MAX_SOURCES`). */
  maxSources?: number;
  /**
   * Chunk ids known to be boilerplate (text copied in other documents, see `boilerplateHits`);
   * they follow specific text among the sources. `askWithHistory` finds them itself.
   */
  boilerplate?: ReadonlySet<string>;
  /**
   * Topic words of the question that no chunk in the searched scope contains (see `absentWords`;
   * `askWithHistory` finds them itself when no chat model is given). When they leave the question
   * unanswerable (see `lacksEvidence`) the offline answerer says "not found", naming the words and
   * citing the sources it searched, instead of quoting the closest passage.
   */
  absentWords?: readonly string[];
  /**
   * The documents `absentWords` were looked for in, when the question is about some (see
   * `evidenceDocuments`); a "not found" then names them and cites their passages. Undefined: the
   * whole searched scope.
   */
  evidenceDocuments?: readonly string[];
  /**
   * Whether the documents an existence or relation question is about state what it asks (see
   * `statedEvidence`; `askWithHistory` finds it itself when no chat model is given). When they do
   * not, the offline answerer says "not found", saying what they do not state and citing the
   * closest passages it read, instead of quoting passages that share the question's words.
   */
  statement?: StatedEvidence;
}

/** An {@link Answer} plus what citation validation removed. */
export interface CheckedAnswer extends Answer {
  /**
   * `[n]` markers the model wrote that point at no offered source, ascending; they were removed
   * from `text` and never streamed. Always empty for the extractive answerer.
   */
  invalidCitations: number[];
}

/**
 * Answers `question` from already-retrieved `hits` and reports invalid citations.
 * Hits below the relevance floor are dropped first; when none is left the answer is an honest
 * "not found" and no model is called. Offline, when `absentWords` leave the question unanswerable
 * (see `lacksEvidence`), the answer is "not found" too, naming those words and citing up to three
 * sources it searched (none when no hit cleared the floor). The rest are the sources in search order, boilerplate
 * (chunks nearly copied in another document) after specific text (see {@link answerSources}).
 * With `chatModel` the reply is streamed to `onToken` with its `[n]` markers validated as they
 * arrive; without one the answer is extracted offline.
 */
export async function checkedAnswerFromHits(
  question: string,
  hits: Hit[],
  chatModel: ChatModel | undefined,
  options: AnswerOptions = {},
): Promise<CheckedAnswer> {
  const sources = withStatingSource(answerSources(question, hits, options), chatModel, options).map(
    (hit, i) => ({ n: i + 1, hit }),
  );
  const notFound = (answeredBy: string): CheckedAnswer => {
    options.onSources?.([]);
    options.onToken?.(NOT_FOUND_TEXT);
    return { text: NOT_FOUND_TEXT, sources: [], cited: [], notFound: true, answeredBy, invalidCitations: [] };
  };
  const lacking =
    !chatModel && options.absentWords !== undefined && lacksEvidence(question, options.absentWords);
  if (sources.length === 0 && !lacking) return notFound(chatModel?.model ?? 'extractive');
  // "Not found" for the words no document holds, citing where it looked: the sources that cleared
  // the relevance floor (none: nothing cited).
  const absentNotFound = () => {
    const words = options.absentWords!.map((w) => `"${w}"`);
    const list = words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
    const about = options.evidenceDocuments === undefined ? undefined : new Set(options.evidenceDocuments);
    const looked = sources
      .filter((s) => about === undefined || about.has(s.hit.chunk.documentId))
      .slice(0, 3)
      .map((s, i) => ({ n: i + 1, hit: s.hit }));
    const where =
      looked.length === 0 ? '' : `; the closest sources searched: ${looked.map((s) => `[${s.n}]`).join(' ')}`;
    const names = [...new Set(looked.map((s) => s.hit.sourceName ?? s.hit.chunk.documentId))];
    const subject =
      about === undefined
        ? 'No indexed document mentions'
        : names.length === 0
          ? 'The documents the question is about do not mention'
          : `${names.join(', ')} ${names.length === 1 ? 'does' : 'do'} not mention`;
    return lookedNotFound(`${NOT_FOUND_TEXT} ${subject} ${list}${where}.`, looked, options);
  };
  if (lacking) return absentNotFound();

  if (!chatModel && options.statement !== undefined && !options.statement.stated) {
    return unstated(
      options.statement,
      options,
      sources.map((s) => s.hit),
    );
  }
  if (!chatModel && asksForPrice(question)) {
    const unpriced = unpricedNotFound(
      question,
      sources.map((s) => s.hit),
      options,
    );
    if (unpriced) return unpriced;
  }

  if (!chatModel) {
    // A relation both sides of which are stated but never related is not found: what the asked
    // documents state of each is quoted after saying so.
    const unrelated = options.statement === undefined ? '' : unrelatedNote(options.statement);
    // A record the question picked, first among the sources, is quoted whole and leads.
    const record = options.pickedRecord !== undefined && sources[0]?.hit.chunk.id === options.pickedRecord;
    const extracted = unrelated
      ? unrelatedQuotes(question, options.statement!, sources)
      : ledByStatement(
          extractAnswer(
            question,
            sources.map((s) => s.hit),
            { record },
          ),
          record ? undefined : options.statement,
          sources,
        );
    if (!extracted.text) return notFound('extractive');
    // Quotes holding only the names the question writes, the first of them one at least, answer
    // none of it when a word it asks of is absent (see `quotesNamesOnly`). A first quote holding
    // none ("Cllr S. Nunn." under "1. Apologies") may answer by its section.
    if (
      !unrelated &&
      options.absentWords !== undefined &&
      quotesNamesOnly(question, extracted.text.split(/\[\d+\]/)[0] ?? '', options.absentWords) &&
      quotesNamesOnly(question, extracted.text, options.absentWords)
    )
      return absentNotFound();
    const text = `${unrelated ? `${NOT_FOUND_TEXT} ` : ''}${passedOverNote(sources[0]?.hit)}${unrelated}${extracted.text}`;
    options.onSources?.(sources);
    options.onToken?.(text);
    return {
      text,
      sources,
      cited: extracted.cited,
      notFound: unrelated !== '',
      answeredBy: 'extractive',
      invalidCitations: [],
    };
  }

  const messages = buildGroundedPrompt(
    question,
    sources.map((s) => s.hit),
  );
  options.onSources?.(sources);
  let raw = '';
  const filter = new CitationStreamFilter(sources.length);
  const emit = (text: string) => {
    if (text) options.onToken?.(text);
  };
  for await (const delta of streamChat(chatModel, { messages, signal: options.signal }, 'answer')) {
    raw += delta;
    emit(filter.push(delta));
  }
  emit(filter.end());
  const checked = validateCitations(raw.trim(), sources.length);
  return {
    text: checked.text,
    sources,
    cited: checked.cited,
    notFound: chatNotFound(checked.text, checked.cited),
    answeredBy: chatModel.model,
    invalidCitations: checked.invalid,
  };
}

/**
 * `sources` with the chunk the evidence check found stating what an existence or relation question
 * asks (see `StatedEvidence.passageChunk`) first, when retrieval left it out: the offline answer
 * leads with its stating sentence (see {@link ledByStatement}), "we acquired 1Life Healthcare,
 * Inc. …" for "any significant announcements regarding acquisitions", which the search ranked
 * below passages sharing more of the question's words. At most `maxSources` still (the last is
 * dropped). Unchanged with a chat model, when nothing is stated, or when the question picked a
 * table's record (`pickedRecord`), which leads instead.
 */
function withStatingSource(sources: Hit[], chatModel: ChatModel | undefined, options: AnswerOptions): Hit[] {
  const statement = options.statement;
  if (
    chatModel ||
    !statement?.stated ||
    statement.related === false ||
    sources.length === 0 ||
    options.pickedRecord !== undefined
  )
    return sources;
  if (sources.some((hit) => hit.chunk.id === statement.passageChunk)) return sources;
  const stating = statement.looked.find((hit) => hit.chunk.id === statement.passageChunk);
  if (stating === undefined) return sources;
  const max = options.maxSources ?? DEFAULT_MAX_SOURCES;
  return [stating, ...sources].slice(0, Math.max(max, 1));
}

/**
 * `extracted` led by the passage `statement` found stating what an existence or relation question
 * asks, cited, when the extracted quotes leave it out: the quotes are chosen by the question's
 * words, and the stating sentence may tell the asked event by another form of them ("We divested
 * our payroll product line to …" for "any divestitures"). Unchanged when no passage states it, or
 * when its chunk is none of `sources`, or when the answer to a count question opens with a count
 * of its subject.
 */
function ledByStatement(
  extracted: { text: string; cited: number[] },
  statement: StatedEvidence | undefined,
  sources: ReadonlyArray<{ n: number; hit: Hit }>,
): { text: string; cited: number[] } {
  const passage = statement?.stated ? statement.passage : undefined;
  const source = sources.find((s) => s.hit.chunk.id === statement?.passageChunk);
  if (!extracted.text || passage === undefined || source === undefined) return extracted;
  const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
  if (flat(extracted.text).includes(flat(passage))) return extracted;
  // A count question whose answer already opens with a count of what it asks ("| 6 tablets |" for
  // "How many tablets can an adult take?") keeps its lead: the stating passage counts the subject
  // without the rest of the question ("packs of 16 and 24 tablets").
  const asked = statement!.asked;
  const first = extracted.text.split(/\[\d+\]/)[0] ?? '';
  if (
    asked.kind === 'existence' &&
    asked.quantity === 'count' &&
    statesQuantity(first, asked.subjects.flat(), 'count')
  )
    return extracted;
  return {
    text: `${flat(passage)} [${source.n}]\n\n${extracted.text}`,
    cited: [...new Set([source.n, ...extracted.cited])],
  };
}

/**
 * Whether a chat model's answer is a "not found": it opens with "I could not find" (the prompt
 * asks for that opening, with the closest sources cited, when nothing states what is asked), or it
 * cites nothing and says it could not find or the sources do not contain the answer.
 */
export function chatNotFound(text: string, cited: readonly number[]): boolean {
  if (/^\s*I (?:could not|couldn't|did not|didn't) find\b/i.test(text)) return true;
  return cited.length === 0 && /could not find|not (?:found|contain)/i.test(text);
}

/** Sources a "not found" cites at most: where it looked. */
const LOOKED_SOURCES = 3;

/**
 * The "not found" answer of a question asking for a sum of money (see `asksForPrice`) when no
 * source of the documents it is about states one (see `statesMoney`): those named by the question
 * or picked by its time cue (see `askedDocuments`), else every source that cleared the relevance
 * floor. Undefined when one does, or when there is no source.
 */
function unpricedNotFound(question: string, hits: Hit[], options: AnswerOptions): CheckedAnswer | undefined {
  const asked = options.evidenceDocuments ?? askedDocuments(hits, question);
  const about = asked === undefined ? undefined : new Set(asked);
  const read = hits.filter((hit) => about === undefined || about.has(hit.chunk.documentId));
  if (read.length === 0 || read.some((hit) => statesMoney(hit.chunk.text))) return undefined;
  const looked = read.slice(0, LOOKED_SOURCES).map((hit, i) => ({ n: i + 1, hit }));
  const names = [...new Set(looked.map((s) => s.hit.sourceName ?? s.hit.chunk.documentId))];
  const subject = `${names.join(', ')} ${names.length === 1 ? 'does' : 'do'} not state`;
  const where = looked.map((s) => `[${s.n}]`).join(' ');
  return lookedNotFound(
    `${NOT_FOUND_TEXT} ${subject} a price or sum of money; the closest passages read: ${where}.`,
    looked,
    options,
  );
}

/**
 * The "not found" answer of an existence question whose asked documents deny its subject (see
 * `StatementJudgement.denial`): that they say there is none, quoting the denying sentence, cited
 * first, then the other closest passages read.
 */
function denied(statement: StatedEvidence, options: AnswerOptions): CheckedAnswer {
  const denying = statement.looked.find((hit) => hit.chunk.id === statement.passageChunk);
  const hits = [...(denying ? [denying] : []), ...statement.looked.filter((hit) => hit !== denying)];
  const looked = hits.slice(0, LOOKED_SOURCES).map((hit, i) => ({ n: i + 1, hit }));
  const first = looked[0]?.hit;
  const subject =
    first === undefined
      ? 'The documents the question is about say'
      : `${first.sourceName ?? first.chunk.documentId} says`;
  return lookedNotFound(
    `${NOT_FOUND_TEXT} ${subject} there is none: "${statement.denial}"${denying ? ' [1]' : ''}.`,
    looked,
    options,
  );
}

/**
 * The "not found" answer of a question whose asked documents do not state what it asks: what they
 * do not state, then the closest passages read, cited: those the check read, or, when no chunk of
 * the asked documents held an asked term (its search found none), the answer's sources in them
 * (`sources`, best first).
 */
function unstated(statement: StatedEvidence, options: AnswerOptions, sources: readonly Hit[]): CheckedAnswer {
  if (statement.denial !== undefined) return denied(statement, options);
  const documents = new Set(statement.documentIds);
  const read =
    statement.looked.length > 0
      ? statement.looked
      : sources.filter((hit) => documents.has(hit.chunk.documentId));
  const looked = read.slice(0, LOOKED_SOURCES).map((hit, i) => ({ n: i + 1, hit }));
  const subject = notStating(statement);
  const asked = statement.asked;
  const what = asked.kind === 'existence' ? asked.text : relationAsked(asked.sides);
  const where =
    looked.length === 0 ? '' : `; the closest passages read: ${looked.map((s) => `[${s.n}]`).join(' ')}`;
  return lookedNotFound(
    `${NOT_FOUND_TEXT} ${subject} ${what}${where}.${oneSide(statement, looked)}`,
    looked,
    options,
  );
}

/**
 * For a relation of which only one side is stated, what is stated of it: ` What is stated of A:
 * "…" [n]` (cited when the sentence is in a passage read), so a half-answered relation says what
 * it found. Empty otherwise.
 */
function oneSide(statement: StatedEvidence, looked: ReadonlyArray<{ n: number; hit: Hit }>): string {
  const asked = statement.asked;
  const [a, b] = statement.sides ?? [];
  if (asked.kind !== 'relation' || (a === undefined) === (b === undefined)) return '';
  const [side, sentence] = a !== undefined ? [asked.sides[0], a] : [asked.sides[1], b!];
  const cited = looked.find((s) => s.hit.chunk.text.includes(sentence.slice(0, 80)));
  return ` What is stated of ${side}: "${sentence}"${cited ? ` [${cited.n}]` : ''}.`;
}

/**
 * The relation a question asks about, as the object of "does not state": "what relates A to B"
 * (its verb agrees with "what", whatever the number of A: "what relates the winds to the damage").
 */
function relationAsked(sides: readonly [string, string]): string {
  return `what relates ${sides[0]} to ${sides[1]}`;
}

/** "contoso-2023-q3.md does not state": the asked documents by name, as the subject of a sentence. */
function notStating(statement: StatedEvidence): string {
  const names = [
    ...new Set(
      statement.documentIds.map(
        (id) => statement.looked.find((h) => h.chunk.documentId === id)?.sourceName ?? id,
      ),
    ),
  ];
  return names.length === 0
    ? 'The documents the question is about do not state'
    : `${names.join(', ')} ${names.length === 1 ? 'does' : 'do'} not state`;
}

/**
 * The sentence an extractive answer to a relation question opens with (after the "not found"
 * opening) when the asked documents state both sides but no sentence relates them (`related:
 * false`, see `statedEvidence`): it says that how the two relate is not stated, and the answer
 * quotes what they state of each (see {@link unrelatedQuotes}). Empty otherwise.
 */
function unrelatedNote(statement: StatedEvidence): string {
  const asked = statement.asked;
  if (asked.kind !== 'relation' || statement.related !== false) return '';
  return `${notStating(statement)} ${relationAsked(asked.sides)}; what is stated about each: `;
}

/**
 * What an unrelated relation's answer quotes (see {@link unrelatedNote}): each side's sentence
 * (see `StatementJudgement.sides`), cited where a source holds it, then the extractive answer from
 * the sources of the asked documents only (another document's passage would read as the relation
 * they do not state), its citations numbered as in `sources`.
 */
function unrelatedQuotes(
  question: string,
  statement: StatedEvidence,
  sources: ReadonlyArray<{ n: number; hit: Hit }>,
): { text: string; cited: number[] } {
  const asked = new Set(statement.documentIds);
  const own = sources.filter((s) => asked.has(s.hit.chunk.documentId));
  const extracted = extractAnswer(
    question,
    own.map((s) => s.hit),
  );
  const body = extracted.text.replace(/\[(\d+)\]/g, (_, k: string) => `[${own[Number(k) - 1]!.n}]`);
  const cited = new Set(extracted.cited.map((k) => own[k - 1]!.n));
  const quotes: string[] = [];
  for (const sentence of new Set(statement.sides ?? [])) {
    if (sentence === undefined || body.includes(sentence)) continue;
    const source = own.find((s) => s.hit.chunk.text.includes(sentence));
    if (source) cited.add(source.n);
    quotes.push(`${sentence}${source ? ` [${source.n}]` : ''}`);
  }
  const text = [quotes.join(' '), body].filter((t) => t !== '').join('\n\n');
  return { text, cited: [...cited].sort((a, b) => a - b) };
}

/**
 * The sentence an extractive answer opens with when its first source is of an older version that
 * a recency cue preferred over the newest because the newest lacks the question's topic (see
 * `HitBoost.passedOver`): "The newest version, X, does not mention "a", "b"; from Y: ". Empty
 * otherwise.
 */
function passedOverNote(hit: Hit | undefined): string {
  const passed = hit?.boosts?.find((b) => b.kind === 'recency' && b.passedOver)?.passedOver;
  if (!hit || !passed) return '';
  const words = passed.lacks.map((w) => `"${w}"`);
  const list = words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
  return `The newest version, ${passed.documentId}, does not mention ${list}; from ${hit.sourceName ?? hit.chunk.documentId}: `;
}

/**
 * An offline "not found" that cites where it looked: `text` streamed as one token, `looked` as its
 * sources, all of them cited.
 */
function lookedNotFound(
  text: string,
  looked: Array<{ n: number; hit: Hit }>,
  options: AnswerOptions,
): CheckedAnswer {
  options.onSources?.(looked);
  options.onToken?.(text);
  return {
    text,
    sources: looked,
    cited: looked.map((s) => s.n),
    notFound: true,
    answeredBy: 'extractive',
    invalidCitations: [],
  };
}

/**
 * Answers `question` from already-retrieved `hits`, with a chat model when one is given.
 * Same as {@link checkedAnswerFromHits} without the `invalidCitations` report.
 */
export async function answerFromHits(
  question: string,
  hits: Hit[],
  chatModel: ChatModel | undefined,
  options: AnswerOptions = {},
): Promise<Answer> {
  const { invalidCitations: _removed, ...answer } = await checkedAnswerFromHits(
    question,
    hits,
    chatModel,
    options,
  );
  return answer;
}
