import type { SharedConversationResponse } from '@studio/contracts';
import { isContractMismatch, isHttpFailure, serverMessage } from '../../../lib/api/errorText';
import { useQuery } from '../../../lib/query';
import { sharedConversationQueryOptions } from '../api/getSharedConversation';

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

export function useSharedConversation(slug: string): SharedConversationState {
  const trimmed = slug.trim();
  const query = useQuery(sharedConversationQueryOptions(trimmed));
  // §5: the share slug must be non-empty.
  if (!trimmed) return { status: 'missing' };
  if (query.status === 'success') return { status: 'ready', conversation: query.data };
  if (query.status === 'error') return { status: 'error', message: shareErrorMessage(query.error) };
  return { status: 'loading' };
}
