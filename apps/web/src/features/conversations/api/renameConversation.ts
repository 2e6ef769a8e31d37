import {
  conversationSummary,
  renameConversationRequest,
  type ConversationSummary,
} from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';

/**
 * The title to save from what was typed, or null when there is nothing to save: blank, or the
 * same as now once trimmed (renaming to the same title would only bump updatedAt).
 */
export function titleToSave(typed: string, current: string): string | null {
  const title = typed.trim();
  if (!title || title === current.trim()) return null;
  return title;
}

/** PATCH /api/chat/{id} {title}: rename. */
export async function renameConversation(id: string, title: string): Promise<ConversationSummary> {
  const body = renameConversationRequest.parse({ title });
  const { data } = await cookieClient.patch<unknown>(`/api/chat/${encodeURIComponent(id)}`, body);
  return conversationSummary.parse(data);
}
