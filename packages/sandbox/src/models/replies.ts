import { createHash } from 'node:crypto';
import { describeImage, type ImageFacts } from './images.ts';
import { plainWords } from './structured.ts';

/**
 * The sandbox model's "thinking": a pure function from a chat-completions request to a reply.
 * Same request, same reply, so tests and screenshots are stable. The magic words live here and
 * are documented in models/README.md.
 */

export type ReplyLanguage = 'en' | 'vi';

/** One message as the handler has already checked it (text parts joined, images described). */
export interface PromptMessage {
  role: 'system' | 'developer' | 'user' | 'assistant' | 'tool';
  text: string;
  images: ImageFacts[];
}

export interface Reply {
  text: string;
  /** How each chunk is paced: `[slow]` asks for the slow pace. */
  pace: 'normal' | 'slow';
  /** `[fail]`: the handler answers HTTP 500 instead. */
  fail: boolean;
}

export const magicWords = { slow: '[slow]', fail: '[fail]', long: '[long]' } as const;

/** Letters that only Vietnamese uses among the two languages the product speaks. */
const vietnameseLetters = /[àáạảãâầấậẩẫăằắặẳẵèéẹẻẽêềếệểễìíịỉĩòóọỏõôồốộổỗơờớợởỡùúụủũưừứựửữỳýỵỷỹđ]/i;

export function languageOf(text: string): ReplyLanguage {
  return vietnameseLetters.test(text) ? 'vi' : 'en';
}

/** Words that mean "show me code" in either language. */
const codeRequest =
  /\b(?:code|function|typescript|javascript|python|program|script|snippet|regex|sql)\b|mã nguồn|lập trình|hàm/i;

const withoutMagic = (text: string) =>
  Object.values(magicWords)
    .reduce((rest, word) => rest.split(word).join(' '), text)
    .replace(/\s+/g, ' ')
    .trim();

function quoteOf(text: string, maxLength: number): string {
  const plain = withoutMagic(text).replace(/[`*_#>[\]]/g, '');
  return plain.length > maxLength ? `${plain.slice(0, maxLength - 1).trimEnd()}…` : plain;
}

/** A small number from the text, so different prompts get different (but stable) wording. */
function pick<T>(text: string, options: readonly T[]): T {
  const digest = createHash('sha256').update(text).digest();
  return options[digest.readUInt32BE(0) % options.length] as T;
}

const wordsOf = (text: string) => withoutMagic(text).split(/\s+/).filter(Boolean);

const titleMaxLength = 60;

/**
 * "Title" requests: the API asks for a short conversation title in its system prompt. The title
 * is the first line of what was said as a model would write it: every word and mark of
 * punctuation kept, Markdown's marks gone, cut between words with "…" when it is long.
 */
function titleFor(userText: string, language: ReplyLanguage): string {
  // A title prompt may label the exchange ("User: …"); the title comes from what was said.
  const said = userText.replace(/^\s*(?:user|người dùng)\s*:\s*/i, '').split('\n', 1)[0] ?? '';
  const words = wordsOf(said.replace(/^\s*(?:#{1,6}|>|[-*+])\s+/, '').replace(/[`*]/g, ''));
  if (words.length === 0) return language === 'vi' ? 'Cuộc trò chuyện mới' : 'New conversation';
  let title = words.join(' ');
  if (title.length > titleMaxLength) {
    let kept = '';
    for (const word of words) {
      const next = kept ? `${kept} ${word}` : word;
      if (next.length > titleMaxLength - 1) break;
      kept = next;
    }
    // A first word longer than the whole title is cut through; nothing else is.
    title = `${(kept || (words[0] ?? '').slice(0, titleMaxLength - 1)).replace(/[\s,;:-]+$/, '')}…`;
  }
  return title.charAt(0).toUpperCase() + title.slice(1);
}

function firstSentence(text: string): string {
  const match = /^[\s\S]*?[.!?…](?=\s|$)/.exec(text.trim());
  return (match ? match[0] : text).trim();
}

function fixGrammar(text: string): string {
  const tidy = text
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.!?;:])/g, '$1')
    .replace(/\bi\b/g, 'I')
    .trim();
  const capitalised = tidy.charAt(0).toUpperCase() + tidy.slice(1);
  return /[.!?…]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

