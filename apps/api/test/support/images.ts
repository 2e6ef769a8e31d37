import { randomBytes } from 'node:crypto';
import type { ImageJob, ImageModelsResponse, JobView } from '@studio/contracts';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect, vi } from 'vitest';
import type { App } from '../../src/app.ts';

/**
 * The image tools' test app: the sandbox models and a Pro one (to be refused to free users),
 * small daily limits so a quota is reached in a few requests.
 */
export const imagesTestEnv = {
  IMAGE_MODELS: JSON.stringify([
    { id: 'sandbox', name: 'Sandbox image', provider: 'sandbox', model: 'gpt-image-1' },
    {
      id: 'sandbox-imagen',
      name: 'Sandbox Imagen',
      provider: 'sandbox',
      model: 'imagen-4.0-generate-001',
    },
    {
      id: 'sandbox-pro',
      name: 'Sandbox Pro',
      provider: 'sandbox',
      model: 'gpt-image-1',
      plan: 'pro',
    },
  ]),
  IMAGE_DAILY_LIMIT_VISITOR: '3',
  IMAGE_DAILY_LIMIT_FREE: '8',
  IMAGE_DAILY_LIMIT_PRO: '10',
  // What all visitors behind one address share: a few visitors' worth.
  IMAGE_DAILY_LIMIT_PER_ADDRESS: '7',
  RATE_LIMIT_API_MAX: '100000',
  // Small, so an upload over it is cheap to send.
  UPLOAD_MAX_BYTES: String(1024 * 1024),
};

/** A key a visitor's browser would make (32 random bytes, base64url). */
export const newVisitorKey = () => randomBytes(32).toString('base64url');

export interface Caller {
  bearer?: string;
  visitorKey?: string;
  /** The network address the request comes from (inject's default is 127.0.0.1). */
  address?: string;
}

export function headersOf(caller: Caller): Record<string, string> {
  return {
    ...(caller.bearer ? { authorization: `Bearer ${caller.bearer}` } : {}),
    ...(caller.visitorKey ? { 'x-visitor-key': caller.visitorKey } : {}),
  };
}

/** An injected request as a user (bearer) or a visitor (key), JSON when there is a body. */
export function send(
  app: App,
  caller: Caller,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: headersOf(caller),
    ...(caller.address ? { remoteAddress: caller.address } : {}),
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

/** A multipart/form-data body: the JSON field `request` and the files, as the browser sends. */
export function generationForm(
  request: unknown,
  files: { field: 'source' | 'mask' | 'reference'; data: Buffer }[],
) {
  const boundary = `----studio${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="request"\r\n\r\n${JSON.stringify(request)}\r\n`,
    ),
  ];
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.field}.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A plain picture of one colour. */
export function solidPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 51, g: 102, b: 204 } } })
    .png()
    .toBuffer();
}

/** A mask: opaque everywhere but a transparent square at the top left (where it may change). */
export function maskPng(width: number, height: number, hole: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 4, 255);
  for (let y = 0; y < hole; y += 1) {
    for (let x = 0; x < hole; x += 1) pixels[(y * width + x) * 4 + 3] = 0;
  }
  return sharp(pixels, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/** The caller's job once it has ended (or reached `state`). */
export async function jobWhen(
  app: App,
  caller: Caller,
  jobId: string,
  states: JobView['state'][] = ['completed', 'failed', 'cancelled'],
  timeout = 15_000,
): Promise<ImageJob> {
  return vi.waitFor(
    async () => {
      const response = await send(app, caller, 'GET', `/api/jobs/${jobId}`);
      expect(response.statusCode, response.body).toBe(200);
      const job = response.json<ImageJob>();
      expect(states).toContain(job.state);
      return job;
    },
    { timeout, interval: 25 },
  );
}

/** Starts a generation (JSON) and answers its job, checked to be accepted. */
export async function startGeneration(app: App, caller: Caller, request: Record<string, unknown>) {
  const response = await send(app, caller, 'POST', '/api/images/generations', {
    tool: 'imagen',
    modelId: 'sandbox',
    ...request,
  });
  expect(response.statusCode, response.body).toBe(202);
  return response.json<ImageJob>();
}

/** Today's quota as GET /api/images/models tells it. */
export async function quotaOf(app: App, caller: Caller) {
  const response = await send(app, caller, 'GET', '/api/images/models');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImageModelsResponse>().quota;
}
