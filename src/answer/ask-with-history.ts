/**
 * One turn of a conversation over an engine: prepare (small talk, rewriting), retrieve with the
 * standalone question, answer with validated citations.
 * @module
 */
import { inSpan } from '../core/tracing.js';
import type { Hit, SearchMode } from '../core/types.js';
import { withExpansions } from '../retrieve/abbreviations.js';
import { contentTerms, isStopWord, wordTokens } from '../retrieve/terms.js';
import { presentPhrases, timeCue, withDocumentNouns } from '../retrieve/time-preference.js';
import { answerSources, DEFAULT_MAX_SOURCES } from './answer-sources.js';
import { type AnswerOptions, type CheckedAnswer, checkedAnswerFromHits } from './ask.js';
import { DEFAULT_ASK_TOP_K } from './ask-defaults.js';
import { askedRecordHit, type RecordReader } from './asked-record.js';
import { answerBoilerplate, copiedHits } from './boilerplate.js';
import { CitationStreamFilter, validateCitations } from './citations.js';
import { absentWords, askedDocuments, evidenceDocuments } from './evidence-check.js';
import { prepareQuestion } from './prepare-question.js';
import type { ConversationTurn, QueryRewriter } from './query-rewriter.js';
import type { AnsweringEngine, SearcherOptions } from './searcher.js';
import {
  askedStatement,
  type StatedEvidence,
  type StatementSearcher,
  statedEvidence,
} from './stated-evidence.js';
import { timeWords } from './unwritten-words.js';

export { DEFAULT_ASK_TOP_K } from './ask-defaults.js';

/** Conversation options of {@link askWithHistory}. */
export interface ConversationOptions {
  /** Earlier turns, oldest first; a follow-up is rewritten against them before retrieval. */
  history?: readonly ConversationTurn[];
  /** Rewriter for follow-ups; see {@link prepareQuestion} for the default. */
  rewriter?: QueryRewriter;
  /** Answer greetings, thanks and the like without retrieval; default true. */
  detectSmallTalk?: boolean;
  /** Called with the standalone question, before retrieval, when the question was rewritten. */
  onRewrite?: (standalone: string) => void;
}

/** Options of {@link askWithHistory}: search options, answer options and conversation options. */
export interface ConversationalAskOptions extends SearcherOptions, AnswerOptions, ConversationOptions {}

/** The answer to one conversational turn. */
export interface ConversationalAnswer extends CheckedAnswer {
  /** The message as asked. */
  question: string;
  /** The question retrieval ran with (the rewritten form when `rewritten`). */
  standalone: string;
  /** True when the question was rewritten against the history. */
  rewritten: boolean;
  /** True when the message was small talk and was answered without retrieval. */
  smallTalk: boolean;
  /** The search mode that ran; absent for small talk, when no search ran. */
  mode?: SearchMode;
}

/**
 * Answers `question` in the context of `options.history`. Small talk is answered at once (text
 * streamed to `onToken`, `answeredBy` the chat model or `small-talk`); otherwise the standalone
 * question is searched (`topK` default {@link DEFAULT_ASK_TOP_K}), hits whose prose recurs in documents of other series are marked
 * as boilerplate (see {@link copiedHits}: one lexical search per hit; for a question asking for a
 * period or the newest version, also those whose prose other versions carry, see
 * {@link answerBoilerplate}), and it is answered
 * like {@link checkedAnswerFromHits}.
 */
export function askWithHistory(
  engine: AnsweringEngine,
  question: string,
  options: ConversationalAskOptions = {},
): Promise<ConversationalAnswer> {
  const collection = options.collection;
  return inSpan(
    'cairn.ask',
    {
      ...(collection === undefined ? {} : { scope: { collection, namespace: options.namespace } }),
      attributes: { 'cairn.history.turns': options.history?.length ?? 0 },
    },
    async (span) => {
      const answer = await answerTurn(engine, question, options);
      span.setAttributes({
        'cairn.answer.not_found': answer.notFound,
        'cairn.answer.sources': answer.sources.length,
        'cairn.answer.cited': answer.cited.length,
        'cairn.answer.rewritten': answer.rewritten,
        'cairn.answer.by': answer.answeredBy,
      });
      return answer;
    },
  );
}

