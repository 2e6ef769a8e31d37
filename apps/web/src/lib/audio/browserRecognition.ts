/**
 * The browser's own speech recogniser (the Web Speech API, which Chrome and Safari send to their
 * makers' servers): offered only when the user chooses it, and told so, when this server has no
 * dictation engine.
 */

interface RecognitionResultList {
  readonly length: number;
  [index: number]: { readonly isFinal: boolean; [index: number]: { transcript: string } };
}

interface Recognition {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  onresult: ((event: { results: RecognitionResultList }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | null {
  const scope = globalThis as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition ?? null;
}

export function browserRecognitionAvailable(): boolean {
  return recognitionConstructor() !== null;
}

const locales = { en: 'en-US', vi: 'vi-VN' } as const;

/**
 * Listens once, in `language`, until the speaker stops; resolves with what was heard (empty when
 * nothing was). Rejects when the browser refuses (no permission, no network for its service).
 */
export function recognizeOnce(language: 'en' | 'vi', signal: AbortSignal): Promise<string> {
  const Constructor = recognitionConstructor();
  if (!Constructor) return Promise.reject(new Error('The browser has no speech recognition.'));
  return new Promise((resolve, reject) => {
    const recognition = new Constructor();
    recognition.lang = locales[language];
    recognition.interimResults = false;
    recognition.continuous = false;
    let heard = '';
    recognition.onresult = (event) => {
      heard = Array.from(
        { length: event.results.length },
        (_, i) => event.results[i]?.[0]?.transcript ?? '',
      )
        .join(' ')
        .trim();
    };
    recognition.onerror = (event) => {
      if (event.error === 'no-speech' || event.error === 'aborted') return;
      reject(new Error(event.error));
    };
    recognition.onend = () => resolve(heard);
    signal.addEventListener('abort', () => recognition.abort(), { once: true });
    recognition.start();
  });
}
