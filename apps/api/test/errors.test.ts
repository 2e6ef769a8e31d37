import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/test-app.ts';

describe('error responses', () => {
  const t = useTestApp('sqlite');

  it('answers unknown /api routes with a JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: '/api/no-such-thing',
        headers: { accept: 'text/html' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'The requested resource was not found.' });
    }
  });

  it('answers malformed JSON with the §8 400 text, not the parser message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Invalid request. Please check your input.' });
  });

  it('refuses text/plain bodies (what a cross-site form can send) with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'content-type': 'text/plain' },
      payload: '{"email":"a@b.co","agreed":true}',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'Unsupported content type. Send JSON.' });
  });

  it('names a missing body', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/newsletter' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Invalid request. Please check your input.',
      errors: [expect.stringMatching(/^body: /)],
    });
  });

  it('tags every response with its request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.headers['x-request-id']).toMatch(/\S+/);
  });
});

describe('logs', () => {
  const t = useTestApp('sqlite', { LOG_LEVEL: 'info' });

  it('never contain cookies, authorization headers or tokens from URLs', async () => {
    await t.app.inject({
      method: 'GET',
      url: '/api/newsletter/confirm?token=SECRET-TOKEN-VALUE-1234567890&lang=en',
      headers: { authorization: 'Bearer SECRET-BEARER-VALUE', cookie: 'session=SECRET-COOKIE' },
    });
    const logs = t.logs.join('\n');
    expect(logs).toContain('/api/newsletter/confirm?token=[redacted]&lang=en');
    expect(logs).not.toMatch(/SECRET-(TOKEN|BEARER|COOKIE)/);
    // Structured JSON lines.
    expect(() => t.logs.map((line) => JSON.parse(line) as unknown)).not.toThrow();
  });
});
