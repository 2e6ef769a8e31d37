import { chatModelsResponse, type ChatModelsResponse, errorResponse } from '@studio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { planOf } from '../../domains/billing/entitlements.ts';
import { readErrorResponses } from '../../http/errors.ts';

const unauthorized = errorResponse.describe(
  'A bearer token was sent but is invalid, expired or revoked (send none to browse as a visitor)',
);

/**
 * The models the caller may choose from (§3 "GET /api/chat/models"). Public: a visitor sees the
 * free plan's view; a bearer token, when sent, gives the user's plan. Models above the plan are
 * listed with `available: false`, so the picker can show them locked with an upgrade hint.
 * Nothing about providers' keys or endpoints is in the answer.
 */
export const chatModelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { models } = app;
  const options = {
    config: { rateLimit: app.rateLimits.api },
    onRequest: app.identify,
  };

  function view(plan: ReturnType<typeof planOf>, textOnly: boolean): ChatModelsResponse {
    const visible = models
      .forPlan(plan)
      .filter((model) => !textOnly || model.capabilities.includes('text'));
    return {
      models: visible,
      defaultModelId: models.defaultModelId(plan),
      sandbox: models.sandboxOnly,
      pullCommand: models.pullCommand ?? null,
    };
  }

  app.get(
    '/chat/models',
    {
      schema: {
        tags: ['chat'],
        summary: 'Every configured model, with whether the caller’s plan may use it',
        response: { ...readErrorResponses, 200: chatModelsResponse, 401: unauthorized },
      },
      ...options,
    },
    async (request) => view(planOf(request.auth?.user ?? null), false),
  );

  app.get(
    '/chat/models/chat',
    {
      schema: {
        tags: ['chat'],
        summary: 'The text-capable models (the chat picker), with the caller’s availability',
        response: { ...readErrorResponses, 200: chatModelsResponse, 401: unauthorized },
      },
      ...options,
    },
    async (request) => view(planOf(request.auth?.user ?? null), true),
  );
};