/** Which language a translation asks for: named in the instruction, else the other one. */
function translationTarget(instruction: string, text: string): ReplyLanguage {
  const named = /\b(?:into|to|sang)\s+(english|vietnamese|tiếng anh|tiếng việt)/i.exec(instruction);
  const target = named?.[1]?.toLowerCase();
  if (target === 'english' || target === 'tiếng anh') return 'en';
  if (target === 'vietnamese' || target === 'tiếng việt') return 'vi';
  return languageOf(text) === 'vi' ? 'en' : 'vi';
}

/** A system prompt that asks to transform the user's text rather than answer it. */
const rewriteRequest = /\brewrite\b|\btranslate\b|\bfix the grammar\b|viết lại|dịch/i;

/**
 * "Rewrite" requests (rewrite, translate, fix the grammar): the instruction is in the system
 * prompt, the text is the user's message.
 * Each instruction has a fixed, recognisable transformation.
 */
function rewriteFor(instruction: string, text: string): string {
  const source = text.trim();
  if (/translat|dịch/i.test(instruction)) {
    return `[${translationTarget(instruction, source)}] ${source}`;
  }
  if (/shorter|concise|shorten|ngắn/i.test(instruction)) return firstSentence(source);
  if (/longer|expand|elaborat|dài/i.test(instruction)) {
    const more =
      languageOf(source) === 'vi'
        ? 'Xin vui lòng trả lời chi tiết, kèm ví dụ cụ thể.'
        : 'Please answer in detail, with concrete examples.';
    return `${fixGrammar(source)} ${more}`;
  }
  if (/formal|trang trọng/i.test(instruction)) {
    return languageOf(source) === 'vi'
      ? `Kính gửi, ${fixGrammar(source)}`
      : `Dear reader, ${fixGrammar(source)}`;
  }
  if (/casual|informal|thân mật/i.test(instruction)) {
    return `${languageOf(source) === 'vi' ? 'Này,' : 'Hey,'} ${source.replace(/[.!]+$/, '')} 🙂`;
  }
  return fixGrammar(source);
}

const codeBlocks: Record<ReplyLanguage, string> = {
  en: [
    '```ts',
    '// Adds two numbers.',
    'export function add(a: number, b: number): number {',
    '  return a + b;',
    '}',
    '```',
  ].join('\n'),
  vi: [
    '```ts',
    '// Cộng hai số.',
    'export function add(a: number, b: number): number {',
    '  return a + b;',
    '}',
    '```',
  ].join('\n'),
};

function imageSentence(images: ImageFacts[], language: ReplyLanguage): string | null {
  if (images.length === 0) return null;
  const described = images.map((image) => describeImage(image, language)).join('; ');
  if (language === 'vi') return `Tôi thấy ${images.length} hình ảnh (${described}).`;
  const noun = images.length === 1 ? 'image' : 'images';
  return `I can see ${images.length} ${noun} (${described}).`;
}

const longParagraphs: Record<ReplyLanguage, (index: number) => string> = {
  en: (index) =>
    `Paragraph ${index}. This sample answer goes on for a while: each paragraph is numbered, the words are plain, and nothing here is real advice.`,
  vi: (index) =>
    `Đoạn ${index}. Câu trả lời mẫu này còn tiếp một lúc: mỗi đoạn được đánh số, lời lẽ đơn giản, và không có gì ở đây là lời khuyên thật.`,
};

/**
 * A chat answer as a plain demo model gives it: a greeting, the message quoted, and a little
 * Markdown (bold, a list). It never explains the magic words or names the model's id: users read
 * these replies, and the magic words are for tests and the README only.
 */
function chatReply(user: PromptMessage, turn: number, language: ReplyLanguage): string {
  const quote = quoteOf(user.text, 80);
  const words = wordsOf(user.text).length;
  const lines: string[] = [];
  if (language === 'vi') {
    lines.push(
      pick(user.text, ['Chào bạn!', 'Xin chào!', 'Cảm ơn câu hỏi của bạn.']),
      quote ? `Bạn đã viết: “${quote}”.` : 'Bạn chưa viết gì.',
    );
  } else {
    lines.push(
      pick(user.text, ['Hello!', 'Hi there!', 'Thanks for asking.']),
      quote ? `You wrote: “${quote}”.` : 'You did not write anything.',
    );
  }
  const images = imageSentence(user.images, language);
  if (images) lines.push(images);
  lines.push('');
  if (language === 'vi') {
    lines.push(
      `Đây là câu trả lời số ${turn} của **mô hình thử nghiệm**:`,
      '',
      `- Tin nhắn của bạn có ${words} từ.`,
      '- Cùng một tin nhắn luôn nhận *cùng một* câu trả lời.',
      '- Đây là câu trả lời mẫu, không phải lời khuyên thật.',
    );
  } else {
    lines.push(
      `This is answer number ${turn} from the **demo model**:`,
      '',
      `- Your message has ${words} ${words === 1 ? 'word' : 'words'}.`,
      '- The same message always gets *the same* answer.',
      '- This is a sample answer, not real advice.',
    );
  }
  if (codeRequest.test(user.text)) {
    lines.push(
      '',
      language === 'vi' ? 'Một đoạn mã ví dụ:' : 'Here is an example:',
      '',
      codeBlocks[language],
    );
  }
  if (user.text.includes(magicWords.long)) {
    lines.push('');
    for (let index = 1; index <= 12; index += 1) lines.push(longParagraphs[language](index), '');
  }
  return lines.join('\n').trimEnd();
}

