import { z } from 'zod';

/** §3 Shared conversation: one message, with its role, content and time (ISO 8601). */
export const sharedMessage = z.object({
  role: z.string(),
  content: z.string(),
  timestamp: z.string(),
  /**
   * The images attached to the message, as paths under the share itself
   * (/api/chat/share/{slug}/images/{id}): readable by whoever holds the link, while it lives.
   * Absent from links made before images were shared.
   */
  imageUrls: z.array(z.string()).default([]),
});
export type SharedMessage = z.infer<typeof sharedMessage>;

/** GET /api/chat/share/{slug}: the public, read-only view of a shared conversation (§2). */
export const sharedConversationResponse = z.object({
  /** Missing or empty titles are shown as 'Shared Conversation'. */
  title: z.string().nullish(),
  messages: z.array(sharedMessage),
});
export type SharedConversationResponse = z.infer<typeof sharedConversationResponse>;
