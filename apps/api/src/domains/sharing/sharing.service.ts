import { randomBytes, randomUUID } from 'node:crypto';
import {
  type SharedConversationResponse,
  sharedConversationResponse,
  type SharedLinksResponse,
  type ShareResponse,
} from '@studio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { PlanEntitlements } from '@studio/contracts';
import { errorTexts, HttpError } from '../../http/errors.ts';
import type { OwnedConversationsRepository } from './owned-conversations.repository.ts';
import type { SharingRepository } from './sharing.repository.ts';

export const sharingTexts = {
  // The chat routes' text: another user's conversation answers exactly like a missing one.
  conversationNotFound: errorTexts[404],
  shareNotFound: 'This shared conversation does not exist or has expired.',
  tooManyLinks: (limit: number) =>
    `Your plan allows ${limit} active share links. Revoke one, or upgrade at /plans for more.`,
  tooLong: (days: number) =>
    `Your plan allows share links of up to ${days} days. Choose a shorter time, or upgrade at /plans.`,
} as const;

/** What a user's plan allows for share links (domains/billing/entitlements.ts). */
export type ShareLimits = Pick<PlanEntitlements, 'activeShareLinks' | 'shareLinkMaxDays'>;

/** 24 random bytes: 192 bits, 32 base64url characters (security.md: at least 128 bits). */
const slugBytes = 24;
const slugPattern = /^[A-Za-z0-9_-]{32}$/;

const notShared: ShareResponse = { isShared: false, slug: null, shareUrl: null, expiresAt: null };

/**
 * Share links (§2, §3): a link shows a snapshot of the conversation taken when it was shared,
 * readable by anyone holding the slug until it expires or is revoked.
 */
export function createSharingService({
  conversations,
  shares,
  publicUrl,
  log,
  now,
  limitsFor,
}: {
  /** The caller's plan limits; without it (tools, tests) links are unlimited within the contract. */
  limitsFor?: (userId: string) => Promise<ShareLimits>;
  conversations: OwnedConversationsRepository;
  shares: SharingRepository;
  publicUrl: string;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  const shareUrlOf = (slug: string) => `${publicUrl}/share/${slug}`;

  async function ownedConversation(userId: string, conversationId: string) {
    const conversation = await conversations.find(userId, conversationId);
    if (!conversation) throw new HttpError(404, sharingTexts.conversationNotFound);
    return conversation;
  }

  return {
    /**
     * Shares a conversation as it is now. Sharing it again makes a new snapshot under a new slug
     * and revokes the previous link: one conversation has at most one live link, and it always
     * shows what the owner last chose to share.
     */
    async share(userId: string, conversationId: string, expiresInDays: number) {
      const conversation = await ownedConversation(userId, conversationId);
      const time = now();
      if (limitsFor) {
        const limits = await limitsFor(userId);
        if (expiresInDays > limits.shareLinkMaxDays) {
          throw new HttpError(403, sharingTexts.tooLong(limits.shareLinkMaxDays));
        }
        // Re-sharing a conversation replaces its link, so it never adds to the count.
        const live = await shares.listLive(userId, time);
        const replacing = live.some((share) => share.conversationId === conversation.id);
        if (!replacing && live.length >= limits.activeShareLinks) {
          throw new HttpError(403, sharingTexts.tooManyLinks(limits.activeShareLinks));
        }
      }
      // Only finished text: no failed replies, nothing still being written, no empty turns.
      const snapshot: SharedConversationResponse = {
        title: conversation.title,
        messages: (await conversations.messages(conversation.id))
          .filter((message) => message.status !== 'error' && message.content.trim() !== '')
          .map((message) => ({
            role: message.role,
            content: message.content,
            timestamp: message.createdAt,
          })),
      };
      const slug = randomBytes(slugBytes).toString('base64url');
      const expiresAt = new Date(time.getTime() + expiresInDays * 86_400_000);
      await shares.replace(
        {
          id: randomUUID(),
          conversationId: conversation.id,
          userId,
          slug,
          snapshot: JSON.stringify(snapshot),
          expiresAt,
        },
        time,
      );
      log.info({ event: 'conversation_shared', conversationId, expiresInDays }, 'share created');
      return {
        isShared: true,
        slug,
        shareUrl: shareUrlOf(slug),
        expiresAt: expiresAt.toISOString(),
      } satisfies ShareResponse;
    },

    async status(userId: string, conversationId: string): Promise<ShareResponse> {
      const conversation = await ownedConversation(userId, conversationId);
      const live = await shares.findLive(userId, conversation.id, now());
      return live
        ? {
            isShared: true,
            slug: live.slug,
            shareUrl: shareUrlOf(live.slug),
            expiresAt: live.expiresAt,
          }
        : notShared;
    },

    async revoke(userId: string, conversationId: string): Promise<void> {
      const conversation = await ownedConversation(userId, conversationId);
      await shares.revoke(userId, conversation.id, now());
      log.info({ event: 'share_revoked', conversationId }, 'share revoked');
    },

    /** The public view behind a slug; unknown, expired and revoked all look the same. */
    async view(slug: string): Promise<SharedConversationResponse> {
      const snapshot = slugPattern.test(slug) ? await shares.findLiveSnapshot(slug, now()) : null;
      if (snapshot === null) throw new HttpError(404, sharingTexts.shareNotFound);
      return sharedConversationResponse.parse(JSON.parse(snapshot));
    },

    async list(userId: string): Promise<SharedLinksResponse> {
      const live = await shares.listLive(userId, now());
      return {
        items: live.map((share) => ({
          conversationId: share.conversationId,
          title: share.title,
          slug: share.slug,
          shareUrl: shareUrlOf(share.slug),
          createdAt: share.createdAt,
          expiresAt: share.expiresAt,
        })),
      };
    },
  };
}

export type SharingService = ReturnType<typeof createSharingService>;
