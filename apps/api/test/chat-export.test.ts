import { describe, expect, it } from 'vitest';
import { call, relaxedAuthLimits } from './support/auth.ts';
import { asUser, chatUser, insertConversation } from './support/chat-rows.ts';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

const today = () => new Date().toISOString().slice(0, 10);

/** The file name a browser takes: filename* (RFC 5987) when present, else filename. */
function fileNames(disposition: string | undefined) {
  const ascii = /filename="([^"]*)"/.exec(disposition ?? '')?.[1];
  const encoded = /filename\*=UTF-8''([^;\s]*)/.exec(disposition ?? '')?.[1];
  return { ascii, utf8: encoded === undefined ? undefined : decodeURIComponent(encoded) };
}

describe.each(databaseKinds)('conversation export on %s', (kind) => {
  const t = useTestApp(kind, relaxedAuthLimits);

  async function conversationWithImages(title: string) {
    const owner = await chatUser(t.app, 'export');
    const id = await insertConversation(t.app, owner.id, {
      title,
      start: new Date('2026-02-03T04:05:00.000Z'),
      messages: [
        { role: 'user', content: 'Describe this', imageUrls: ['/api/chat/uploads/abc'] },
        { role: 'assistant', content: 'A **cat** on a mat.', modelId: 'sandbox' },
        { role: 'user', content: 'Shorter?' },
        { role: 'assistant', content: '', status: 'error' },
        { role: 'assistant', content: 'Cat.', status: 'stopped', modelId: 'gpt-test' },
      ],
    });
    return { owner, id, api: asUser(t.app, owner.bearer) };
  }

  it('downloads JSON', async () => {
    const { id, api } = await conversationWithImages('Cat pictures');
    const response = await api.get(`/api/chat/export/${id}?format=json`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(fileNames(response.headers['content-disposition'] as string)).toEqual({
      ascii: `cat-pictures-${today()}.json`,
      utf8: `Cat pictures-${today()}.json`,
    });
    expect(response.headers['content-disposition']).toMatch(/^attachment; /);
    const document = response.json();
    expect(Date.parse(document.exportedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(document).toEqual({
      id,
      title: 'Cat pictures',
      createdAt: '2026-02-03T04:05:00.000Z',
      exportedAt: document.exportedAt,
      messages: [
        {
          role: 'user',
          content: 'Describe this',
          createdAt: '2026-02-03T04:05:01.000Z',
          modelId: null,
          imageUrls: ['/api/chat/uploads/abc'],
        },
        {
          role: 'assistant',
          content: 'A **cat** on a mat.',
          createdAt: '2026-02-03T04:05:02.000Z',
          modelId: 'sandbox',
          imageUrls: [],
        },
        {
          role: 'user',
          content: 'Shorter?',
          createdAt: '2026-02-03T04:05:03.000Z',
          modelId: null,
          imageUrls: [],
        },
        {
          role: 'assistant',
          content: 'Cat.',
          createdAt: '2026-02-03T04:05:05.000Z',
          modelId: 'gpt-test',
          imageUrls: [],
        },
      ],
    });
    // JSON is the default format.
    const byDefault = await api.get(`/api/chat/export/${id}`);
    expect(byDefault.headers['content-type']).toContain('application/json');
  });

  it('downloads a Markdown transcript', async () => {
    const { id, api } = await conversationWithImages('Cat pictures');
    const response = await api.get(`/api/chat/export/${id}?format=markdown`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(fileNames(response.headers['content-disposition'] as string).ascii).toBe(
      `cat-pictures-${today()}.md`,
    );
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('# Cat pictures');
    expect(response.body).toContain(`_Started 2026-02-03 04:05 UTC · exported ${today()} `);
    expect(response.body).toContain(
      [
        '### You · 2026-02-03 04:05 UTC',
        '',
        'Describe this',
        '',
        '![Image 1](/api/chat/uploads/abc)',
        '',
        '### Assistant (sandbox) · 2026-02-03 04:05 UTC',
        '',
        'A **cat** on a mat.',
        '',
        '### You · 2026-02-03 04:05 UTC',
        '',
        'Shorter?',
        '',
        '### Assistant (gpt-test) · 2026-02-03 04:05 UTC · stopped',
        '',
        'Cat.',
        '',
      ].join('\n'),
    );
  });

  it('names the file after a Vietnamese title, with an ASCII fallback', async () => {
    const { id, api } = await conversationWithImages('Xin chào thế giới: "Đà Lạt" đẹp/quá');
    const response = await api.get(`/api/chat/export/${id}`);
    const disposition = response.headers['content-disposition'] as string;
    // The header itself is plain ASCII: nothing from the title can break out of it.
    expect(disposition).toMatch(/^[\x20-\x7e]+$/);
    expect(fileNames(disposition)).toEqual({
      ascii: `xin-chao-the-gioi-da-lat-dep-qua-${today()}.json`,
      utf8: `Xin chào thế giới Đà Lạt đẹp quá-${today()}.json`,
    });
  });

  it('keeps header-breaking titles harmless and falls back to "conversation"', async () => {
    const { id, api } = await conversationWithImages('\r\nSet-Cookie: a=b; "x"');
    const disposition = (await api.get(`/api/chat/export/${id}`)).headers['content-disposition'];
    expect(disposition).not.toMatch(/[\r\n]/);
    expect(fileNames(disposition as string).ascii).toBe(`set-cookie-a-b-x-${today()}.json`);

    const { id: emoji, api: other } = await conversationWithImages('🐱🐱');
    const named = fileNames(
      (await other.get(`/api/chat/export/${emoji}`)).headers['content-disposition'] as string,
    );
    expect(named).toEqual({ ascii: `conversation-${today()}.json`, utf8: `🐱🐱-${today()}.json` });
  });

  it('refuses unknown formats, missing conversations and visitors', async () => {
    const { id, api } = await conversationWithImages('Refusals');
    expect((await api.get(`/api/chat/export/${id}?format=pdf`)).statusCode).toBe(400);
    expect((await api.get('/api/chat/export/missing')).statusCode).toBe(404);
    const visitor = await call(t.app, 'GET', `/api/chat/export/${id}`);
    expect(visitor.statusCode).toBe(401);
  });
});
