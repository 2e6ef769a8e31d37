import { VISITOR_KEY_HEADER } from '@studio/contracts/imageOptions';
import { storedToken } from '../api/session';
import { apiSettings } from '../api/settings';
import type { KeyValueStore } from '../storage';
import { visitorKey } from './visitorKey';

/**
 * A visitor's headers for every call of a tool that keeps a visitor's things (the image tools'
 * images and jobs, and each next tool's): none for a signed-in user
 * (the API client sends the bearer token itself), the visitor key otherwise. The two never go
 * together: with a token the server reads the session, and a key beside it would be ignored
 * at best and mislead at worst.
 */
export function visitorHeaders(store: KeyValueStore = apiSettings.store): Record<string, string> {
  if (storedToken(store)) return {};
  return { [VISITOR_KEY_HEADER]: visitorKey(store) };
}
