import type { ExportFormat } from '@studio/contracts';
import { HttpError } from '../../http/errors.ts';
import type {
  OwnedConversation,
  OwnedConversationsRepository,
  TranscriptMessage,
} from '../sharing/owned-conversations.repository.ts';
import { sharingTexts } from '../sharing/sharing.service.ts';
import { attachmentDisposition } from './content-disposition.ts';

export interface ExportFile {
  contentType: string;
  contentDisposition: string;
  body: string;
}

/** "2026-11-21 14:03 UTC" */
function readableTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

function toJson(conversation: OwnedConversation, messages: TranscriptMessage[], at: Date) {
  const document = {
    id: conversation.id,
    title: conversation.title,
    createdAt: conversation.createdAt,
    exportedAt: at.toISOString(),
    messages: messages.map((message) => ({
      role: message.role,
      content: message.content,
      createdAt: message.createdAt,
      modelId: message.modelId,
      imageUrls: message.imageUrls,
    })),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

function toMarkdown(conversation: OwnedConversation, messages: TranscriptMessage[], at: Date) {
  const title = conversation.title.replace(/\s+/g, ' ').trim() || 'Conversation';
  const lines = [
    `# ${title}`,
    '',
    `_Started ${readableTime(conversation.createdAt)} · exported ${readableTime(at.toISOString())}_`,
  ];
  for (const message of messages) {
    const speaker =
      message.role === 'user'
        ? 'You'
        : message.modelId
          ? `Assistant (${message.modelId})`
          : 'Assistant';
    const stopped = message.status === 'stopped' ? ' · stopped' : '';
    lines.push('', `### ${speaker} · ${readableTime(message.createdAt)}${stopped}`, '');
    if (message.content) lines.push(message.content);
    message.imageUrls.forEach((url, index) => lines.push('', `![Image ${index + 1}](${url})`));
  }
  return `${lines.join('\n')}\n`;
}

const contentTypes: Record<ExportFormat, string> = {
  json: 'application/json; charset=utf-8',
  markdown: 'text/markdown; charset=utf-8',
};
const extensions: Record<ExportFormat, 'json' | 'md'> = { json: 'json', markdown: 'md' };

/** A failed reply that never wrote anything is not part of the conversation. */
export function exportable(message: TranscriptMessage): boolean {
  return message.content !== '' || message.imageUrls.length > 0;
}

/** A conversation's file in one format, named after its title and the day. */
export function renderExport(
  conversation: OwnedConversation,
  messages: TranscriptMessage[],
  format: ExportFormat,
  at: Date,
): ExportFile & { fileName: string; extension: 'json' | 'md' } {
  const extension = extensions[format];
  const date = at.toISOString().slice(0, 10);
  const name = attachmentDisposition(conversation.title, date, extension, 'conversation');
  return {
    contentType: contentTypes[format],
    contentDisposition: name.header,
    fileName: name.readable,
    extension,
    body:
      format === 'json'
        ? toJson(conversation, messages, at)
        : toMarkdown(conversation, messages, at),
  };
}

/** GET /api/chat/export/{id} (§7): the owner's conversation as a JSON or Markdown download. */
export function createExportService({
  conversations,
  now,
}: {
  conversations: OwnedConversationsRepository;
  now: () => Date;
}) {
  return {
    async export(
      userId: string,
      conversationId: string,
      format: ExportFormat,
    ): Promise<ExportFile> {
      const conversation = await conversations.find(userId, conversationId);
      if (!conversation) throw new HttpError(404, sharingTexts.conversationNotFound);
      const messages = (await conversations.messages(conversation.id)).filter(exportable);
      const { contentType, contentDisposition, body } = renderExport(
        conversation,
        messages,
        format,
        now(),
      );
      return { contentType, contentDisposition, body };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
