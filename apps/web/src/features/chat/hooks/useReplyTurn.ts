import type { ChatMessage, ChatStreamEvent } from '@studio/contracts';
import { MODEL_ID_REQUIRED } from '@studio/contracts/chatOptions';
import { useCallback, useLayoutEffect, useRef } from 'react';
import type { ChatError, SendOutcome, Turn } from './chatTurns';
import type * as ReplyEvents from './replyEvents';
import type { ReplyContext } from './replyEvents';
import type { Quota } from './useQuota';
import type { ChatReply, ReplyRequest, ReplyStream } from './useReplyStream';
import type { SpokenReplies } from './useSpokenReplies';
import type { StoredConversation } from './useStoredConversation';

/** The spoken-reply settings the chat sends with each message (F's voice controls fill them). */
export interface VoiceSettings {
  enabled: boolean;
  voice: string | null;
  speed: number;
  pitch: number;
}

/** What the next request says besides the turn itself, read when it is sent. */
export interface TurnSettings {
  modelId: string | null;
  voice?: VoiceSettings;
  signedIn: boolean;
  /** The server conversation the turn continues; null for a new one or a visitor's. */
  conversationId: string | null;
}

export interface ReplyTurnOptions {
  reply: ReplyStream;
  conversation: StoredConversation;
  quota: Quota;
  spoken: SpokenReplies;
  settings: () => TurnSettings;
  /** A new conversation got its id from the server. */
  onConversation: (id: string) => void;
  onError: (error: ChatError | null) => void;
}

// The code that writes a reply into the conversation is not part of the chat's first load: it
// loads with the first question, alongside the stream's own schemas, and stays.
let replyEvents: typeof ReplyEvents | null = null;
const loadReplyEvents = async () => (replyEvents ??= await import('./replyEvents'));

/** Runs a turn, or follows a reply already being written. */
export interface ReplyTurns {
  run: (turn: Turn) => Promise<SendOutcome>;
  /**
   * Follows the reply with this id from its first event (a reload, a second tab): it takes the
   * place of what was kept of it and goes on live to its end.
   */
  follow: (replyId: string) => Promise<SendOutcome>;
}

/**
 * Runs one turn: shows the question at once, follows the reply as it streams into the message
 * list (replyEvents), and settles it as sent, stopped or failed (§8). Follows a reply already
 * being written the same way.
 */
export function useReplyTurn(options: ReplyTurnOptions): ReplyTurns {
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });

  const stream = useCallback(
    async (
      turn: Turn,
      before: ChatMessage[],
      request: ReplyRequest,
      following: boolean,
    ): Promise<SendOutcome> => {
      const { reply, conversation, quota, spoken, settings, onConversation, onError } =
        latest.current;
      const { signedIn } = settings();
      const context: ReplyContext = {
        conversation,
        quota,
        spoken,
        onConversation,
        onError,
        turn,
        before,
        signedIn,
        following,
        conversationId: () => settings().conversationId,
      };
      // Events that come before that code has loaded (the first reply only) wait for it, in order.
      const early: [ChatStreamEvent, ChatReply][] = [];
      const loading = loadReplyEvents().then((module) => {
        for (const [event, result] of early.splice(0)) {
          module.applyReplyEvent(event, result, context);
        }
        return module;
      });
      const outcome = await reply.start(request, (event, result) => {
        if (replyEvents && early.length === 0) replyEvents.applyReplyEvent(event, result, context);
        else early.push([event, result]);
      });
      const loaded = await loading.catch(() => null);
      if (!loaded) {
        // The reply's code did not load (offline): as a send that failed before it started.
        conversation.setMessages(() => before);
        if (!following) onError({ kind: 'send', message: null });
        return { status: 'failed', draft: turn.draft };
      }
      return loaded.settleReply(outcome, context);
    },
    [],
  );

  const run = useCallback(
    async (turn: Turn): Promise<SendOutcome> => {
      const { reply, conversation, quota, settings, onError } = latest.current;
      const { modelId, voice, signedIn, conversationId } = settings();
      const failed: SendOutcome = { status: 'failed', draft: turn.draft };
      if (reply.current().status === 'streaming') return failed;
      if (!modelId) {
        onError({ kind: 'send', message: MODEL_ID_REQUIRED });
        return failed;
      }
      const before = conversation.currentMessages();
      conversation.setMessages(() => (turn.user ? [...turn.base, turn.user] : turn.base));
      onError(null);
      quota.clear();
      return stream(
        turn,
        before,
        {
          ...turn.request,
          ModelId: modelId,
          // §5: an empty conversation id is sent as null.
          ConversationId: signedIn ? conversationId || null : null,
          ReturnAudio: voice?.enabled ?? false,
          AudioFormat: 'mp3',
          ...(voice?.enabled ? { Voice: voice.voice, Speed: voice.speed, Pitch: voice.pitch } : {}),
        },
        false,
      );
    },
    [stream],
  );

  const follow = useCallback(
    async (replyId: string): Promise<SendOutcome> => {
      const { reply, conversation } = latest.current;
      if (reply.current().status === 'streaming') return { status: 'failed', draft: '' };
      const base = conversation.currentMessages();
      return stream(
        { base, user: null, request: { Message: '' }, draft: '' },
        base,
        { FollowReplyId: replyId },
        true,
      );
    },
    [stream],
  );

  return { run, follow };
}
