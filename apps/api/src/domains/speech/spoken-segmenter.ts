import { speakableText, splitSentences, takeCompleteSentences } from '@studio/contracts';
import { detectLanguage, type SpeechLanguage } from '../providers/index.ts';

/**
 * Turns a Markdown reply that is still arriving into the sentences worth saying, as soon as each
 * is complete, so a spoken reply starts with its first sentence rather than after its last.
 *
 * Markdown is mostly line-local (headings, list items, quotes, table rows, links, emphasis), so
 * complete lines are made speakable one by one and the line still being written gives up its
 * finished sentences only. Code blocks are the exception: their lines are never read; the block is
 * announced once, in the reply's language, when it opens.
 */
export interface SpokenSegmenter {
  /** The next piece of the reply; answers the sentences it completed (speakable, in order). */
  push(text: string): SpokenSentence[];
  /** The reply is complete: what is left to say. */
  end(): SpokenSentence[];
}

export interface SpokenSentence {
  text: string;
  /** Its own language when it has a few words, else the sentence before it's (a voice is chosen by it). */
  language: SpeechLanguage;
}

/** Said in place of a code block (it is shown, not read). */
export const codeBlockAnnouncement: Record<SpeechLanguage, string> = {
  en: 'There is a code block here; it is shown on screen.',
  vi: 'Có một đoạn mã ở đây, được hiển thị trên màn hình.',
};

/** A line that opens or closes a fenced code block (``` or ~~~, up to three spaces in). */
const fence = /^ {0,3}(`{3,}|~{3,})/;
/** What a line still being written may turn into a fence or a list number from. */
const maybeFenceOrMarker = /^ {0,3}([`~]{0,2}|\d{1,3}[.)]?)$/;
/** A list item's, heading's or quote's mark at the start of a line (never a sentence of its own). */
const lineMark = /^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d{1,3}[.)]\s+)/;
const maxSentenceLength = 400;

export function createSpokenSegmenter(): SpokenSegmenter {
  /** Text received and not yet said (or skipped). */
  let pending = '';
  /** The fence that opened the code block we are in (its closing line must match it). */
  let openFence: string | null = null;
  /** Everything said so far, for the language. */
  let heard = '';
  /** The language of the last sentence said. */
  let last: SpeechLanguage | null = null;

  function said(sentences: string[]): SpokenSentence[] {
    const out: SpokenSentence[] = [];
    for (const sentence of sentences) {
      // Its language from its words; then said in it (a link is "a link to …" in that language).
      const language = languageOf(speakableText(sentence));
      const text = speakableText(sentence, language);
      if (!/[\p{L}\p{N}]/u.test(text)) continue;
      heard += ` ${text}`;
      out.push({ text, language });
    }
    return out;
  }

  /**
   * A sentence of a few words is its own evidence (a Vietnamese sentence in an English reply is
   * read by a Vietnamese voice); a short one ("OK.", "Tạm biệt.") takes the one before it's.
   */
  function languageOf(sentence: string): SpeechLanguage {
    const words = sentence.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
    if (words >= 3 || last === null) last = detectLanguage(words >= 3 ? sentence : heard);
    return last;
  }

  function announceCode(): SpokenSentence[] {
    const language = last ?? detectLanguage(heard);
    return [{ text: codeBlockAnnouncement[language], language }];
  }

  /** Complete lines (each ended by a line break); `final` also takes the unfinished last one. */
  function takeLines(final: boolean): SpokenSentence[] {
    const out: SpokenSentence[] = [];
    for (;;) {
      const newline = pending.indexOf('\n');
      if (newline === -1) break;
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      out.push(...takeLine(line));
    }
    if (openFence !== null) {
      // Inside a code block nothing is said; a last line that closes it needs its line break.
      if (final) pending = '';
      return out;
    }
    if (final) {
      out.push(...takeLine(pending));
      pending = '';
      return out;
    }
    // The line being written: only its finished sentences, once its start cannot become a fence
    // or a list number any more.
    if (maybeFenceOrMarker.test(pending) || fence.test(pending)) return out;
    const marked = lineMark.exec(pending);
    const body = marked ? pending.slice(marked[0].length) : pending;
    const { sentences, rest } = takeCompleteSentences(body, maxSentenceLength);
    if (sentences.length > 0) {
      out.push(...said(sentences));
      pending = rest;
    }
    return out;
  }

  function takeLine(line: string): SpokenSentence[] {
    const opener = fence.exec(line);
    if (openFence !== null) {
      if (opener?.[1] && opener[1][0] === openFence[0] && opener[1].length >= openFence.length) {
        openFence = null;
      }
      return [];
    }
    if (opener?.[1]) {
      openFence = opener[1];
      return announceCode();
    }
    return said(splitSentences(line.replace(lineMark, ''), maxSentenceLength));
  }

  return {
    push(text) {
      pending += text;
      return takeLines(false);
    },
    end() {
      return takeLines(true);
    },
  };
}
