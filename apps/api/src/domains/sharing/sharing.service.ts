import { randomBytes, randomUUID } from 'node:crypto';
import {
  type SharedConversationResponse,
  sharedConversationResponse,
  type SharedLinksResponse,
  type ShareResponse,
  SHARE_EXPIRY_DAYS,
  type ShareStatusResponse,
} from '@studio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { PlanEntitlements } from '@studio/contracts';
import { z } from 'zod';
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

/**
 * The owner's uploaded images, as the sharing service needs them (the uploads domain's
 * ImageUploads): which upload a message's image URL names, and its stored object's key if the
 * user owns it.
 */
export interface ShareableImages {
  idOf(imageUrl: string): string | null;
  ownedKey(userId: string, id: string): Promise<string | null>;
}

/**
 * What a share stores: the messages as shown, with their images as upload ids (the public
 * paths are made from the slug when the link is read). Links made before images were shared
 * have no imageIds.
 */
const storedSnapshot = z.object({
  title: z.string().nullish(),
  messages: z.array(
    z.object({
      role: z.string(),
      content: z.string(),
      timestamp: z.string(),
      imageIds: z.array(z.string()).default([]),
    }),
  ),
});
type StoredSnapshot = z.input<typeof storedSnapshot>;

/** Where a shared image is served: under the link, so it lives and dies with it. */
export const sharedImagePath = (slug: string, imageId: string) =>
  `/api/chat/share/${slug}/images/${imageId}`;

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
  images,
}: {
  /** The caller's plan limits; without it (tools, tests) links are unlimited within the contract. */
  limitsFor?: (userId: string) => Promise<ShareLimits>;
  conversations: OwnedConversationsRepository;
  shares: SharingRepository;
  images: ShareableImages;
  publicUrl: string;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  const shareUrlOf = (slug: string) => `${publicUrl}/share/${slug}`;

  async function liveSnapshot(slug: string) {
    const live = slugPattern.test(slug) ? await shares.findLiveBySlug(slug, now()) : null;
    return live
      ? { userId: live.userId, snapshot: storedSnapshot.parse(JSON.parse(live.snapshot)) }
      : null;
  }

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
      // Only finished turns: no failed replies, nothing still being written, no empty turns.
      // Images go by their upload id; whether the owner still has them is checked when served.
      const snapshot: StoredSnapshot = {
        title: conversation.title,
        messages: (await conversations.messages(conversation.id))
          .map((message) => ({
            ...message,
            imageIds: message.imageUrls
              .map((url) => images.idOf(url))
              .filter((id): id is string => id !== null),
          }))
          .filter(
            (message) =>
              message.status !== 'error' &&
              (message.content.trim() !== '' || message.imageIds.length > 0),
          )
          .map((message) => ({
            role: message.role,
            content: message.content,
            timestamp: message.createdAt,
            imageIds: message.imageIds,
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

    async status(userId: string, conversationId: string): Promise<ShareStatusResponse> {
      const conversation = await ownedConversation(userId, conversationId);
      const live = await shares.findLive(userId, conversation.id, now());
      const maxExpiresInDays = limitsFor
        ? (await limitsFor(userId)).shareLinkMaxDays
        : SHARE_EXPIRY_DAYS.max;
      return live
        ? {
            isShared: true,
            slug: live.slug,
            shareUrl: shareUrlOf(live.slug),
            expiresAt: live.expiresAt,
            maxExpiresInDays,
          }
        : { ...notShared, maxExpiresInDays };
    },

    async revoke(userId: string, conversationId: string): Promise<void> {
      const conversation = await ownedConversation(userId, conversationId);
      await shares.revoke(userId, conversation.id, now());
      log.info({ event: 'share_revoked', conversationId }, 'share revoked');
    },

    /** The public view behind a slug; unknown, expired and revoked all look the same. */
    async view(slug: string): Promise<SharedConversationResponse> {
      const live = await liveSnapshot(slug);
      if (!live) throw new HttpError(404, sharingTexts.shareNotFound);
      return sharedConversationResponse.parse({
        title: live.snapshot.title,
        messages: live.snapshot.messages.map(({ imageIds, ...message }) => ({
          ...message,
          imageUrls: imageIds.map((id) => sharedImagePath(slug, id)),
        })),
      });
    },

    /**
     * An image of a shared conversation, to anyone holding the link: only while the link lives,
     * only an image its snapshot shows, and only while its owner (the sharer) still has it.
     * The stored object's key, or null for anything else, all alike.
     */
    async image(slug: string, imageId: string): Promise<string | null> {
      const live = await liveSnapshot(slug);
      if (!live?.snapshot.messages.some((message) => message.imageIds.includes(imageId))) {
        return null;
      }
      return images.ownedKey(live.userId, imageId);
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