/** The user's words without the passages handed with them. */
const questionOf = (text: string) => text.split(/\n\[\d+\] \(/, 1)[0]?.trim() ?? '';

/** A passage a prompt hands the model to answer from: `[n] (where): text`. */
interface Source {
  n: number;
  where: string;
  text: string;
}

/**
 * The numbered passages in a prompt, as the office tools send them: each starts a line with
 * `[n] (page 3):` and runs to the next such line.
 */
export function sourcesIn(text: string): Source[] {
  const sources: Source[] = [];
  for (const block of text.split(/\n(?=\[\d+\] \([^)\n]*\):)/)) {
    const match = /^\[(\d+)\] \(([^)\n]*)\):\s*([\s\S]*)$/.exec(block.trim());
    if (match)
      sources.push({ n: Number(match[1]), where: match[2] ?? '', text: (match[3] ?? '').trim() });
  }
  return sources;
}

const wordSet = (text: string) =>
  new Set(
    plainWords(text)
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length > 2),
  );

/**
 * An answer drawn from numbered passages, citing them as [n]: a summary quotes the first
 * sentence of each of the first three; an answer quotes the passage that shares the most words
 * with the question. In the question's language.
 */
function sourcesReply(sources: Source[], system: string, question: string): string {
  const language = languageOf(question || system);
  // A summary: the system prompt asks for one, and the user's words ask nothing else (none, or
  // "Summarise the document": real providers refuse an empty user message).
  const summary = /summar|tóm tắt/i;
  if (summary.test(system) && (!question.trim() || summary.test(question))) {
    const lines = sources
      .slice(0, 3)
      .map((source) => `- ${firstSentence(source.text)} [${source.n}]`);
    const lead = language === 'vi' ? 'Tóm tắt tài liệu:' : 'A summary of the document:';
    return [lead, '', ...lines].join('\n');
  }
  const asked = wordSet(question);
  let best = sources[0];
  let bestScore = -1;
  for (const source of sources) {
    const words = wordSet(source.text);
    const score = [...asked].filter((word) => words.has(word)).length;
    if (score > bestScore) [best, bestScore] = [source, score];
  }
  if (!best)
    return language === 'vi' ? 'Tài liệu không nói về điều này.' : 'The document does not say.';
  const lead = language === 'vi' ? 'Theo tài liệu' : 'According to the document';
  return `${lead} (${best.where}): ${firstSentence(best.text)} [${best.n}]`;
}

/** The reply to a conversation (messages in order, as sent). */
export function replyTo(messages: readonly PromptMessage[]): Reply {
  const system = messages
    .filter((message) => message.role === 'system' || message.role === 'developer')
    .map((message) => message.text)
    .join('\n');
  const users = messages.filter((message) => message.role === 'user');
  const user = users.at(-1) ?? { role: 'user' as const, text: '', images: [] };
  const language = languageOf(user.text);
  const pace = user.text.includes(magicWords.slow) ? 'slow' : 'normal';
  const fail = user.text.includes(magicWords.fail);

  let text: string;
  const sources = [...sourcesIn(system), ...sourcesIn(user.text)];
  if (sources.length > 0) text = sourcesReply(sources, system, questionOf(user.text));
  else if (/\btitle\b|tiêu đề/i.test(system)) text = titleFor(user.text, language);
  else if (rewriteRequest.test(system)) text = rewriteFor(system, user.text);
  else text = chatReply(user, users.length, language);
  return { text, pace, fail };
}

/**
 * The reply cut into the pieces a stream sends: one word with its trailing space each, so the
 * concatenation is exactly the reply.
 */
export function chunksOf(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? (text ? [text] : []);
}
