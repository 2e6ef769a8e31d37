/**
 * Turns a Markdown reply into what is worth saying aloud, in the reply's language (English or
 * Vietnamese): formatting marks, tables' rules, images, raw HTML and emoji are dropped; a code
 * block is announced ("Here is a Python code block.") rather than read; a web address is said as
 * its host ("a link to example.com"). Plain functions, no zod: the API speaks replies with them
 * and the browser can make streamed replies speakable with the same rules.
 */

export type SpeakableLanguage = 'en' | 'vi';

/** The words each language uses for what is announced instead of read. */
const phrases: Record<
  SpeakableLanguage,
  { codeBlock: (language: string | null) => string; link: (host: string) => string }
> = {
  en: {
    codeBlock: (language) =>
      language ? `Here is a ${language} code block.` : 'Here is a code block.',
    link: (host) => `a link to ${host}`,
  },
  vi: {
    codeBlock: (language) => (language ? `Đây là một đoạn mã ${language}.` : 'Đây là một đoạn mã.'),
    link: (host) => `đường dẫn tới ${host}`,
  },
};

/**
 * The names said for a code block's info string; any other is not read (it can be anything,
 * `{.python .numberLines}`, a file name), so the block is announced without one.
 */
const codeLanguageNames: Record<string, string> = {
  bash: 'shell',
  c: 'C',
  cpp: 'C++',
  'c++': 'C++',
  cs: 'C#',
  csharp: 'C#',
  css: 'CSS',
  go: 'Go',
  html: 'HTML',
  java: 'Java',
  javascript: 'JavaScript',
  js: 'JavaScript',
  json: 'JSON',
  jsx: 'JavaScript',
  kotlin: 'Kotlin',
  php: 'PHP',
  py: 'Python',
  python: 'Python',
  rb: 'Ruby',
  ruby: 'Ruby',
  rust: 'Rust',
  rs: 'Rust',
  sh: 'shell',
  shell: 'shell',
  sql: 'SQL',
  swift: 'Swift',
  ts: 'TypeScript',
  tsx: 'TypeScript',
  typescript: 'TypeScript',
  xml: 'XML',
  yaml: 'YAML',
  yml: 'YAML',
};

/** A fenced code block, closed or running to the end of the text. */
const fencedCode =
  /^[ \t]{0,3}(```+|~~~+)[ \t]*([^\n`]*)\n[\s\S]*?(?:^[ \t]{0,3}\1[ \t]*$|(?![\s\S]))/gm;
/** Emoji and other pictographs, with what joins or modifies them (ZWJ, variation selectors, skin tones, keycaps, flags). */
const pictographs =
  /\p{Extended_Pictographic}|\u200d|\ufe0e|\ufe0f|\u20e3|[\u{1f3fb}-\u{1f3ff}]|[\u{1f1e6}-\u{1f1ff}]|[\u{e0020}-\u{e007f}]/gu;
/** A web address written out (http, https or www.), up to the next space or closing mark. */
const webAddress = /\b(?:https?:\/\/|www\.)[^\s<>()[\]"'`]+[^\s<>()[\]"'`.,;:!?]/gi;

function codeBlockAnnouncement(info: string, language: SpeakableLanguage): string {
  const name = codeLanguageNames[info.trim().split(/\s+/)[0]?.toLowerCase() ?? ''] ?? null;
  // Its own paragraph, so it is a sentence of its own wherever it stood.
  return `\n${phrases[language].codeBlock(name)}\n`;
}

/** The host of a web address, without `www.`; null when it is not one. */
function hostOf(address: string): string | null {
  try {
    const url = new URL(/^https?:\/\//i.test(address) ? address : `https://${address}`);
    return url.hostname.replace(/^www\./i, '') || null;
  } catch {
    return null;
  }
}

/** A table row's cells as a phrase ("Name, Age"); a rule row (|---|:--:|) is dropped. */
function tableRow(line: string): string {
  if (/^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/.test(line)) return '';
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim())
    .filter((cell) => cell !== '')
    .join(', ');
}

/**
 * The speakable text of a Markdown reply in `language` (the language announcements are said in).
 * Lines are kept as lines (engines pause there); what is left is trimmed, with single spaces.
 */
export function speakableText(markdown: string, language: SpeakableLanguage = 'en'): string {
  const says = phrases[language];
  return (
    markdown
      .replace(/\r\n?/g, '\n')
      .replace(fencedCode, (_block, _fence: string, info: string) =>
        codeBlockAnnouncement(info, language),
      )
      .replace(/<!--[\s\S]*?(-->|$)/g, ' ')
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
      // A link says its words; an autolink (<https://…>) its host.
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<((?:https?:\/\/|www\.)[^>\s]+)>/gi, ' $1 ')
      .replace(/\[\^[^\]]+\]:?/g, '')
      .replace(/<\/?[a-z][^>\n]*>/gi, ' ')
      .replace(/`([^`\n]*)`/g, '$1')
      .replace(webAddress, (address) => {
        const host = hostOf(address);
        return host ? says.link(host) : ' ';
      })
      .replace(/^\s{0,3}([-*_])(\s*\1){2,}\s*$/gm, ' ')
      .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '')
      .replace(/^.*\|.*$/gm, tableRow)
      .replace(/[*~]+|(?<!\w)_+|_+(?!\w)/g, '')
      .replace(pictographs, '')
      .replace(/[ \t]+/g, ' ')
      .replace(/\s*\n\s*/g, '\n')
      .trim()
  );
}

/** A sentence ends at . ! ? or … (then any closing quotes or brackets) before a space, or at a line end. */
const sentenceEnd = /[.!?…](?=["'”’)\]]*(\s|$))["'”’)\]]*|\n/g;

/**
 * Cuts text to at most maxCharacters: at the last sentence end that fits; when the first
 * sentence alone is longer than that, at the last space that fits (so a word is never split);
 * a single unbroken run is cut hard. Text that fits is returned unchanged.
 */
export function cutAtSentence(text: string, maxCharacters: number): string {
  if (text.length <= maxCharacters) return text;
  const window = text.slice(0, maxCharacters + 1);
  let end = 0;
  for (const match of window.matchAll(sentenceEnd)) {
    const stop = match.index + match[0].length;
    if (stop <= maxCharacters) end = stop;
  }
  if (end === 0) end = window.lastIndexOf(' ');
  if (end <= 0) end = maxCharacters;
  return text.slice(0, end).trim();
}
