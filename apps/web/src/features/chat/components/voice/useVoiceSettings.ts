import { useCallback, useState } from 'react';
import { browserStore, type KeyValueStore } from '../../../../lib/storage';
import {
  readVoiceSettings,
  writeVoiceSettings,
  type VoiceSettingsValue,
} from './voiceSettingsValue';

/**
 * The spoken-reply settings kept in local storage, for VoiceSettings' value/onChange. The send
 * request takes them as ReturnAudio, Voice, Speed and Pitch.
 */
export function useVoiceSettings(
  store: KeyValueStore = browserStore,
): [VoiceSettingsValue, (value: VoiceSettingsValue) => void] {
  const [value, setValue] = useState(() => readVoiceSettings(store));
  const change = useCallback(
    (next: VoiceSettingsValue) => {
      setValue(next);
      writeVoiceSettings(next, store);
    },
    [store],
  );
  return [value, change];
}
