import { z } from 'zod';
import { voiceCapabilities, voiceProviders, voiceQualities } from './voiceOptions.ts';
import {
  audioFormats,
  chatRoles,
  MESSAGE_MAX_LENGTH,
  messageStatuses,
  modelCapabilities,
  modelPlans,
  modelProviders,
  rewriteInstructions,
} from './chatOptions.ts';
import { errorResponse } from './common.ts';

export * from './chatOptions.ts';

/**
 * Chat (§3 Chat send request, Share, Shared conversation, Upload; §7 Chat). Request bodies keep
 * the spec's field names (PascalCase for the send request); everything the API adds is camelCase.
 */

/** Share links live between 1 day and 1 year; 7 days when not said. */
export const SHARE_EXPIRY_DAYS = { min: 1, max: 365, default: 7 } as const;

export const modelCapability = z.enum(modelCapabilities);
export type ModelCapability = z.infer<typeof modelCapability>;

export const modelPlan = z.enum(modelPlans);
export type ModelPlan = z.infer<typeof modelPlan>;

export const modelProvider = z.enum(modelProviders);
export type ModelProvider = z.infer<typeof modelProvider>;

/** One model as the current user sees it. Keys and endpoints never reach the browser. */
export const chatModel = z.object({
  id: z.string(),
  name: z.string(),
  provider: modelProvider,
  capabilities: z.array(modelCapability),
  plan: modelPlan,
  /** False when the model needs a plan above the user's: shown locked, with an upgrade hint. */
  available: z.boolean(),
});
export type ChatModel = z.infer<typeof chatModel>;

/** GET /api/chat/models and GET /api/chat/models/chat. */
export const chatModelsResponse = z.object({
  models: z.array(chatModel),
  /** The model a new chat starts with (null when none is available). */
  defaultModelId: z.string().nullable(),
  /** True when only the sandbox model is configured (the UI says so). */
  sandbox: z.boolean(),
  /**
   * The command that downloads a real local model, when the sandbox stands in for one (nothing
   * configured, no model installed); null otherwise. The chat then tells users that replies come
   * from a demo model, never the command: that is for the operator (start-up log, /api/health).
   */
  pullCommand: z.string().nullable(),
});
export type ChatModelsResponse = z.infer<typeof chatModelsResponse>;

export const chatRole = z.enum(chatRoles);
export type ChatRole = z.infer<typeof chatRole>;

export const messageStatus = z.enum(messageStatuses);
export type MessageStatus = z.infer<typeof messageStatus>;

export const audioFormat = z.enum(audioFormats);
export type AudioFormat = z.infer<typeof audioFormat>;

/** A spoken reply, inline (base64) so it needs no second request and no stored file. */
export const spokenReply = z.object({
  format: audioFormat,
  mimeType: z.string(),
  /** Base64 of the audio file. */
  data: z.string(),
  voice: z.string(),
});
export type SpokenReply = z.infer<typeof spokenReply>;

/**
 * One sentence of a streamed reply, spoken (the `speech` event): sent as soon as the sentence is
 * complete and synthesised, so the reply is heard while it is still being written.
 */
export const spokenSentencePart = spokenReply.extend({
  /** 0, 1, 2… in the order they are to be heard. */
  index: z.number().int().min(0),
  /** What it says (speakable text: no Markdown), for captions. */
  text: z.string(),
});
export type SpokenSentencePart = z.infer<typeof spokenSentencePart>;

