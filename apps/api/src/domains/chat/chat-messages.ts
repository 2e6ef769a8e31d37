import { plainLine, type ChatMessage, type ConversationSummary } from '@studio/contracts';
import type { ConversationListing, StoredMessage } from './chat.repository.ts';

/** What a conversation is called before its first exchange has a title. */
export const untitled = 'New chat';

/**
 * The fallback title: the start of the first message as plain text (no Markdown: the title is
 * shown as text in the sidebar, the chat and the share page), on one line (~60 characters).
 */
export function titleFromText(text: string, max = 60): string {
  const line = plainLine(text);
  if (line.length === 0) return untitled;
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

export function toChatMessage(message: StoredMessage): ChatMessage {
  return {
    id: message.id,
    role: message.role,
    content: message.content,
    createdAt: message.createdAt,
    modelId: message.modelId,
    imageUrls: message.imageUrls,
    status: message.status,
  };
}

export function toSummary(listing: ConversationListing): ConversationSummary {
  return {
    id: listing.id,
    title: listing.title,
    modelId: listing.modelId,
    createdAt: listing.createdAt,
    updatedAt: listing.updatedAt,
    messageCount: listing.messageCount,
    // The list shows text, not Markdown (a reply's "**bold**", "# heading", code fences).
    preview: plainLine(listing.preview),
  };
}
