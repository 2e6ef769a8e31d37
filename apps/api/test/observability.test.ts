import { randomBytes } from 'node:crypto';
import { livenessResponse, readinessResponse } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { call } from './support/auth.ts';
import { sendBody, useChatTestApp } from './support/chat.ts';
import { databaseKinds } from './support/databases.ts';
import { testAuthSecret, testCsrfSecret, useTestApp } from './support/test-app.ts';

const metricsToken = 'metrics-token-4f9a1c7e2b8d6a0f3e5c9b1d7a2f4e6c';
const uniquePrefix = () => `test-obs-${randomBytes(6).toString('hex')}`;

describe.each(databaseKinds)('health probes on %s', (kind) => {
  describe('with Redis', () => {
    const t = useTestApp(kind, {
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: uniquePrefix(),
    });

    it('live answers 200 whenever the process answers', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(response.statusCode).toBe(200);
      expect(livenessResponse.parse(response.json())).toEqual({ status: 'live' });
    });

    it('ready runs every check: the database and Redis', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode, response.body).toBe(200);
      const body = readinessResponse.parse(response.json());
      expect(body.status).toBe('ready');
      expect(body.checks.map((check) => check.name)).toEqual(
        expect.arrayContaining(['database', 'redis']),
      );
      expect(body.checks.every((check) => check.ok)).toBe(true);
    });

    it('ready answers 503 "draining" once the server shuts down, live still 200', async () => {
      t.app.readiness.startDraining();
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(readinessResponse.parse(ready.json())).toEqual({ status: 'draining', checks: [] });
      const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
    });
  });

  describe('with the database gone', () => {
    const t = useTestApp(kind);

    it('ready answers 503 naming the database and why', async () => {
      await t.app.db.destroy();
      const response = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      const body = readinessResponse.parse(response.json());
      expect(body.status).toBe('unready');
      const database = body.checks.find((check) => check.name === 'database');
      expect(database).toMatchObject({ ok: false, error: expect.any(String) });
      expect(database?.error).not.toBe('');
    });
  });
});

describe('GET /metrics', () => {
  describe('in development and test, without a token', () => {
    const { t, models } = useChatTestApp('sqlite');

    it('serves loopback clients the Prometheus text: routes by pattern, streams, first tokens, jobs', async () => {
      // A route with a parameter: the label is its pattern, never the id.
      await t.app.inject({ method: 'GET', url: '/api/chat/some-conversation-id' });
      await t.app.inject({ method: 'GET', url: '/api/health/live' });
      const streamed = await call(t.app, 'POST', '/api/chat/stream', sendBody());
      expect(streamed.body).toContain('event: done');

      const response = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = response.body;
      expect(text).toMatch(
        /http_request_duration_seconds_count\{method="GET",route="\/api\/health\/live",status="200"\} 1/,
      );
      expect(text).toMatch(/route="\/api\/chat\/:id"/);
      expect(text).not.toContain('some-conversation-id');
      expect(text).toMatch(/chat_time_to_first_token_seconds_count\{model="text-model"\} 1/);
      expect(text).toMatch(/^sse_streams_active 0$/m);
      expect(text).toMatch(/^# TYPE jobs gauge$/m);
      expect(text).toMatch(/^# TYPE job_failures_total counter$/m);
      // The process's own metrics.
      expect(text).toMatch(/^process_cpu_user_seconds_total /m);
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    });

    it('counts the event streams open now, which a shutdown past its grace ends', async () => {
      models.model('text-model').scripts.push({ kind: 'hang', chunks: ['Half'] });
      const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
      const response = await fetch(`${address}/api/chat/stream`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(sendBody()),
      });
      const reader = response.body?.getReader();
      if (!reader) throw new Error('no stream');
      let text = '';
      while (!text.includes('event: delta')) {
        const { value } = await reader.read();
        text += new TextDecoder().decode(value);
      }
      const scrape = async () =>
        (await t.app.inject({ method: 'GET', url: '/metrics' })).body.match(
          /^sse_streams_active (\d+)$/m,
        )?.[1];
      expect(await scrape()).toBe('1');

      t.app.eventStreams.endAll();
      for (;;) {
        const { done } = await reader.read();
        if (done) break;
      }
      await expect.poll(scrape).toBe('0');
    });

    it('answers 404 to a client that is not on loopback', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '203.0.113.7',
      });
      expect(response.statusCode).toBe(404);
      // Nor to one a proxy on this machine forwarded (its socket is loopback).
      const proxied = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
      expect(proxied.statusCode).toBe(404);
    });
  });

  describe('with METRICS_TOKEN', () => {
    const t = useTestApp('sqlite', { METRICS_TOKEN: metricsToken });

    it('answers 401 without the bearer token or with another, 200 with it', async () => {
      const without = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(without.statusCode).toBe(401);
      expect(without.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      const wrong = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${metricsToken.replace('4f', 'f4')}` },
      });
      expect(wrong.statusCode).toBe(401);
      const right = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${metricsToken}` },
        remoteAddress: '203.0.113.7',
      });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('http_request_duration_seconds_bucket');
    });
  });

  describe('in production without METRICS_TOKEN', () => {
    const t = useTestApp('sqlite', {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://studio.test',
      ALLOW_SANDBOX_IN_PRODUCTION: 'true',
    });

    it('is not exposed, even on loopback', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(404);
    });
  });

  it('refuses a weak or placeholder METRICS_TOKEN in every mode', () => {
    const base = { CSRF_SECRET: testCsrfSecret, AUTH_SECRET: testAuthSecret };
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 32 characters/,
    );
    expect(() =>
      loadConfig({ ...base, METRICS_TOKEN: 'changeme-changeme-changeme-changeme-1234' }),
    ).toThrow(/METRICS_TOKEN: looks like a placeholder/);
  });
});
