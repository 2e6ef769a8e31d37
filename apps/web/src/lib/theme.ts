import { defaultThemeName, isThemeName, type ThemeName } from '@studio/tokens';
import { storageKeys, type KeyValueStore } from './storage';

/** The stored theme if it is one of the six, else the default (dark, §9). */
export function readStoredTheme(store: KeyValueStore): ThemeName {
  const stored = store.get(storageKeys.theme);
  return isThemeName(stored) ? stored : defaultThemeName;
}

/** §3: the theme is a data-theme attribute on the document root. */
export function applyTheme(theme: ThemeName, root: HTMLElement): void {
  root.setAttribute('data-theme', theme);
}