async function answerTurn(
  engine: AnsweringEngine,
  question: string,
  options: ConversationalAskOptions,
): Promise<ConversationalAnswer> {
  const {
    history,
    rewriter,
    detectSmallTalk,
    onRewrite,
    onToken,
    onSources,
    signal,
    maxSources,
    minTermCoverage,
    ...search
  } = options;
  const chatModel = engine.chatModel;
  // A small-talk reply has no sources: any marker in it points at nothing and is held back too.
  const smallTalkFilter = new CitationStreamFilter(0);
  const emit = (text: string) => {
    if (text) onToken?.(text);
  };
  const prepared = await inSpan(
    'cairn.rewrite',
    { attributes: { 'cairn.history.turns': history?.length ?? 0 } },
    async (span) => {
      const result = await prepareQuestion(question, history, chatModel, {
        rewriter,
        detectSmallTalk,
        onToken: onToken && ((delta) => emit(smallTalkFilter.push(delta))),
        signal,
      });
      span.setAttributes({
        'cairn.question.rewritten': result.rewritten,
        'cairn.question.small_talk': result.smallTalk !== undefined,
      });
      return result;
    },
  );
  const turn = { question, standalone: prepared.standalone, rewritten: prepared.rewritten };
  if (prepared.smallTalk !== undefined) {
    emit(smallTalkFilter.end());
    const checked = validateCitations(prepared.smallTalk, 0);
    return {
      ...turn,
      text: checked.text,
      sources: [],
      cited: [],
      notFound: false,
      answeredBy: chatModel?.model ?? 'small-talk',
      invalidCitations: checked.invalid,
      smallTalk: true,
    };
  }
  if (prepared.rewritten) onRewrite?.(prepared.standalone);
  const searched = await engine.search(prepared.standalone, {
    ...search,
    topK: search.topK ?? DEFAULT_ASK_TOP_K,
  });
  // The answer reads the question's time words with the nouns the search read them with ("the
  // previous episode" of a collection whose files are `…-episode-12.md`).
  return withDocumentNouns(searched.scoring?.documentNouns ?? [], async () => {
    const { mode } = searched;
    // The question as the search read it: with the phrases its abbreviations stand for in the
    // documents ("R&D (research and development)"), so the answer picks the passages that spell them.
    const read = withExpansions(prepared.standalone, searched.scoring?.expansions ?? []);
    const found = [...searched.hits, ...(await askedVersionHits(engine, read, searched.hits, search, mode))];
    // A record a table's question picks by time or by the most of a field leads (asked-record.ts).
    const reader = engine as AnsweringEngine & Partial<RecordReader>;
    const record =
      reader.store === undefined || search.collection === undefined
        ? undefined
        : await askedRecordHit(reader as RecordReader, read, found, {
            collection: search.collection,
            ...(search.namespace === undefined ? {} : { namespace: search.namespace }),
          });
    const hits = record ? [record, ...found.filter((hit) => hit.chunk.id !== record.chunk.id)] : found;
    // Only the hits that may become sources are probed for copies elsewhere.
    const likely = answerSources(read, hits, {
      maxSources: 2 * (maxSources ?? DEFAULT_MAX_SOURCES),
      minTermCoverage,
      minSimilarity: search.minSimilarity,
    });
    const boilerplate = await inSpan(
      'cairn.boilerplate',
      { attributes: { 'cairn.boilerplate.probed': likely.length } },
      async (span) => {
        const copies = await copiedHits(engine, likely, {
          ...(search.collection === undefined ? {} : { collection: search.collection }),
          ...(search.namespace === undefined ? {} : { namespace: search.namespace }),
        });
        const found = answerBoilerplate(read, copies);
        span.setAttribute('cairn.boilerplate.found', found.size);
        return found;
      },
    );
    // Offline, a question about words no document holds is answered "not found" (evidence-check.ts).
    // Asked whether documents it names contain something, it looks in those documents.
    const about = chatModel ? undefined : evidenceDocuments(read, hits);
    const absent = chatModel
      ? undefined
      : await inSpan('cairn.evidence', {}, async (span) => {
          const words = await absentWords(
            engine,
            read,
            {
              collection: search.collection,
              namespace: search.namespace,
              filter: search.filter,
              documentIds: about ?? search.documentIds,
              sourceIds: search.sourceIds,
            },
            hits,
          );
          span.setAttribute('cairn.evidence.absent', words.length);
          return words;
        });
    // Offline, an existence or relation question about documents it names is answered "not found"
    // when no passage of theirs states what it asks (stated-evidence.ts).
    const statement = await statementOf(engine, chatModel === undefined, read, hits, search);
    // The passage that states what is asked leads the answer, also when the search ranked its chunk
    // below the hits (the check reads the asked documents' chunks that hold the asked terms).
    // A record the question picked leads instead: the stating passage is any record's that counts
    // what is asked ("Visitors: 6120" of the first month for "the latest month").
    const stating =
      statement?.stated && record === undefined
        ? statement.looked.find((hit) => hit.chunk.id === statement.passageChunk)
        : undefined;
    const answered =
      stating && !hits.some((hit) => hit.chunk.id === stating.chunk.id) ? [stating, ...hits] : hits;
    // Its chunk is no boilerplate when the stating passage writes figures, whatever else of it other
    // documents repeat: the check judged its copies by those figures (see `statementOf`).
    const ownFigures = stating !== undefined && /\d/.test(statement?.passage ?? '');
    const copied = ownFigures
      ? new Set([...boilerplate].filter((id) => id !== stating.chunk.id))
      : boilerplate;
    const answer = await inSpan('cairn.answer', { attributes: { 'cairn.answer.hits': hits.length } }, () =>
      checkedAnswerFromHits(read, answered, chatModel, {
        onToken,
        onSources,
        signal,
        maxSources,
        minTermCoverage,
        minSimilarity: search.minSimilarity,
        boilerplate: copied,
        ...(absent ? { absentWords: absent } : {}),
        ...(absent && about ? { evidenceDocuments: about } : {}),
        ...(statement ? { statement } : {}),
        ...(stating ? { leading: stating.chunk.id } : {}),
        ...(record ? { leading: record.chunk.id, pickedRecord: record.chunk.id } : {}),
      }),
    );
    return { ...answer, ...turn, smallTalk: false, mode };
  });
}

