import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/server';
import { getShareStatus } from './getShareStatus';
import { listSharedLinks } from './listSharedLinks';
import { shareConversation } from './shareConversation';
import { shareUrlFor } from './shareUrl';
import { conversationsHandlers } from '../../../mocks/handlers/conversations';

describe('shareUrlFor (§7: {origin}/share/{slug})', () => {
  it('builds the link on the given origin', () => {
    expect(shareUrlFor('k3Jq9XrT', 'https://studio.example')).toBe(
      'https://studio.example/share/k3Jq9XrT',
    );
    expect(shareUrlFor('abc', 'https://studio.example/')).toBe('https://studio.example/share/abc');
  });

  it('encodes the slug', () => {
    expect(shareUrlFor('a/b?c', 'https://studio.example')).toBe(
      'https://studio.example/share/a%2Fb%3Fc',
    );
  });

  it("uses this page's origin by default", () => {
    expect(shareUrlFor('abc')).toBe(`${window.location.origin}/share/abc`);
  });
});

describe('the share calls rebuild the link, whatever the server says', () => {
  it('POST /api/chat/share sends {conversationId, expiresInDays}', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/chat/share', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          isShared: true,
          slug: 'Zx81',
          shareUrl: 'http://internal:8080/share/Zx81',
          expiresAt: '2026-11-22T00:00:00.000Z',
        });
      }),
    );
    const share = await shareConversation({ conversationId: 'conv-01', expiresInDays: 30 });
    expect(body).toEqual({ conversationId: 'conv-01', expiresInDays: 30 });
    expect(share.shareUrl).toBe(`${window.location.origin}/share/Zx81`);
  });

  it('GET /api/chat/share/status/{id}', async () => {
    server.use(conversationsHandlers.shareStatusShared);
    const status = await getShareStatus('conv-03');
    expect(status).toMatchObject({ isShared: true, slug: 'slug-conv-03' });
    expect(status.shareUrl).toBe(`${window.location.origin}/share/slug-conv-03`);
    server.use(conversationsHandlers.shareStatus);
    expect((await getShareStatus('conv-03')).shareUrl).toBeNull();
  });

  it('GET /api/chat/shares', async () => {
    const links = await listSharedLinks();
    expect(links.map((link) => link.shareUrl)).toEqual([
      `${window.location.origin}/share/k3Jq9XrT2mVb7LpQwZ1nYc`,
      `${window.location.origin}/share/Pz8Rt5Nw3Xc1Vb6Mq2Lk9J`,
    ]);
  });
});
