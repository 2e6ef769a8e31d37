import type { ChatExportJob, ExportFormat } from '@studio/contracts';
import { HttpError } from '../../http/errors.ts';
import type { JobKind, JobQueue } from '../../jobs/job-queue.ts';
import type { UserJobsService } from '../jobs/user-jobs.service.ts';
import type { OwnedConversationsRepository } from '../sharing/owned-conversations.repository.ts';
import { sharingTexts } from '../sharing/sharing.service.ts';
import type { ExportJobPayload, ExportJobResult } from './export-job.ts';

/** POST /api/chat/export/{id}/jobs: starts a `chat.export` job for the conversation's owner. */
export function createExportJobsService({
  conversations,
  jobs,
  userJobs,
  kind,
}: {
  conversations: OwnedConversationsRepository;
  jobs: JobQueue;
  userJobs: UserJobsService;
  kind: JobKind<ExportJobPayload, ExportJobResult>;
}) {
  return {
    async start(userId: string, conversationId: string, format: ExportFormat) {
      // Another user's conversation is not found, here as everywhere.
      const conversation = await conversations.find(userId, conversationId);
      if (!conversation) throw new HttpError(404, sharingTexts.conversationNotFound);
      const job = await jobs.enqueue(
        kind,
        { conversationId: conversation.id, format },
        { ownerId: userId },
      );
      return userJobs.view(job) as ChatExportJob;
    },
  };
}

export type ExportJobsService = ReturnType<typeof createExportJobsService>;