/**
 * The stated-evidence check of an offline answer (see `statedEvidence`): run when the engine can
 * list documents, the question is an existence or relation question, and its first hits were
 * boosted for documents it names (see `askedDocuments`). A chunk whose sentences state what is
 * asked is probed for copies (`copiedHits`, one lexical search a chunk, a few chunks at most):
 * boilerplate, text documents of two other series hold, states nothing of the asked documents.
 */
async function statementOf(
  engine: AnsweringEngine,
  offline: boolean,
  question: string,
  hits: Parameters<typeof askedDocuments>[0],
  search: { collection?: string; namespace?: string },
): Promise<StatedEvidence | undefined> {
  const asked = offline ? askedStatement(question) : undefined;
  if (asked === undefined) return undefined;
  const lister = engine as AnsweringEngine & Partial<Pick<StatementSearcher, 'listDocuments'>>;
  if (typeof lister.listDocuments !== 'function') return undefined;
  // Whether something is there, how many and what was disclosed are asked of the newest version
  // a recency cue names, also when the retriever passed it over for an older one holding the topic
  // — but a quantity asked of the present ("How many hours does the clerk work now?") is what the
  // newest version stating it says: a later version silent on it changed nothing.
  const documents = askedDocuments(
    hits,
    question,
    asked.kind === 'existence' && !(asked.quantity !== undefined && asksOfPresent(question)),
  );
  if (documents === undefined) return undefined;
  // A question asking how many, how much, a measure of something or what a document disclosed is
  // about the document its answer ranks first: when the documents it names are others ("the car
  // park memo" while "the latest memo" ranked the newest first), which document it asks is not
  // known, and nothing is judged.
  const ranked = [...new Set(hits.map((hit) => hit.chunk.documentId))];
  const passedOver = hits[0]?.boosts?.find((b) => b.kind === 'recency' && b.passedOver)?.passedOver;
  if (
    asked.kind === 'existence' &&
    (asked.quantity !== undefined || asked.measure !== undefined || asked.presumed) &&
    !documents.includes(ranked[0] ?? '') &&
    !(passedOver && documents.includes(passedOver.documentId))
  )
    return undefined;
  return inSpan('cairn.evidence.statement', {}, async (span) => {
    const scope = {
      ...(search.collection === undefined ? {} : { collection: search.collection }),
      ...(search.namespace === undefined ? {} : { namespace: search.namespace }),
    };
    const found = await statedEvidence(lister as StatementSearcher, question, documents, scope, {
      // Boilerplate states nothing of the asked documents. Text carried from version to version
      // (`copiedHits`' `carried`) does: counted as copied for a question naming a time, it refused
      // an answerable SEC measure question (bench/results/time-eval-issue22-after2.json).
      // A stating passage with figures of its own ("the registrant had 47,538,104 shares …" on a
      // cover page whose other text every filing repeats) is the document's own statement.
      copied: async (stating, statement) =>
        (
          await copiedHits(engine, stating, {
            ...scope,
            ...(statement ? { statements: new Map([[statement.chunk, statement.passage]]) } : {}),
          })
        ).boilerplate,
      documentOrder: ranked,
    });
    span.setAttribute('cairn.evidence.stated', found?.stated ?? true);
    return found;
  });
}

