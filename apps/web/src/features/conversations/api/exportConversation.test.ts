import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversationsHandlers } from '../../../mocks/handlers/conversations';
import { server } from '../../../test/server';
import { errorText } from '../../../lib/api/errorText';
import { downloadConversation, exportConversation } from './exportConversation';

afterEach(() => vi.restoreAllMocks());

describe('exportConversation', () => {
  it('names the file from Content-Disposition (filename* in UTF-8)', async () => {
    const requested: string[] = [];
    server.events.on('request:start', ({ request }) => void requested.push(request.url));
    const file = await exportConversation('conv-04', 'json');
    server.events.removeAllListeners();
    expect(file.fileName).toBe('Công thức phở bò.json');
    expect(JSON.parse(await file.blob.text())).toMatchObject({ id: 'conv-04' });
    expect(requested.some((url) => url.endsWith('/api/chat/export/conv-04?format=json'))).toBe(
      true,
    );
  });

  it('asks for Markdown and names it .md', async () => {
    const file = await exportConversation('conv-01', 'markdown');
    expect(file.fileName).toBe('Planning a weekend in Da Lat.md');
    expect(await file.blob.text()).toMatch(/^# Planning a weekend in Da Lat/);
  });

  it('falls back to conversation-{id}.json without the header (§7)', async () => {
    server.use(conversationsHandlers.exportUnnamed);
    expect((await exportConversation('conv-01', 'json')).fileName).toBe(
      'conversation-conv-01.json',
    );
    expect((await exportConversation('conv-01', 'markdown')).fileName).toBe(
      'conversation-conv-01.md',
    );
  });

  it("rejects with the server's own message, though the body came as a blob", async () => {
    server.use(
      http.get('*/api/chat/export/:id', () =>
        HttpResponse.json({ message: 'Conversation not found' }, { status: 404 }),
      ),
    );
    const error: unknown = await exportConversation('nope', 'json').catch((e: unknown) => e);
    expect(errorText(error)).toBe('Conversation not found');
  });
});

describe('downloadConversation', () => {
  it('hands the file to the browser under its name and frees the URL', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const createObjectURL = vi.fn(() => 'blob:export');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      await expect(downloadConversation('conv-02', 'json')).resolves.toBe(
        'Viết email xin nghỉ phép.json',
      );
      expect(click).toHaveBeenCalledOnce();
      const link = click.mock.contexts[0] as HTMLAnchorElement;
      expect(link.download).toBe('Viết email xin nghỉ phép.json');
      expect(link.href).toBe('blob:export');
      expect(link.isConnected).toBe(false);
      vi.runAllTimers();
      expect(revokeObjectURL).toHaveBeenCalledWith('blob:export');
    } finally {
      vi.useRealTimers();
    }
  });
});
