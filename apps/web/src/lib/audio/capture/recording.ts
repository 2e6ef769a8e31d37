import { captureSampleRate, type Microphone, openMicrophone } from './microphone';
import { createVoiceActivity, type VoiceActivityEvent } from './voiceActivity';
import { encodeWav } from './wav';

export interface RecordingOptions {
  /** The longest recording (the plan's): it stops by itself there. */
  maxMs: number;
  /** Stop by itself once the speaker has been quiet for `silenceMs` after speaking. */
  autoStop: boolean;
  silenceMs: number;
  /** Give up when nobody has spoken for this long (a recording of silence is never sent). */
  noSpeechMs: number;
  /** The input level (0–1), for a meter, a few times a second. */
  onLevel?: (level: number) => void;
  /** Speech began or ended (conversation mode listens for the listener talking). */
  onVoice?: (event: VoiceActivityEvent) => void;
}

export type RecordingEnd = 'stopped' | 'silence' | 'limit' | 'no-speech' | 'cancelled';

export interface RecordedAudio {
  wav: Blob;
  durationMs: number;
  heardSpeech: boolean;
  /** Why it ended. */
  end: RecordingEnd;
}

export interface Recording {
  /** Resolves when the recording ends, however it ends. */
  done: Promise<RecordedAudio>;
  /** Ends it and keeps what was said. */
  stop(): void;
  /** Ends it and keeps nothing. */
  cancel(): void;
}

/**
 * Records from the microphone in 16 kHz mono until stopped, until the speaker falls quiet (when
 * `autoStop`), or at the length limit; the audio stays in this page (a WAV Blob) for the caller to
 * send or drop. `open` is the microphone (a stand-in in tests).
 */
export async function startRecording(
  options: RecordingOptions,
  open: (onSamples: (samples: Float32Array) => void) => Promise<Microphone> = openMicrophone,
): Promise<Recording> {
  const chunks: Float32Array[] = [];
  let length = 0;
  const activity = createVoiceActivity({
    sampleRate: captureSampleRate,
    silenceMs: options.silenceMs,
  });
  let finish: (end: RecordingEnd) => void = () => {};
  let lastLevelAt = 0;

  const microphone = await open((samples) => {
    chunks.push(samples);
    length += samples.length;
    const event = activity.push(samples);
    if (event) options.onVoice?.(event);
    const ms = (length / captureSampleRate) * 1000;
    if (ms - lastLevelAt >= 100) {
      lastLevelAt = ms;
      options.onLevel?.(activity.level());
    }
    if (ms >= options.maxMs) finish('limit');
    else if (options.autoStop && event === 'speech-end') finish('silence');
    else if (!activity.heardSpeech() && ms >= options.noSpeechMs) finish('no-speech');
  });

  const done = new Promise<RecordedAudio>((resolve) => {
    let ended = false;
    finish = (end) => {
      if (ended) return;
      ended = true;
      microphone.stop();
      const samples = new Float32Array(end === 'cancelled' ? 0 : length);
      let offset = 0;
      if (end !== 'cancelled') {
        for (const chunk of chunks) {
          samples.set(chunk, offset);
          offset += chunk.length;
        }
      }
      chunks.length = 0;
      resolve({
        wav: encodeWav(samples, captureSampleRate),
        durationMs: Math.round((samples.length / captureSampleRate) * 1000),
        heardSpeech: activity.heardSpeech(),
        end,
      });
    };
  });

  return { done, stop: () => finish('stopped'), cancel: () => finish('cancelled') };
}
