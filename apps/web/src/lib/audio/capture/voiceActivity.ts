/**
 * Voice activity detection on the microphone's samples, in the browser: speech begins when the
 * level rises well above the room's own noise (measured as it goes) and lasts a moment; it ends
 * after a stretch of quiet. Used to stop dictation when the speaker has finished and, in
 * conversation mode, to hear a turn begin and end (and the listener talking over the reply).
 */

export interface VoiceActivityOptions {
  sampleRate: number;
  /** Quiet this long after speech ends the turn. */
  silenceMs: number;
  /** Loudness this long is speech (a click or a cough is shorter). */
  minSpeechMs?: number;
  /** How far above the noise floor speech must be (a ratio of RMS levels). */
  sensitivity?: number;
  /** Never treat anything quieter than this RMS as speech, however quiet the room. */
  minLevel?: number;
}

export type VoiceActivityEvent = 'speech-start' | 'speech-end';

export interface VoiceActivity {
  /** The next samples; answers what they changed. */
  push(samples: Float32Array): VoiceActivityEvent | null;
  /** The last frame's level (RMS, 0–1), for a meter. */
  level(): number;
  speaking(): boolean;
  /** Whether any speech was heard since the start. */
  heardSpeech(): boolean;
}

export function createVoiceActivity(options: VoiceActivityOptions): VoiceActivity {
  const minSpeechMs = options.minSpeechMs ?? 120;
  const sensitivity = options.sensitivity ?? 3;
  const minLevel = options.minLevel ?? 0.01;
  let noiseFloor = 0.005;
  let lastLevel = 0;
  let loudMs = 0;
  let quietMs = 0;
  let speaking = false;
  let heard = false;

  return {
    push(samples) {
      if (samples.length === 0) return null;
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      const level = Math.sqrt(sum / samples.length);
      lastLevel = level;
      const ms = (samples.length / options.sampleRate) * 1000;
      const loud = level > Math.max(minLevel, noiseFloor * sensitivity);
      if (!loud) {
        // The floor follows the room quickly down and slowly up, so speech never raises it much.
        noiseFloor =
          level < noiseFloor ? noiseFloor * 0.7 + level * 0.3 : noiseFloor * 0.98 + level * 0.02;
      }
      if (loud) {
        loudMs += ms;
        quietMs = 0;
        if (!speaking && loudMs >= minSpeechMs) {
          speaking = true;
          heard = true;
          return 'speech-start';
        }
      } else {
        quietMs += ms;
        if (!speaking) loudMs = 0;
        if (speaking && quietMs >= options.silenceMs) {
          speaking = false;
          loudMs = 0;
          return 'speech-end';
        }
      }
      return null;
    },
    level: () => lastLevel,
    speaking: () => speaking,
    heardSpeech: () => heard,
  };
}
