import { healthResponse } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

describe.each(databaseKinds)('GET /api/health on %s', (kind) => {
  describe('with the database up', () => {
    const t = useTestApp(kind);

    it('reports ok with the driver and a latency', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      const body = healthResponse.parse(response.json());
      expect(body).toMatchObject({ status: 'ok', database: { driver: kind, ok: true } });
      expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
      expect(response.headers['cache-control']).toBe('no-store');
    });
  });

  describe('with the database gone', () => {
    const t = useTestApp(kind);

    it('answers 503 degraded', async () => {
      await t.app.db.destroy();
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        status: 'degraded',
        database: { driver: kind, ok: false, latencyMs: null },
      });
    });

    it('answers a write with the generic 500 text and nothing internal', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: {
          name: 'Linh',
          email: 'linh@example.com',
          subject: 'Hello',
          message: 'A message long enough.',
        },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: 'Server error. Please try again later.' });
      expect(response.body).not.toMatch(/stack|destroyed|sql|insert/i);
    });
  });
});
