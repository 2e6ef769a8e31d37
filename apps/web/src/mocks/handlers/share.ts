import type { ErrorResponse, SharedConversationResponse } from '@studio/contracts';
import { delay, http, HttpResponse } from 'msw';

const path = '*/api/chat/share/:slug';

export const sampleSharedConversation: SharedConversationResponse = {
  title: 'Planning a weekend in Da Lat',
  messages: [
    {
      role: 'user',
      content: 'Plan two relaxed days in Da Lat for a couple who like coffee and gardens.',
      timestamp: '2026-11-20T08:15:00.000Z',
    },
    {
      role: 'assistant',
      content:
        'Day 1: morning coffee by Xuan Huong Lake, then the Flower Park and a slow lunch.\nDay 2: sunrise at Langbiang, a coffee farm visit in the afternoon and the night market.',
      timestamp: '2026-11-20T08:15:12.000Z',
    },
  ],
};

export const shareHandlers = {
  success: http.get<{ slug: string }, never, SharedConversationResponse>(path, () =>
    HttpResponse.json(sampleSharedConversation),
  ),
  untitled: http.get<{ slug: string }, never, SharedConversationResponse>(path, () =>
    HttpResponse.json({ ...sampleSharedConversation, title: null }),
  ),
  /** Never answers: the view stays on 'Loading…'. */
  loading: http.get(path, async () => {
    await delay('infinite');
    return new HttpResponse(null, { status: 504 });
  }),
  notFound: http.get<{ slug: string }, never, ErrorResponse>(path, () =>
    HttpResponse.json({ message: 'This share link has expired or was removed.' }, { status: 404 }),
  ),
  /** A failure with no words of its own: 'Failed to load shared conversation'. */
  serverError: http.get(path, () => new HttpResponse(null, { status: 500 })),
};
