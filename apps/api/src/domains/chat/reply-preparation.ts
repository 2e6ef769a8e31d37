import { randomUUID } from 'node:crypto';
import {
  type ChatMessage,
  type ChatSendBody,
  type HistoryTurn,
  MODEL_ID_REQUIRED,
} from '@studio/contracts';
import type { LanguageModel, ModelMessage, UserModelMessage } from 'ai';
import { HttpError } from '../../http/errors.ts';
import { LocalModelBusyError } from '../providers/index.ts';
import type { RegisteredModel } from '../models/model-registry.ts';
import type { OwnedImage } from '../uploads/upload-service.ts';
import type { ChatRepository, StoredConversation, StoredMessage } from './chat.repository.ts';
import type { ChatDependencies } from './chat-dependencies.ts';
import { titleFromText, toChatMessage } from './chat-messages.ts';
import { conversationNotFound } from './conversations.service.ts';
import type { Caller } from '../callers/caller.ts';
import { hasCapability, resolveModel } from '../models/model-access.ts';
import type { Quota, QuotaUnit } from '../usage/message-quota.ts';

/** How many earlier messages go to the model with a new one. */
export const contextMessageCount = 40;

export const replyTexts = {
  emptyMessage: 'Message cannot be empty.',
  visitorConversation: 'Sign in to keep conversations on the server.',
  visitorImages: 'Sign in to send images.',
  visitorEdit: 'Sign in to edit a stored message; visitors resend from their own history.',
  needsConversation: 'Regenerate and EditMessageId need a ConversationId.',
  nothingToRegenerate: 'There is no message to answer again.',
  imageNotFound: 'Image not found',
  messageNotFound: 'Message not found',
} as const;

const visionRequired = (name: string) =>
  `${name} cannot read images. Choose a model that can, or remove the images.`;

/** A send request checked, counted and (for users) stored: everything the reply needs. */
export interface PreparedReply {
  caller: Caller;
  /** The message counted against the quota, given back if the reply fails before any text. */
  quotaUnit: QuotaUnit;
  conversation: StoredConversation | null;
  userMessage: ChatMessage;
  assistantMessageId: string;
  modelId: string;
  model: LanguageModel;
  messages: ModelMessage[];
  /** The reply a regeneration replaces (deleted only once the new one is stored). */
  replacing: string | null;
  /** The first message of a conversation that has no title yet (null: no title to make). */
  titleFrom: string | null;
  audio: {
    voice: string | null;
    format: ChatSendBody['AudioFormat'];
    speed: number;
    pitch: number;
  } | null;
}

function userContent(text: string, images: OwnedImage[]): UserModelMessage['content'] {
  if (images.length === 0) return text;
  return [
    { type: 'text', text },
    ...images.map((image) => ({
      type: 'image' as const,
      image: image.data,
      mediaType: image.mimeType,
    })),
  ];
}

function toModelMessages(history: readonly { role: 'user' | 'assistant'; content: string }[]) {
  return history
    .filter((turn) => turn.content.length > 0)
    .map((turn): ModelMessage => ({ role: turn.role, content: turn.content }));
}

/**
 * The first half of sending a message: checks the request (model, plan, ownership, images),
 * counts it against the quota and only then stores the user's side (and a new conversation).
 */
