import { type SpeechEngine, SpeechError } from './speech-engine.ts';

/** SPEECH_ENGINE=none: no voices, and asking to speak says so. */
export const silentEngine: SpeechEngine = {
  model: 'none',
  voices: () => [],
  defaultVoices: () => ({}),
  synthesize: () =>
    Promise.reject(
      new SpeechError('Spoken replies are turned off on this server (SPEECH_ENGINE=none).'),
    ),
  close: () => Promise.resolve(),
};
