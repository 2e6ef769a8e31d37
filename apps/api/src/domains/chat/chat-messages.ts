import { shortLine, type ChatMessage, type ConversationSummary } from '@studio/contracts';
import { previewLength, type ConversationListing, type StoredMessage } from './chat.repository.ts';

/** What a conversation is called before its first exchange has a title. */
export const untitled = 'New chat';

/**
 * The fallback title: the start of the first message as plain text (no Markdown: the title is
 * shown as text in the sidebar, the chat and the share page), on one line, cut between words.
 */
export function titleFromText(text: string, max = 60): string {
  return shortLine(text, max) || untitled;
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
    // The list shows text, not Markdown (a reply's "**bold**", "# heading", code fences), and
    // a message longer than the preview ends with "…" after its last whole word.
    preview: shortLine(listing.preview, previewLength, { continues: listing.previewContinues }),
  };
}
