import type {
  ConversationDetail,
  ConversationSummary,
  ConversationsResponse,
  CreateConversationRequest,
  HistoryResponse,
} from '@studio/contracts';
import { errorTexts, HttpError } from '../../http/errors.ts';
import type { User } from '../users/user.ts';
import { previewLength, type ChatRepository, type StoredConversation } from './chat.repository.ts';
import { toChatMessage, toSummary, untitled } from './chat-messages.ts';

/** GET /api/chat/{id} shows this many of the latest messages; older ones come from history. */
export const detailMessageCount = 50;

/** Someone else's conversation answers exactly like a missing one (security.md §4). */
export const conversationNotFound = () => new HttpError(404, errorTexts[404]);

/** A signed-in user's conversations: list, read, create, rename, delete. */
export function createConversationsService(deps: {
  repository: ChatRepository;
  now: () => Date;
  /** Throws the 400/403 for a model id the user may not start a conversation with. */
  checkModel: (user: User, modelId: string) => void;
  /** The reply being written in a conversation now (live-replies.ts), if any. */
  liveReplyIn: (conversationId: string) => Promise<string | null>;
}) {
  const { repository } = deps;

  async function owned(userId: string, id: string): Promise<StoredConversation> {
    const conversation = await repository.findOwned(userId, id);
    if (!conversation) throw conversationNotFound();
    return conversation;
  }

  async function summaryOf(conversation: StoredConversation): Promise<ConversationSummary> {
    const [messageCount, [last]] = await Promise.all([
      repository.countMessages(conversation.id),
      repository.latestMessages(conversation.id, { limit: 1 }),
    ]);
    // The same start of the message the listing reads (chat.repository.ts).
    const content = last?.content ?? '';
    return toSummary({
      ...conversation,
      messageCount,
      preview: content.slice(0, previewLength),
      previewContinues: content.length > previewLength,
    });
  }

  return {
    owned,
    summaryOf,

    async create(user: User, request: CreateConversationRequest): Promise<ConversationSummary> {
      if (request.modelId) deps.checkModel(user, request.modelId);
      const conversation = await repository.createConversation({
        userId: user.id,
        title: request.title || untitled,
        titleSet: Boolean(request.title),
        modelId: request.modelId ?? null,
        now: deps.now(),
      });
      return summaryOf(conversation);
    },

    async list(
      userId: string,
      query: { page: number; pageSize: number; search?: string | undefined },
    ): Promise<ConversationsResponse> {
      const { items, total } = await repository.list(userId, query);
      return { items: items.map(toSummary), page: query.page, pageSize: query.pageSize, total };
    },

    async detail(userId: string, id: string): Promise<ConversationDetail> {
      const conversation = await owned(userId, id);
      const [summary, messages, liveReplyId] = await Promise.all([
        summaryOf(conversation),
        repository.latestMessages(id, { limit: detailMessageCount }),
        deps.liveReplyIn(id),
      ]);
      return { ...summary, messages: messages.map(toChatMessage), liveReplyId };
    },

    /** Page 1 is the newest page; each page lists its messages oldest first. */
    async history(
      userId: string,
      id: string,
      { page, pageSize }: { page: number; pageSize: number },
    ): Promise<HistoryResponse> {
      await owned(userId, id);
      const [total, messages, liveReplyId] = await Promise.all([
        repository.countMessages(id),
        repository.latestMessages(id, { limit: pageSize, offset: (page - 1) * pageSize }),
        deps.liveReplyIn(id),
      ]);
      return { items: messages.map(toChatMessage), page, pageSize, total, liveReplyId };
    },

    async rename(userId: string, id: string, title: string): Promise<ConversationSummary> {
      if (!(await repository.rename(userId, id, title, deps.now()))) throw conversationNotFound();
      return summaryOf(await owned(userId, id));
    },

    async delete(userId: string, id: string): Promise<void> {
      if (!(await repository.delete(userId, id))) throw conversationNotFound();
    },
  };
}

export type ConversationsService = ReturnType<typeof createConversationsService>;
