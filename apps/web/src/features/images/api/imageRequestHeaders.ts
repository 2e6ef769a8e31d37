import { VISITOR_KEY_HEADER } from '@studio/contracts/imageOptions';
import { storedToken } from '../../../lib/api/session';
import { apiSettings } from '../../../lib/api/settings';
import type { KeyValueStore } from '../../../lib/storage';
import { visitorKey } from './visitorKey';

/**
 * The headers of the image tools' own for every images and jobs call: none for a signed-in user
 * (the API client sends the bearer token itself), the visitor key otherwise. The two never go
 * together: with a token the server reads the session, and a key beside it would be ignored
 * at best and mislead at worst.
 */
export function imageRequestHeaders(
  store: KeyValueStore = apiSettings.store,
): Record<string, string> {
  if (storedToken(store)) return {};
  return { [VISITOR_KEY_HEADER]: visitorKey(store) };
}
