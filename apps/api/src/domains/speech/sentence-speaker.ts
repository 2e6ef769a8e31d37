import type { AudioFormat, SpokenSentencePart } from '@studio/contracts';
import type { SpeechService } from './speech-service.ts';
import { createSpokenSegmenter, type SpokenSentence } from './spoken-segmenter.ts';

/** The longest part spoken in one request once sentences are taken together. */
const maxPartLength = 400;

export interface SentenceSpeakerOptions {
  speech: SpeechService;
  /** The listener's voice; null takes each sentence's language's default. */
  voice: string | null;
  format: AudioFormat;
  speed: number;
  pitch: number;
  /** Stops what is being spoken and everything after it (the reply was stopped). */
  signal: AbortSignal;
  /** Each sentence's audio, in the reply's order. */
  onPart: (part: SpokenSentencePart) => void;
  /** The first failure; nothing more is spoken after it (the text still arrives). */
  onFailure: (error: unknown) => void;
}

export interface SentenceSpeaker {
  /** The next piece of the reply's text (Markdown). */
  push(text: string): void;
  /** The reply is complete: resolves once its last sentence has been spoken (or speaking failed). */
  finish(): Promise<void>;
}

/**
 * Speaks a reply sentence by sentence while it is still being written: the first complete sentence
 * is synthesised at once, and each later part as soon as the one before it is done (one at a time,
 * so the parts come in order and one reply never holds more than one engine worker), made of the
 * sentences completed meanwhile; each is handed to `onPart`.
 */
export function createSentenceSpeaker(options: SentenceSpeakerOptions): SentenceSpeaker {
  const { speech, signal } = options;
  const segmenter = createSpokenSegmenter();
  /** Sentences complete and not yet being spoken. */
  const waiting: SpokenSentence[] = [];
  let speaking: Promise<void> | null = null;
  let next = 0;
  let failed = false;

  /**
   * The sentences that wait, taken together while they share a language and fit one request:
   * each engine call has a start-up of its own (an eSpeak NG process per call), so while one part
   * is being spoken the sentences completed meanwhile become one part, not one call each.
   */
  function takePart(): SpokenSentence | null {
    const first = waiting.shift();
    if (!first) return null;
    // The first part is the first sentence alone: the sooner it is spoken, the sooner it is heard.
    if (next === 0) return first;
    let text = first.text;
    while (waiting[0] && waiting[0].language === first.language) {
      const joined = `${text} ${waiting[0].text}`;
      if (joined.length > maxPartLength) break;
      text = joined;
      waiting.shift();
    }
    return { text, language: first.language };
  }

  async function speakWaiting(): Promise<void> {
    for (let part = takePart(); part; part = takePart()) {
      if (failed || signal.aborted) return;
      const index = next++;
      try {
        const spoken = await speech.synthesize(
          {
            text: part.text,
            language: part.language,
            voice: options.voice,
            format: options.format,
            speed: options.speed,
            pitch: options.pitch,
          },
          signal,
        );
        if (signal.aborted) return;
        options.onPart({
          index,
          text: part.text,
          format: spoken.format,
          mimeType: spoken.mimeType,
          data: spoken.audio.toString('base64'),
          voice: spoken.voice,
        });
      } catch (error) {
        if (signal.aborted) return;
        failed = true;
        options.onFailure(error);
        return;
      }
    }
  }

  function say(sentences: SpokenSentence[]): void {
    waiting.push(...sentences);
    // One part at a time, in order: a new run starts only when the last one has finished.
    speaking ??= speakWaiting().finally(() => {
      speaking = null;
      if (waiting.length > 0 && !failed && !signal.aborted) say([]);
    });
  }

  return {
    push(text) {
      say(segmenter.push(text));
    },
    async finish() {
      say(segmenter.end());
      while (speaking) await speaking;
    },
  };
}
