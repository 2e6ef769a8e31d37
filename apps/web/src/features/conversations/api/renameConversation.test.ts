import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/server';
import { renameConversation, titleToSave } from './renameConversation';

describe('titleToSave (rename rules)', () => {
  it('saves a new title, trimmed', () => {
    expect(titleToSave('  Trip to Hue ', 'Trip')).toBe('Trip to Hue');
  });

  it('ignores an empty or blank title', () => {
    expect(titleToSave('', 'Trip')).toBeNull();
    expect(titleToSave('   ', 'Trip')).toBeNull();
  });

  it('ignores an unchanged title, spaces aside', () => {
    expect(titleToSave('Trip', 'Trip')).toBeNull();
    expect(titleToSave(' Trip  ', 'Trip')).toBeNull();
  });

  it('treats a change of case as a change', () => {
    expect(titleToSave('trip', 'Trip')).toBe('trip');
  });
});

describe('renameConversation', () => {
  it('sends PATCH /api/chat/{id} {title}', async () => {
    let seen: { url: string; body: unknown } | null = null;
    server.use(
      http.patch('*/api/chat/:id', async ({ request, params }) => {
        seen = { url: String(params['id']), body: await request.json() };
        return HttpResponse.json({
          id: 'conv 1',
          title: 'Chuyến đi Huế',
          modelId: null,
          createdAt: '2026-11-21T00:00:00.000Z',
          updatedAt: '2026-11-21T00:00:00.000Z',
          messageCount: 0,
          preview: '',
        });
      }),
    );
    const renamed = await renameConversation('conv 1', 'Chuyến đi Huế');
    expect(renamed.title).toBe('Chuyến đi Huế');
    expect(seen).toEqual({ url: 'conv 1', body: { title: 'Chuyến đi Huế' } });
  });
});
