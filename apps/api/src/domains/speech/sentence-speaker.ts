import type { AudioFormat, SpokenSentencePart } from '@studio/contracts';
import type { SpeechService } from './speech-service.ts';
import { createSpokenSegmenter } from './spoken-segmenter.ts';

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
 * Speaks a reply sentence by sentence while it is still being written: each complete sentence is
 * synthesised as soon as the one before it is (one at a time, so the parts come in order and one
 * reply never holds more than one engine worker), and handed to `onPart`.
 */
export function createSentenceSpeaker(options: SentenceSpeakerOptions): SentenceSpeaker {
  const { speech, signal } = options;
  const segmenter = createSpokenSegmenter();
  let chain: Promise<void> = Promise.resolve();
  let next = 0;
  let failed = false;

  function say(sentences: ReturnType<typeof segmenter.push>): void {
    for (const sentence of sentences) {
      const index = next++;
      chain = chain.then(async () => {
        if (failed || signal.aborted) return;
        try {
          const spoken = await speech.synthesize(
            {
              text: sentence.text,
              language: sentence.language,
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
            text: sentence.text,
            format: spoken.format,
            mimeType: spoken.mimeType,
            data: spoken.audio.toString('base64'),
            voice: spoken.voice,
          });
        } catch (error) {
          if (signal.aborted) return;
          failed = true;
          options.onFailure(error);
        }
      });
    }
  }

  return {
    push(text) {
      say(segmenter.push(text));
    },
    finish() {
      say(segmenter.end());
      return chain;
    },
  };
}
