import fp from 'fastify-plugin';
import { planEntitlements, tierOf } from '../../domains/billing/entitlements.ts';
import {
  createOwnedConversationsRepository,
  type OwnedConversationsRepository,
} from '../../domains/sharing/owned-conversations.repository.ts';
import { createSharingRepository } from '../../domains/sharing/sharing.repository.ts';
import {
  createSharingService,
  type SharingService,
} from '../../domains/sharing/sharing.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Share links: create, revoke, list, and the public read of a snapshot and its images. */
    sharing: SharingService;
    /** A conversation read whole, only by its owner: what sharing snapshots and export writes. */
    ownedConversations: OwnedConversationsRepository;
  }
}

export const sharingPlugin = fp(
  async (app) => {
    const { users } = app;
    const entitlements = planEntitlements(app.config.dailyLimitsByMeter);
    const ownedConversations = createOwnedConversationsRepository(app.db);
    app.decorate('ownedConversations', ownedConversations);
    app.decorate(
      'sharing',
      createSharingService({
        // Read fresh on every share: a payment or refund changes the limits at once.
        limitsFor: async (userId) => entitlements[tierOf(await users.findById(userId), app.now())],
        conversations: ownedConversations,
        shares: createSharingRepository(app.db),
        images: app.imageUploads,
        publicUrl: app.config.publicUrl,
        log: app.log,
        now: () => app.now(),
      }),
    );
  },
  { name: 'sharing', dependencies: ['config', 'database', 'auth', 'users', 'uploads'] },
);
