import type { FastifyPluginAsync } from 'fastify';
import { chatConversationRoutes } from './conversations.ts';
import { chatExportRoutes } from './export.ts';
import { chatModelsRoutes } from './models.ts';
import { chatSharingRoutes } from './sharing.ts';
import { chatUploadRoutes } from './uploads.ts';
import { chatVoicesRoutes } from './voices.ts';

/**
 * The chat's routes (§7 Chat), one domain as the image tools' are: its models and voices,
 * sending and the conversations, the pictures a message carries, sharing a conversation and
 * exporting one. Each part is a plugin of its own file (its own hooks and body parsers); the
 * paths are the spec's, under the prefix this is registered with.
 */
export const chatRoutes: FastifyPluginAsync = async (app) => {
  await app.register(chatModelsRoutes);
  await app.register(chatVoicesRoutes);
  await app.register(chatSharingRoutes);
  await app.register(chatExportRoutes);
  await app.register(chatUploadRoutes);
  await app.register(chatConversationRoutes);
};
