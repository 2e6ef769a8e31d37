import type { ErrorResponse, SharedConversationResponse } from '@studio/contracts';
import { delay, http, HttpResponse } from 'msw';

const path = '*/api/chat/share/:slug';
const imagePath = '*/api/chat/share/:slug/images/:imageId';

/** Where the sample's picture is served: under the link, as the API names shared images. */
export const SAMPLE_SHARED_IMAGE_URL = '/api/chat/share/da-lat-weekend/images/lake-at-dawn';

/** What a reply looks like in the chat: emphasis, a list, a table and a fenced code block. */
const sampleReply = [
  'Here is a relaxed plan for **two days**:',
  '',
  '- Day 1: morning coffee by Xuan Huong Lake, then the Flower Park and a slow lunch.',
  '- Day 2: sunrise at Langbiang, a coffee farm visit in the afternoon and the night market.',
  '',
  '| Stop | Best time |',
  '| --- | --- |',
  '| Xuan Huong Lake | Early morning |',
  '| Night market | After 6 pm |',
  '',
  'A packing list to paste into your notes:',
  '',
  '```ts',
  "const packing = ['light jacket', 'walking shoes', 'rain poncho'];",
  '```',
].join('\n');

export const sampleSharedConversation: SharedConversationResponse = {
  title: 'Planning a weekend in Da Lat',
  messages: [
    {
      role: 'user',
      content: 'Plan two relaxed days in Da Lat for a couple who like coffee and gardens.',
      timestamp: '2026-11-20T08:15:00.000Z',
      imageUrls: [SAMPLE_SHARED_IMAGE_URL],
    },
    {
      role: 'assistant',
      content: sampleReply,
      timestamp: '2026-11-20T08:15:12.000Z',
      imageUrls: [],
    },
  ],
};

/** A 96×64 PNG (sky, lake, sun and a hill): what an attached photo looks like to a reader. */
const samplePng = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAGAAAABABAMAAAAXGm89AAAAMFBMVEWOyuYhnrwqnY//twPPv2UwoJVoucVSr7I+pqGAxNqhx8Dsuin6uA6RyuHivD51v9Flv+nvAAAACXBIWXMAAAsTAAALEwEAmpwYAAAA40lEQVRIie2SMQrCQBREfxEIW6TwCh809mulIkI6wQNYabN9jhByAu+gN0hrZ2lj4Q28gEeQZZsQJJkpBIV99TyY3fkikT/hfLltmPzDWmu3eD57emF1h4XE561dw8IpCHNYKIIwg4UmCAtYuAZh+T2hYSsV7KNP7Lcm7HBZz2mkJXd8ps6583aqFdxURFJVnR7xvKlVVXe44Hxexy+mkGdPFfIcmEKeCVXIU1KFVDWnCnkqqpAC65l2IWQ918kPrZd28wPrmW6hofXch3zveiMSiQKAIKE2UUAQKNUiCgg/+EtvxLCTI/VvVQAAAAAASUVORK5CYII=',
  ),
  (char) => char.charCodeAt(0),
);

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
  /** GET /api/chat/share/{slug}/images/{id}: the picture, to anyone holding the link. */
  image: http.get(imagePath, () =>
    HttpResponse.arrayBuffer(samplePng.buffer, { headers: { 'Content-Type': 'image/png' } }),
  ),
  /** The link died (or the sharer deleted the picture) after the page loaded. */
  imageGone: http.get<{ slug: string; imageId: string }, never, ErrorResponse>(imagePath, () =>
    HttpResponse.json({ message: 'The requested resource was not found.' }, { status: 404 }),
  ),
};

/** The share domain's happy path, for every test and story to start from. */
export const defaultShareHandlers = [shareHandlers.success, shareHandlers.image];
