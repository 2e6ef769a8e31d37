import { randomUUID } from 'node:crypto';
import { quotaErrorResponse } from '@studio/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { createQuotaCounter } from '../src/domains/usage/create-quota-counter.ts';
import { utcDay } from '../src/domains/usage/daily-quota.ts';
import { relaxedAuthLimits } from './support/auth.ts';
import {
  as,
  chatModels,
  chatUser,
  sendBody,
  testRegistry,
  testSpeech,
  testUploads,
} from './support/chat.ts';
import { call } from './support/auth.ts';
import { databaseKinds } from './support/databases.ts';
import { redisEnv, startRedisRelay, uniqueRedisPrefix } from './support/redis.ts';
import { useSharedDatabaseApps } from './support/shared-database-apps.ts';

const limit = 4;
const perApp = 8;

const counters = [
  { where: 'the database', env: (): Record<string, string> => ({}) },
  { where: 'Redis', env: () => redisEnv(uniqueRedisPrefix('quotas')) },
];

/**
 * 2×N chat messages at once for one subject, half through each of two apps on one database
 * (PostgreSQL; SQLite is the one-process default, so one app takes all): exactly `limit` are
 * answered, the rest get the §8 quota error.
 */
describe.each(databaseKinds.flatMap((kind) => counters.map((counter) => ({ kind, ...counter }))))(
  'daily quotas counted in $where, apps on $kind',
  ({ kind, env }) => {
    const apps = kind === 'postgres' ? 2 : 1;
    const shared = useSharedDatabaseApps(
      kind,
      apps,
      {
        ...relaxedAuthLimits,
        RATE_LIMIT_API_MAX: '100000',
        CHAT_DAILY_LIMIT_VISITOR: String(limit),
        CHAT_DAILY_LIMIT_FREE: String(limit),
        ...env(),
      },
      {
        chat: {
          models: testRegistry(chatModels).registry,
          speech: testSpeech().service,
          uploads: testUploads().service,
        },
      },
    );

    async function fire(send: (app: App) => Promise<LightMyRequestResponse>) {
      const responses = await Promise.all(
        Array.from({ length: 2 * perApp }, (_, index) =>
          send(shared.apps[index % shared.apps.length] as App),
        ),
      );
      const accepted = responses.filter((response) => response.statusCode === 200);
      const refused = responses.filter((response) => response.statusCode !== 200);
      expect(accepted).toHaveLength(limit);
      for (const response of refused) {
        expect(response.statusCode, response.body).toBe(429);
        expect(quotaErrorResponse.parse(response.json())).toMatchObject({
          message: `You have reached today's limit of ${limit} messages.`,
          code: 'quota',
          limit,
          upgradeUrl: '/plans',
        });
      }
    }

    it('a free user gets exactly the limit, whichever process answers', async () => {
      const user = await chatUser(shared.apps[0] as App);
      await fire((app) => call(app, 'POST', '/api/chat/send', sendBody(), as(user)));
    });

    it('a visitor address gets exactly the limit', async () => {
      await fire((app) =>
        call(app, 'POST', '/api/chat/send', sendBody(), as(null, '198.51.100.77')),
      );
    });

    it('gives a unit back once, never below zero, and forgets the day after it', async () => {
      const counter = createQuotaCounter(shared.apps[0] as App);
      // Today's UTC day: Redis keeps a day's count only until an hour after it ends.
      const now = new Date();
      const key = { meter: 'images', subject: `user:${randomUUID()}`, day: utcDay(now) };
      expect(await counter.take(key, 1)).toBe(true);
      expect(await counter.take(key, 1)).toBe(false);
      await counter.release(key);
      await counter.release(key);
      expect(await counter.take(key, 1)).toBe(true);
      expect(await counter.take(key, 1)).toBe(false);
      const tomorrow = { ...key, day: utcDay(new Date(now.getTime() + 24 * 60 * 60 * 1000)) };
      expect(await counter.take(tomorrow, 1)).toBe(true);
    });
  },
);

describe('daily quotas when Redis fails mid-way', () => {
  let relay: Awaited<ReturnType<typeof startRedisRelay>> | undefined;
  const shared = useSharedDatabaseApps(
    'sqlite',
    1,
    async () => {
      relay = await startRedisRelay();
      return {
        ...relaxedAuthLimits,
        RATE_LIMIT_API_MAX: '100000',
        ...redisEnv(uniqueRedisPrefix('quotas-down')),
        REDIS_URL: relay.url,
        JOBS_WORKER: 'false',
      };
    },
    {
      chat: {
        models: testRegistry(chatModels).registry,
        speech: testSpeech().service,
        uploads: testUploads().service,
      },
    },
  );
  afterAll(() => relay?.cut());

  it('refuses a message it cannot count (fails closed) and keeps serving the rest', async () => {
    const [app] = shared.apps as [App];
    const visitor = as(null, '198.51.100.78');
    expect((await call(app, 'POST', '/api/chat/send', sendBody(), visitor)).statusCode).toBe(200);

    await relay?.cut();

    const refused = await call(app, 'POST', '/api/chat/send', sendBody(), visitor);
    expect(refused.statusCode).toBe(500);
    expect(refused.json()).toEqual({ message: 'Server error. Please try again later.' });
    expect((await app.inject({ method: 'GET', url: '/api/pricing' })).statusCode).toBe(200);
  });
});
