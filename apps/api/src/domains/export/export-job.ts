import { exportFormats } from '@studio/contracts';
import { z } from 'zod';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import type { OwnedConversationsRepository } from '../sharing/owned-conversations.repository.ts';
import { exportable, renderExport } from './export.service.ts';

export const exportJobPayload = z.object({
  conversationId: z.string().min(1).max(100),
  format: z.enum(exportFormats),
});
export type ExportJobPayload = z.infer<typeof exportJobPayload>;

/** What the job keeps: the public part ({fileName, contentType, size}) and where the file is. */
export const exportJobResult = z.object({
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int().min(0),
  key: z.string(),
});
export type ExportJobResult = z.infer<typeof exportJobResult>;

export const exportTexts = {
  conversationGone: 'The conversation no longer exists.',
} as const;

/** Where the export files go in the object store: the owner's `exports`. */
export const exportsPurpose = 'exports';
/** How long an export file (and its job) stays downloadable. */
export const exportFilesLifeMs = 24 * 60 * 60 * 1000;

export interface ExportJobOptions {
  conversations: OwnedConversationsRepository;
  storage: ObjectStore;
  now: () => Date;
  /** Messages read per query (a long conversation is read a page at a time). */
  pageSize?: number;
  /** The largest file kept. */
  maxBytes?: number;
  /** Tests: awaited before each page, to hold a job while it runs. */
  beforePage?: (page: number, conversationId: string, signal: AbortSignal) => Promise<void>;
}

/**
 * `chat.export`: the owner's conversation as a JSON or Markdown file in the object store, with
 * progress the page shows (`reading` n of N pages, `writing`, `storing`). Cancelling stops it
 * between pages, before anything is stored.
 */
export function exportJobDefinition({
  conversations,
  storage,
  now,
  pageSize = 100,
  maxBytes = 64 * 1024 * 1024,
  beforePage,
}: ExportJobOptions): JobDefinition<ExportJobPayload, ExportJobResult> {
  return {
    kind: 'chat.export',
    payload: exportJobPayload,
    result: exportJobResult,
    // Reading a conversation either works or the conversation is gone: one retry is enough.
    attempts: 2,
    perOwnerConcurrency: 2,
    keepCompletedMs: exportFilesLifeMs,
    async run({ payload, ownerId, signal, progress }) {
      if (!ownerId) throw new Error('An export works for a user');
      const conversation = await conversations.find(ownerId, payload.conversationId);
      if (!conversation) throw new Error(exportTexts.conversationGone);
      const total = await conversations.countMessages(conversation.id);
      const pages = Math.max(1, Math.ceil(total / pageSize));
      await progress(0, 'reading');

      const messages = [];
      let after = 0;
      for (let page = 1; page <= pages; page += 1) {
        signal.throwIfAborted();
        await beforePage?.(page, conversation.id, signal);
        signal.throwIfAborted();
        const next = await conversations.messagesPage(conversation.id, after, pageSize);
        messages.push(...next.messages.filter(exportable));
        if (next.lastSeq === null) break;
        after = next.lastSeq;
        // Reading is most of the work: 0–80 %.
        await progress(Math.round((page / pages) * 80), 'reading');
      }

      signal.throwIfAborted();
      await progress(85, 'writing');
      const file = renderExport(conversation, messages, payload.format, now());

      signal.throwIfAborted();
      await progress(90, 'storing');
      const body = Buffer.from(file.body, 'utf8');
      const stored = await storage.put({
        owner: `user:${ownerId}`,
        purpose: exportsPurpose,
        extension: file.extension,
        contentType: file.contentType,
        body,
        maxBytes,
      });
      await progress(100, 'storing');
      return {
        fileName: file.fileName,
        contentType: stored.contentType,
        size: stored.size,
        key: stored.key,
      };
    },
  };
}
