import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/test-app.ts';

interface OpenApiDocument {
  openapi: string;
  info: { title: string };
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
}

describe('OpenAPI document and docs', () => {
  const t = useTestApp('sqlite');

  it('describes every API route with every response status', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<OpenApiDocument>();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('AI Studio API');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/userpreferences/anonymous',
        '/api/contact',
        '/api/newsletter',
        '/api/newsletter/confirm',
        '/config.json',
      ]),
    );
    expect(Object.keys(document.paths['/api/contact']?.['post']?.responses ?? {}).sort()).toEqual([
      '201',
      '400',
      '403',
      '413',
      '415',
      '429',
      '500',
    ]);
    expect(Object.keys(document.paths)).not.toContain('/locales/{lng}/{file}');
  });

  it('serves Swagger UI with a CSP that keeps scripts to our own files', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
    const csp = String(docs.headers['content-security-policy']);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self';");
  });

  it('lets "Try it out" pass the CSRF check', async () => {
    const script = await t.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
    });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain('XSRF-TOKEN');
    expect(script.body).toContain('X-XSRF-TOKEN');
  });
});
