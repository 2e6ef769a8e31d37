import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import packageJson from '../../../package.json' with { type: 'json' };
import { docsCsp } from '../../security/content-security-policy.ts';

interface SwaggerRequest {
  headers?: Record<string, string>;
}

/**
 * Runs in the browser: Swagger UI serialises it into its initializer script, so it must be
 * self-contained (no imports, no closure). Echoes the XSRF-TOKEN cookie in X-XSRF-TOKEN so
 * "Try it out" passes the CSRF check the way the SPA does.
 */
function echoXsrfToken(request: SwaggerRequest): SwaggerRequest {
  const { document } = globalThis as unknown as { document: { cookie: string } };
  const match = /(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie);
  if (match?.[1]) {
    request.headers = { ...request.headers, 'X-XSRF-TOKEN': decodeURIComponent(match[1]) };
  }
  return request;
}

/**
 * The OpenAPI document, generated from the routes' zod schemas, at /api/docs/json, and Swagger UI
 * at /api/docs under its own, slightly wider CSP (inline style attributes only).
 */
export const openApiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'AI Studio API',
          description:
            'The HTTP API of the AI studio. State-changing requests that carry cookies must echo the XSRF-TOKEN cookie in the X-XSRF-TOKEN header.',
          version: packageJson.version,
        },
        tags: [
          { name: 'system', description: 'Health and runtime configuration' },
          { name: 'preferences', description: 'Visitor preferences' },
          { name: 'contact', description: 'The contact form' },
          { name: 'newsletter', description: 'Newsletter double opt-in' },
          { name: 'auth', description: 'First-party sign-in, sessions and refresh' },
          { name: 'profile', description: "The signed-in user's profile and preferences" },
          { name: 'chat', description: 'Models, conversations, sharing, export, images, voices' },
          {
            name: 'payments',
            description: 'Pricing, payment methods, VNPay and PayPal, membership',
          },
          { name: 'webauthn', description: 'Passkeys: registration, verification, devices' },
          {
            name: 'jobs',
            description: 'Your background jobs: state, progress events, cancel, result download',
          },
          {
            name: 'images',
            description:
              'The image tools: models and quota, generations (jobs), the gallery, families',
          },
          {
            name: 'music',
            description:
              'The music creator: models and allowance, pieces (jobs), their files, families, describing a piece',
          },
          {
            name: 'vision',
            description:
              "The vision tool: a picture read offline (OCR, a job), its text's table as CSV or XLSX, and answers about it streamed from the chat's models",
          },
          {
            name: 'office',
            description:
              'The office tools: documents read offline (OCR for scans), summaries and answers with cited pages, tables, conversions, translations and generated documents',
          },
          {
            name: 'writer',
            description:
              "The content writer: pieces written from templates and texts transformed, streamed from the chat's models; a user's documents with their versions; exports to DOCX, PDF and Markdown; saved and shared templates",
          },
          {
            name: 'library',
            description:
              "Everything you made with the tools in one list, and moving a visitor's things into your account",
          },
          { name: 'development', description: 'Development-only tools' },
        ],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { deepLinking: true, docExpansion: 'list', requestInterceptor: echoXsrfToken },
      staticCSP: docsCsp(app.config),
    });
  },
  { name: 'openapi', dependencies: ['config'] },
);
