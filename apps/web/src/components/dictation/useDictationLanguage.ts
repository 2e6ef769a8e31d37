import type { TranscriptionLanguage } from '@studio/contracts';
import { useCallback, useState } from 'react';
import type { KeyValueStore } from '../../lib/storage';

/** Where each conversation's dictation language is kept (this browser only). */
export const dictationLanguagesKey = 'chatDictationLanguages';
/** The conversations remembered: the newest choices win. */
const remembered = 50;
const languages: readonly string[] = ['en', 'vi', 'auto'];

function readAll(store: KeyValueStore): Record<string, TranscriptionLanguage> {
  try {
    const stored: unknown = JSON.parse(store.get(dictationLanguagesKey) ?? '{}');
    if (typeof stored !== 'object' || stored === null) return {};
    return Object.fromEntries(
      Object.entries(stored).filter(
        ([, value]) => typeof value === 'string' && languages.includes(value),
      ),
    ) as Record<string, TranscriptionLanguage>;
  } catch {
    return {};
  }
}

/**
 * The language dictation hears in one conversation: the interface's language until the user
 * changes it there, then theirs for that conversation (a new chat's choice is kept under `new`).
 */
export function useDictationLanguage(
  store: KeyValueStore,
  conversationKey: string,
  interfaceLanguage: string,
): [TranscriptionLanguage, (language: TranscriptionLanguage) => void] {
  const fallback: TranscriptionLanguage = interfaceLanguage.startsWith('vi') ? 'vi' : 'en';
  const [, rerender] = useState(0);
  const language = readAll(store)[conversationKey] ?? fallback;
  const change = useCallback(
    (next: TranscriptionLanguage) => {
      // This conversation's choice moves to the end (the newest), the oldest beyond the limit go.
      const others = Object.entries(readAll(store)).filter(([key]) => key !== conversationKey);
      const kept = [...others, [conversationKey, next] as const].slice(-remembered);
      store.set(dictationLanguagesKey, JSON.stringify(Object.fromEntries(kept)));
      rerender((count) => count + 1);
    },
    [store, conversationKey],
  );
  return [language, change];
}
