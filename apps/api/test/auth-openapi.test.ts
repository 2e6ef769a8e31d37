import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/test-app.ts';

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
}

describe('the sign-in routes in the OpenAPI document', () => {
  const t = useTestApp('sqlite');

  it('declares every status each route can answer', async () => {
    const document = (
      await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    ).json<OpenApiDocument>();
    const statuses = (path: string, method: string) =>
      Object.keys(document.paths[path]?.[method]?.responses ?? {}).sort();
    const write = ['400', '403', '413', '415', '429', '500'];
    expect(statuses('/api/auth/login', 'post')).toEqual(['200', '401', ...write, '503'].sort());
    expect(statuses('/api/auth/register', 'post')).toEqual(['202', ...write, '503'].sort());
    expect(statuses('/api/auth/verify-code', 'post')).toEqual(['200', '401', ...write].sort());
    expect(statuses('/api/auth/complete-reset-password', 'post')).toEqual(
      ['200', ...write, '503'].sort(),
    );
    expect(statuses('/api/auth/sessions/{id}', 'delete')).toEqual(
      ['204', '401', '404', ...write].sort(),
    );
    expect(statuses('/api/userprofile', 'get')).toEqual(['200', '400', '401', '429', '500']);
    expect(statuses('/api/userprofile', 'patch')).toEqual(['200', '401', ...write].sort());
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/register/confirm',
        '/api/auth/request-code',
        '/api/auth/request-password-reset',
        '/api/auth/refresh',
        '/api/auth/logout',
        '/api/auth/sessions',
        '/api/auth/signout-everywhere',
        '/api/userprofile/preferences',
        '/api/userpreferences',
        '/api/userpreferences/language',
        '/api/userpreferences/currency',
      ]),
    );
  });
});