/**
 * True when `question`'s recency cue is a word of the present ("now", "currently", "at present",
 * see `presentPhrases`), which asks what holds, not what the newest document says ("the latest
 * minutes").
 */
function asksOfPresent(question: string): boolean {
  const cue = timeCue(question);
  return cue.recency && cue.recencyText !== undefined && presentPhrases(question).includes(cue.recencyText);
}

/** Hits of the version a time cue picked, searched by the question's subject alone (see {@link askedVersionHits}). */
const ASKED_VERSION_HITS = 8;

/**
 * More hits of the version a question's time cue picked (the first hit's document, when the
 * search boosted it for the period or recency asked): a lexical search of that document alone by
 * the question without the words that named it (the focus boost's `words`: "Amazon's"), the
 * cue's words, a form's code ("10-Q") and words for a report and its span ("quarter",
 * "reported"), which within it single out cover pages and certifications, not the passage asked
 * for. The search's own ranking is untouched: these join the answer's pool after its hits, and
 * become sources only by answering better (see `answerSources`), so no reranker is asked to
 * order them. None when no cue picked the first hit's document, in dense mode (or on a store
 * without a lexical index, where hybrid search runs dense-only), or when nothing of the question
 * is left.
 */
async function askedVersionHits(
  engine: AnsweringEngine,
  question: string,
  hits: readonly Hit[],
  search: SearcherOptions,
  mode: SearchMode,
): Promise<Hit[]> {
  const first = hits[0];
  if (!first || mode === 'dense') return [];
  if (!first.boosts?.some((b) => b.kind === 'recency' || b.kind === 'period')) return [];
  const documentId = first.chunk.documentId;
  const words = hits
    .filter((hit) => hit.chunk.documentId === documentId)
    .flatMap((hit) => hit.boosts ?? [])
    .flatMap((boost) => (boost.kind === 'focus' ? (boost.words ?? []) : []));
  const subject = subjectQuery(question, words);
  if (subject === undefined) return [];
  // No reranker: these hits are ordered by how well they answer, with the rest of the pool.
  const found = await engine.search(subject, {
    ...search,
    mode: 'lexical',
    documentIds: [documentId],
    topK: ASKED_VERSION_HITS,
    reranker: undefined,
  });
  const known = new Set(hits.map((hit) => hit.chunk.id));
  return found.hits.filter((hit) => !known.has(hit.chunk.id));
}

/** A form's code ("10-Q", "8-K"): within the documents of that form, every cover page writes it. */
const FORM_CODE = /\b\d{1,2}-[a-z]{1,2}s?\b/gi;

/** Words for a report and the span it covers, which its cover page and certifications write. */
const REPORTING_WORD = /^(?:quarters?|quarterly|periods?|reports?|reported|reporting|filings?|filed)$/;

/**
 * The content words of `question` without the words of its time cue (see `timeWords`: "most
 * recent", "Q2 2024"; of "the previous employee handbook" only "previous" and "handbook"), a
 * form's code, words for a report and its span, and `named` (words that named the document);
 * undefined when nothing was left out or no content word is left.
 */
export function subjectQuery(question: string, named: readonly string[]): string | undefined {
  const left = new Set([...timeWords(question), ...named.map((w) => w.toLowerCase())]);
  const words = wordTokens(question.replace(FORM_CODE, ' '));
  const subject = words.filter((word) => !left.has(word) && !REPORTING_WORD.test(word));
  // Its content words only: "was", "has", "its" of "what was … it has reported in its" rank the
  // filing's prose ("net was $165 million") over the statement whose row is asked for.
  const content = subject.filter((word) => contentTerms(word).some((term) => !isStopWord(term)));
  if (subject.length === wordTokens(question).length || content.length === 0) return undefined;
  return content.join(' ');
}
