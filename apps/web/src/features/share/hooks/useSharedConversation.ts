import type { SharedConversationResponse } from '@studio/contracts';
import { useEffect, useState } from 'react';
import { isContractMismatch, isHttpFailure, serverMessage } from '../../../lib/api/errorText';
import { getSharedConversation } from '../api/getSharedConversation';

export type SharedConversationState =
  | { status: 'missing' }
  | { status: 'loading' }
  /** `message`: the server's or the exception's own words; null when neither said anything useful. */
  | { status: 'error'; message: string | null }
  | { status: 'ready'; conversation: SharedConversationResponse };

/**
 * §2: the server's message, else the exception's, else nothing (the view then shows 'Failed to
 * load shared conversation'). The client's generic "Request failed with status code 404" and a
 * schema mismatch's field dump say nothing to a reader, so they count as nothing.
 */
export function shareErrorMessage(error: unknown): string | null {
  if (isHttpFailure(error)) return serverMessage(error.response?.data);
  if (isContractMismatch(error)) return null;
  return error instanceof Error && error.message ? error.message : null;
}

export function useSharedConversation(
  slug: string,
  load: (slug: string) => Promise<SharedConversationResponse> = getSharedConversation,
): SharedConversationState {
  const trimmed = slug.trim();
  const [result, setResult] = useState<{ slug: string; state: SharedConversationState } | null>(
    null,
  );

  useEffect(() => {
    if (!trimmed) return;
    let active = true;
    load(trimmed)
      .then((conversation) => {
        if (active) setResult({ slug: trimmed, state: { status: 'ready', conversation } });
      })
      .catch((error: unknown) => {
        if (active) {
          setResult({
            slug: trimmed,
            state: { status: 'error', message: shareErrorMessage(error) },
          });
        }
      });
    return () => {
      active = false;
    };
  }, [trimmed, load]);

  // §5: the share slug must be non-empty.
  if (!trimmed) return { status: 'missing' };
  return result?.slug === trimmed ? result.state : { status: 'loading' };
}