export function createReplyPreparation(deps: {
  repository: ChatRepository;
  quota: Quota;
  services: ChatDependencies;
  now: () => Date;
}) {
  const { repository } = deps;

  async function resolveImages(userId: string, urls: readonly string[], strict: boolean) {
    const images: OwnedImage[] = [];
    for (const url of urls) {
      const image = await deps.services.uploads().resolveOwned(userId, url);
      if (image) images.push(image);
      else if (strict) throw new HttpError(404, replyTexts.imageNotFound);
    }
    return images;
  }

  function audioOf(body: ChatSendBody): PreparedReply['audio'] {
    if (!body.ReturnAudio) return null;
    return {
      voice: body.Voice ?? null,
      format: body.AudioFormat,
      speed: body.Speed ?? 1,
      pitch: body.Pitch ?? 1,
    };
  }

  async function prepareVisitor(
    caller: Caller & { kind: 'visitor' },
    body: ChatSendBody,
    model: { id: string; model: LanguageModel },
  ): Promise<PreparedReply> {
    if (body.ConversationId) throw new HttpError(400, replyTexts.visitorConversation);
    if (body.EditMessageId) throw new HttpError(400, replyTexts.visitorEdit);
    if (body.ImageUrls.length > 0) throw new HttpError(400, replyTexts.visitorImages);

    let history: HistoryTurn[] = body.History;
    let text = body.Message;
    if (body.Regenerate) {
      const lastUser = history.findLastIndex((turn) => turn.role === 'user');
      const turn = history[lastUser];
      if (!turn) throw new HttpError(400, replyTexts.nothingToRegenerate);
      text = turn.content;
      history = history.slice(0, lastUser);
    }
    const quotaUnit = await deps.quota.take(caller);
    return {
      caller,
      quotaUnit,
      conversation: null,
      userMessage: {
        id: randomUUID(),
        role: 'user',
        content: text,
        createdAt: deps.now().toISOString(),
        modelId: null,
        imageUrls: [],
        status: 'complete',
      },
      assistantMessageId: randomUUID(),
      modelId: model.id,
      model: model.model,
      messages: [...toModelMessages(history), { role: 'user', content: text }],
      replacing: null,
      titleFrom: history.length === 0 ? text : null,
      audio: audioOf(body),
    };
  }

  async function prepareUser(
    caller: Caller & { kind: 'user' },
    body: ChatSendBody,
    model: { id: string; model: LanguageModel; registered: RegisteredModel },
  ): Promise<PreparedReply> {
    const userId = caller.user.id;
    let conversation: StoredConversation | null = null;
    if (body.ConversationId) {
      conversation = await repository.findOwned(userId, body.ConversationId);
      if (!conversation) throw conversationNotFound();
    } else if (body.Regenerate || body.EditMessageId) {
      throw new HttpError(400, replyTexts.needsConversation);
    }
    // The message answered again keeps its images: the model must be able to read them.
    let earlierImages: string[] = [];
    if (conversation && body.EditMessageId) {
      const edited = await repository.findMessage(conversation.id, body.EditMessageId);
      if (!edited || edited.role !== 'user') throw new HttpError(404, replyTexts.messageNotFound);
      earlierImages = edited.imageUrls;
    } else if (conversation && body.Regenerate) {
      const question = (await repository.latestMessages(conversation.id, { limit: 2 }))
        .filter((message) => message.role === 'user')
        .at(-1);
      if (!question) throw new HttpError(400, replyTexts.nothingToRegenerate);
      earlierImages = question.imageUrls;
    }
    if (earlierImages.length > 0 && !hasCapability(model.registered, 'vision')) {
      throw new HttpError(400, visionRequired(model.registered.name));
    }
    const newImages = body.Regenerate || body.EditMessageId ? [] : body.ImageUrls;
    const attached = await resolveImages(userId, newImages, true);

    const quotaUnit = await deps.quota.take(caller);
    try {
      const now = deps.now();
      if (!conversation) {
        conversation = await repository.createConversation({
          userId,
          title: titleFromText(body.Message),
          titleSet: false,
          modelId: model.id,
          now,
        });
      }

      let userMessage: StoredMessage;
      let earlier: StoredMessage[];
      let replacing: string | null = null;
      let images = attached;
      if (body.Regenerate || body.EditMessageId) {
        if (body.EditMessageId) {
          const edited = await repository.replaceUserMessage(
            conversation.id,
            body.EditMessageId,
            body.Message,
            now,
          );
          if (!edited) throw new HttpError(404, replyTexts.messageNotFound);
        }
        const recent = await repository.latestMessages(conversation.id, {
          limit: contextMessageCount + 2,
        });
        const last = recent.at(-1);
        if (last?.role === 'assistant') {
          replacing = last.id;
          recent.pop();
        }
        const question = recent.pop();
        if (!question || question.role !== 'user') {
          throw new HttpError(400, replyTexts.nothingToRegenerate);
        }
        userMessage = question;
        earlier = recent;
        // Images stored with the message go along again; one deleted since is simply left out.
        images = await resolveImages(userId, question.imageUrls, false);
      } else {
        earlier = await repository.latestMessages(conversation.id, { limit: contextMessageCount });
        userMessage = await repository.append(
          conversation.id,
          {
            role: 'user',
            content: body.Message,
            modelId: null,
            imageUrls: newImages,
            status: 'complete',
          },
          now,
          model.id,
        );
      }

      const context = earlier.slice(-contextMessageCount);
      return {
        caller,
        quotaUnit,
        conversation,
        userMessage: toChatMessage(userMessage),
        assistantMessageId: randomUUID(),
        modelId: model.id,
        model: model.model,
        messages: [
          ...toModelMessages(context),
          { role: 'user', content: userContent(userMessage.content, images) },
        ],
        replacing,
        titleFrom: conversation.titleSet ? null : (earlier[0]?.content ?? userMessage.content),
        audio: audioOf(body),
      };
    } catch (error) {
      // Refused after counting (the message vanished meanwhile, the store failed): not a reply.
      await quotaUnit.release();
      throw error;
    }
  }

  return {
    /**
     * Checks and counts a send request; stores the user's message (and a new conversation).
     * Throws HttpError (400/403/404), LocalModelBusyError (the local model's queue is full) or
     * QuotaExceededError before anything is stored.
     */
    async prepare(caller: Caller, body: ChatSendBody): Promise<PreparedReply> {
      const modelId = body.ModelId?.trim();
      if (!modelId) throw new HttpError(400, MODEL_ID_REQUIRED);
      const registry = deps.services.models();
      const { registered, model } = resolveModel(registry, caller, modelId);
      // Refused before the quota counts it: a full local queue is the server's limit, not the user's.
      if (registry.isBusy?.(registered.id)) throw new LocalModelBusyError();
      if (!body.Regenerate && body.Message.length === 0) {
        throw new HttpError(400, replyTexts.emptyMessage);
      }
      if (body.ImageUrls.length > 0 && !hasCapability(registered, 'vision')) {
        throw new HttpError(400, visionRequired(registered.name));
      }
      const resolved = { id: registered.id, model, registered };
      return caller.kind === 'visitor'
        ? prepareVisitor(caller, body, resolved)
        : prepareUser(caller, body, resolved);
    },
  };
}

export type ReplyPreparation = ReturnType<typeof createReplyPreparation>;
