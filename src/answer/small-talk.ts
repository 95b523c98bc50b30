/**
 * Small talk: a conversational message with no question in it (a greeting, thanks, "ok", a
 * farewell) gets a short reply without retrieval. The classifier is deliberately narrow: every word
 * of the message must be conversational vocabulary, and at least one must greet, thank, say
 * goodbye or acknowledge. Anything else is treated as a question.
 * @module
 */
import type { ChatModel } from '../core/ports.js';
import { streamChat } from '../core/traced-chat.js';
import { wordTokens } from '../retrieve/terms.js';

/** What a conversational message does. */
export type SmallTalkKind = 'greeting' | 'thanks' | 'farewell' | 'acknowledgement';

/** The fixed reply for each kind, used when no chat model is configured. */
export const SMALL_TALK_REPLIES: Readonly<Record<SmallTalkKind, string>> = {
  greeting: "Hello! Ask me anything about the indexed documents and I'll answer with citations.",
  thanks: "You're welcome! Ask me anything else about the indexed documents.",
  farewell: 'Goodbye! Come back any time with a question about the indexed documents.',
  acknowledgement: "Ask me anything about the indexed documents and I'll answer with citations.",
};

/** Words that make a message small talk, by kind; the first kind listed for a word wins. */
const anchors: ReadonlyArray<[SmallTalkKind, string]> = [
  ['farewell', 'bye goodbye byebye cya farewell goodnight ciao later'],
  ['thanks', 'thanks thank thx thankyou ty tysm cheers appreciated appreciate grateful'],
  ['thanks', 'merci danke gracias grazie obrigado obrigada'],
  ['greeting', 'hi hello hey heya hiya howdy yo greetings morning afternoon evening'],
  ['greeting', 'hola bonjour hallo salut hej sup'],
  [
    'acknowledgement',
    'ok okay okey k kk cool great nice awesome perfect alright fine gotcha understood sure yes yeah yep yup ' +
      'no nope nah wow lol haha excellent neat brilliant super amazing fantastic wonderful lovely good right ' +
      'indeed noted interesting',
  ],
];

const anchorKind = new Map<string, SmallTalkKind>();
for (const [kind, words] of anchors) {
  for (const word of words.split(' ')) if (!anchorKind.has(word)) anchorKind.set(word, kind);
}

/** Words that may accompany an anchor without making the message a question. */
const fillers = new Set(
  (
    'a again ah all and are assistant bot cairn day doing everyone folks for friend got guys have help i is it ' +
    'just lot lots makes me much oh sense so sounds that the then there this today too u very was we well you ' +
    "your ya see many now that's it's you're"
  ).split(' '),
);

/** Phrases that greet without an anchor word; removed before the word check. */
const phrases: ReadonlyArray<[RegExp, SmallTalkKind]> = [
  [/\bhow(?:'s| is| are| r) (?:you|u|ya|it going|things)(?: doing)?(?: today)?\b/g, 'greeting'],
  [/\bwhat(?:'s|s| is) up\b/g, 'greeting'],
  [/\bsee (?:you|ya|u)(?: later| soon)?\b/g, 'farewell'],
  [/\b(?:got it|makes sense|i see)\b/g, 'acknowledgement'],
];

const pictographic = /\p{Extended_Pictographic}/u;
const maxWords = 12;

/**
 * Classifies `message` as small talk and says what kind, or returns `undefined` when it asks or
 * says anything else. A message of emoji alone counts as an acknowledgement.
 */
export function classifySmallTalk(message: string): SmallTalkKind | undefined {
  let text = message
    .toLowerCase()
    .replace(/\u2019/g, "'")
    .trim();
  if (text.length === 0 || text.length > 120) return undefined;
  const kinds = new Set<SmallTalkKind>();
  for (const [pattern, kind] of phrases) {
    text = text.replace(pattern, () => {
      kinds.add(kind);
      return ' ';
    });
  }
  const words = wordTokens(text);
  if (words.length === 0) {
    if (kinds.size > 0) return pick(kinds);
    return pictographic.test(message) ? 'acknowledgement' : undefined;
  }
  if (words.length > maxWords) return undefined;
  for (const word of words) {
    const kind = anchorKind.get(word);
    if (kind) kinds.add(kind);
    else if (!fillers.has(word)) return undefined;
  }
  return kinds.size > 0 ? pick(kinds) : undefined;
}

function pick(kinds: Set<SmallTalkKind>): SmallTalkKind {
  for (const kind of ['farewell', 'thanks', 'greeting', 'acknowledgement'] as const)
    if (kinds.has(kind)) return kind;
  return 'acknowledgement';
}

/** True when `message` is conversational and holds no question; see {@link classifySmallTalk}. */
export function isSmallTalk(message: string): boolean {
  return classifySmallTalk(message) !== undefined;
}

/** Options of {@link smallTalkReply}. */
export interface SmallTalkOptions {
  /** Writes the reply with this model; without one the fixed {@link SMALL_TALK_REPLIES} text is used. */
  chatModel?: ChatModel;
  /** Streams the reply's text deltas as they arrive. */
  onToken?: (delta: string) => void;
  signal?: AbortSignal;
}

/**
 * Replies to a small-talk message without retrieval: one short sentence from the chat model, or
 * the fixed reply for its kind when there is no model or the model returns nothing.
 */
export async function smallTalkReply(message: string, options: SmallTalkOptions = {}): Promise<string> {
  const fixed = SMALL_TALK_REPLIES[classifySmallTalk(message) ?? 'acknowledgement'];
  if (!options.chatModel) {
    options.onToken?.(fixed);
    return fixed;
  }
  const system = [
    'You are cairn, an assistant that answers questions about the user\u2019s indexed documents with citations.',
    'The user\u2019s message is conversational (a greeting, thanks, acknowledgement or goodbye), not a question.',
    'Reply with one short, friendly sentence and invite a question about the documents.',
    'Do not state facts and do not claim to have looked anything up.',
  ].join('\n');
  let reply = '';
  for await (const delta of streamChat(
    options.chatModel,
    {
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: message },
      ],
      maxTokens: 80,
      signal: options.signal,
    },
    'small-talk',
  )) {
    reply += delta;
    options.onToken?.(delta);
  }
  reply = reply.trim();
  if (reply) return reply;
  options.onToken?.(fixed);
  return fixed;
}