export const chatMessage = z.object({
  id: z.string(),
  role: chatRole,
  content: z.string(),
  /** ISO 8601 */
  createdAt: z.string(),
  /** The model that wrote an assistant message. */
  modelId: z.string().nullable(),
  /** Images attached to a user message (URLs the API serves to their owner). */
  imageUrls: z.array(z.string()),
  status: messageStatus,
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** A visitor's earlier turns (kept in their browser only), sent along for context. */
export const historyTurn = z.object({
  role: chatRole,
  content: z.string().max(MESSAGE_MAX_LENGTH),
});
export type HistoryTurn = z.infer<typeof historyTurn>;

/**
 * §3 Chat send request: POST /api/chat/send (JSON answer) and POST /api/chat/stream (server-sent
 * events, what the SPA uses). ModelId is checked by the handler so its §5 text is the answer.
 */
export const chatSendRequest = z.object({
  Message: z.string().trim().max(MESSAGE_MAX_LENGTH),
  ModelId: z.string().trim().nullish(),
  ReturnAudio: z.boolean().default(false),
  Voice: z.string().max(64).nullish(),
  AudioFormat: audioFormat.default('mp3'),
  /** 0.5–2, 1 is normal speed. */
  Speed: z.number().min(0.5).max(2).nullish(),
  /** 0.5–2, 1 is the voice's own pitch. */
  Pitch: z.number().min(0.5).max(2).nullish(),
  /** §5: an empty conversation id is sent as null. Signed-in users only. */
  ConversationId: z.string().nullish(),
  /** Images from POST /api/chat/upload, for vision-capable models. */
  ImageUrls: z.array(z.string()).max(4).default([]),
  /** Visitors only: the conversation so far, from their browser. */
  History: z.array(historyTurn).max(100).default([]),
  /**
   * Regenerate: drop the last assistant reply and answer the last user message again (Message
   * is ignored). Edit and resend: replace the user message with this id (and everything after
   * it) by Message.
   */
  Regenerate: z.boolean().default(false),
  EditMessageId: z.string().nullish(),
});
export type ChatSendRequest = z.input<typeof chatSendRequest>;
export type ChatSendBody = z.output<typeof chatSendRequest>;

/** POST /api/chat/send */
export const chatSendResponse = z.object({
  /** Null for visitors (their conversation lives in their browser). */
  conversationId: z.string().nullable(),
  title: z.string().nullable(),
  userMessage: chatMessage,
  message: chatMessage,
  audio: spokenReply.nullable(),
});
export type ChatSendResponse = z.infer<typeof chatSendResponse>;

/** A model provider's retry hint, in whole seconds (at most a day). */
export const retryAfterSeconds = z.number().int().min(1).max(86_400);

/**
 * 502 of send and rewrite: the model provider failed. `retryAfterSeconds` (also sent as the
 * Retry-After header) when the provider said when to try again.
 */
export const providerErrorResponse = errorResponse.extend({
  retryAfterSeconds: retryAfterSeconds.optional(),
});
export type ProviderErrorResponse = z.infer<typeof providerErrorResponse>;

/**
 * POST /api/chat/stream and GET /api/chat/replies/{id}/events: `event: <type>` + `id: <n>` +
 * `data: <json>` frames, in this order: start, queue*, delta*, then done, stopped or error;
 * speech (when asked) among the deltas. `queue` comes only from the local model, which answers
 * one request at a time: the reply's place in line while it waits. A reply is written whether
 * or not anyone is connected: `id` numbers its events (1, 2, 3…) so a follower that lost its
 * connection asks for the rest after the last it had (Last-Event-ID), from any instance.
 */
export const chatStreamEvents = {
  start: z.object({
    conversationId: z.string().nullable(),
    userMessage: chatMessage,
    /** Also the reply's id: what /api/chat/replies/{id} follows and stops. */
    assistantMessageId: z.string(),
    modelId: z.string(),
  }),
  /** 1 = next in line. */
  queue: z.object({ position: z.number().int().min(1) }),
  delta: z.object({ text: z.string() }),
  /** A sentence spoken, when the request asked for audio (ReturnAudio); all come before `done`. */
  speech: spokenSentencePart,
  done: z.object({ message: chatMessage, title: z.string().nullable() }),
  /** Stopped on request (from any tab or instance): what was written, kept as stopped. */
  stopped: z.object({ message: chatMessage.nullable() }),
  error: z.object({
    message: z.string(),
    /**
     * quota: the daily limit was reached (offer the upgrade); rate-limit: the model provider
     * refused for now (its 429); timeout: the model went silent or took too long; interrupted:
     * the server writing it went away (a restart), and the reply ends where it got to.
     */
    code: z
      .enum(['quota', 'provider', 'rate-limit', 'timeout', 'invalid', 'interrupted'])
      .optional(),
    /** The reply as far as it got, kept with status error or interrupted (null: nothing written). */
    partial: chatMessage.nullable(),
    /** When the provider said to try again: whole seconds from now (only when it said). */
    retryAfterSeconds: retryAfterSeconds.optional(),
  }),
} as const;
export type ChatStreamEventType = keyof typeof chatStreamEvents;
export type ChatStreamEvent = {
  [K in ChatStreamEventType]: { type: K; data: z.infer<(typeof chatStreamEvents)[K]> };
}[ChatStreamEventType];

/** POST /api/chat/replies/{id}/stop: whether the reply was still being written when asked. */
export const stopReplyResponse = z.object({ stopping: z.boolean() });
export type StopReplyResponse = z.infer<typeof stopReplyResponse>;

/** The daily quota error body (429): the §8 error body plus what the UI needs to offer more. */
export const quotaErrorResponse = z.object({
  message: z.string(),
  code: z.literal('quota'),
  /** The caller's own daily limit. */
  limit: z.number().int(),
  /** What the caller can still use today (a request for more than this was refused). */
  remaining: z.number().int().nonnegative(),
  /**
   * `plan`: the caller's own daily limit; `address`: the ceiling every visitor behind one
   * network address shares (signing in lifts it).
   */
  refusedBy: z.enum(['plan', 'address']),
  /** ISO 8601: when the count starts again (midnight UTC). */
  resetsAt: z.string(),
  upgradeUrl: z.string(),
});
export type QuotaErrorResponse = z.infer<typeof quotaErrorResponse>;

export const conversationSummary = z.object({
  id: z.string(),
  title: z.string(),
  modelId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  messageCount: z.number().int(),
  /** The start of the last message, for the list. */
  preview: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummary>;

/** POST /api/chat/conversation */
export const createConversationRequest = z.object({
  title: z.string().trim().max(200).nullish(),
  modelId: z.string().nullish(),
});
export type CreateConversationRequest = z.infer<typeof createConversationRequest>;

/** PATCH /api/chat/{id}: rename. */
export const renameConversationRequest = z.object({
  title: z.string().trim().min(1).max(200),
});
export type RenameConversationRequest = z.infer<typeof renameConversationRequest>;

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** GET /api/chat/conversations?page=&pageSize=&search= (newest first). */
export const conversationsQuery = pageQuery.extend({
  search: z.string().trim().max(200).optional(),
});
export const conversationsResponse = z.object({
  items: z.array(conversationSummary),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type ConversationsResponse = z.infer<typeof conversationsResponse>;

/** GET /api/chat/{id}: the conversation with its latest messages (oldest first). */
export const conversationDetail = conversationSummary.extend({
  messages: z.array(chatMessage),
  /**
   * The reply being written in this conversation now (its assistant message id), which any tab
   * may follow at GET /api/chat/replies/{id}/events; null when none is.
   */
  liveReplyId: z.string().nullable(),
});
export type ConversationDetail = z.infer<typeof conversationDetail>;

/** GET /api/chat/history/{id}?page=&pageSize=: page 1 is the newest; items oldest first. */
export const historyResponse = z.object({
  items: z.array(chatMessage),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** As in conversationDetail: the reply being written now, to follow (null: none). */
  liveReplyId: z.string().nullable(),
});
export type HistoryResponse = z.infer<typeof historyResponse>;

/** §3 Share request. */
export const shareRequest = z.object({
  conversationId: z.string().min(1),
  expiresInDays: z
    .number()
    .int()
    .min(SHARE_EXPIRY_DAYS.min)
    .max(SHARE_EXPIRY_DAYS.max)
    .default(SHARE_EXPIRY_DAYS.default),
});
export type ShareRequest = z.input<typeof shareRequest>;

/** §3 Share response; also GET /api/chat/share/status/{id}. */
export const shareResponse = z.object({
  isShared: z.boolean(),
  slug: z.string().nullable(),
  shareUrl: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type ShareResponse = z.infer<typeof shareResponse>;

/**
 * GET /api/chat/share/status/{id}: the link, and the longest lifetime the caller's plan allows a
 * new one (the plan's shareLinkMaxDays, the same number the share request is held to), so the
 * dialog offers what the plan promises and nothing it would refuse.
 */
export const shareStatusResponse = shareResponse.extend({
  maxExpiresInDays: z.number().int().min(SHARE_EXPIRY_DAYS.min).max(SHARE_EXPIRY_DAYS.max),
});
export type ShareStatusResponse = z.infer<typeof shareStatusResponse>;

/** GET /api/chat/shares: the user's live share links (listed in /profile, each revocable). */
export const sharedLink = z.object({
  conversationId: z.string(),
  title: z.string(),
  slug: z.string(),
  shareUrl: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export const sharedLinksResponse = z.object({ items: z.array(sharedLink) });
export type SharedLink = z.infer<typeof sharedLink>;
export type SharedLinksResponse = z.infer<typeof sharedLinksResponse>;

/** §3 Upload response. */
export const uploadResponse = z.object({ imageUrl: z.string() });
export type UploadResponse = z.infer<typeof uploadResponse>;

/** POST /api/chat/rewrite: how to rewrite. */
export const rewriteInstruction = z.enum(rewriteInstructions);
export type RewriteInstruction = z.infer<typeof rewriteInstruction>;

export const rewriteRequest = z.object({
  text: z.string().trim().min(1).max(MESSAGE_MAX_LENGTH),
  instruction: rewriteInstruction,
  modelId: z.string().nullish(),
});
export type RewriteRequest = z.infer<typeof rewriteRequest>;
export const rewriteResponse = z.object({ text: z.string(), modelId: z.string() });
export type RewriteResponse = z.infer<typeof rewriteResponse>;

/** GET /api/chat/export/{id}?format=json|markdown */
export const exportFormats = ['json', 'markdown'] as const;
export const exportQuery = z.object({ format: z.enum(exportFormats).default('json') });
export type ExportFormat = (typeof exportFormats)[number];

/**
 * One voice, as GET /api/chat/voices and GET /api/voice/voices list it: what speaks it and how good
 * it is, said beside it so nobody is surprised.
 */
export const voice = z.object({
  /** `<provider>:<its own voice name>` (`flite:rms`, `espeak:vi+f3`, `openai:alloy`): unique across engines. */
  id: z.string(),
  name: z.string(),
  /** BCP 47 base language: en or vi. */
  language: z.string(),
  /** What speaks it, as shown: `Flite`, `eSpeak NG`, a provider's model (`gpt-4o-mini-tts`). */
  engine: z.string(),
  provider: z.enum(voiceProviders),
  quality: z.enum(voiceQualities),
  /** The plan that may use it. */
  plan: modelPlan,
  capabilities: z.array(z.enum(voiceCapabilities)),
  /** The app's own sandbox stand-in (a loopback server speaking a provider's protocol). */
  sandbox: z.boolean(),
});
export const voicesResponse = z.object({
  voices: z.array(voice),
  defaultVoice: z.record(z.string(), z.string()),
});
export type Voice = z.infer<typeof voice>;
export type VoicesResponse = z.infer<typeof voicesResponse>;
