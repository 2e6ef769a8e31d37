import {
  conversationsQuery,
  renameConversationRequest,
  shareRequest,
  type ChatMessage,
  type ConversationDetail,
  type ConversationsResponse,
  type ConversationSummary,
  type ErrorResponse,
  type HistoryResponse,
  type ShareResponse,
  type ShareStatusResponse,
  type SharedLinksResponse,
  type VoicesResponse,
} from '@studio/contracts';
import { http, HttpResponse } from 'msw';
import { failWith, never, serverError } from '../responses';

/**
 * Conversations, history, sharing and voices (§7) as MSW handlers (the export is a job: jobs.ts), answering in the API's
 * contracts. Stateless on purpose, like the profile's: a rename answers with the new title and a
 * delete with 204, and the UI keeps its own list, so no test or story leaks into the next.
 */

const paths = {
  list: '*/api/chat/conversations',
  create: '*/api/chat/conversation',
  one: '*/api/chat/:id',
  history: '*/api/chat/history/:id',
  share: '*/api/chat/share',
  shareStatus: '*/api/chat/share/status/:id',
  revoke: '*/api/chat/share/:id',
  links: '*/api/chat/shares',
  voices: '*/api/chat/voices',
} as const;

/** Fixed words under /api/chat/ that are other endpoints, not conversation ids. */
const reserved = new Set(['conversations', 'conversation', 'models', 'shares', 'voices', 'send']);

const titles = [
  'Planning a weekend in Da Lat',
  'Viết email xin nghỉ phép',
  'Explain React Server Components',
  'Công thức phở bò',
  'Fix a failing Vitest test',
  'Tóm tắt báo cáo quý 3',
  'Ideas for a birthday gift',
  'Học tiếng Anh giao tiếp',
  'Compare PostgreSQL and SQLite',
  'Lịch tập chạy 10 km',
  'A haiku about coffee',
  'Dịch hợp đồng thuê nhà',
  'Budget for a small café',
  'Giải thích lãi kép',
  'Rename photos with a script',
  'Chuẩn bị phỏng vấn xin việc',
  'What is a vector database?',
  'Kế hoạch du lịch Hội An',
  'Write a product description',
  'Sửa lỗi ngữ pháp đoạn văn',
  'Summarise a podcast episode',
  'Thực đơn ăn kiêng một tuần',
  'Draft a cover letter',
  'Cách chăm sóc cây lan',
  'Explain OAuth in plain words',
] as const;

const start = Date.parse('2026-11-21T09:30:00.000Z');

/** 25 conversations, newest first: a first page of 20 and a second of 5. */
export const sampleConversations: ConversationSummary[] = titles.map((title, index) => {
  const updatedAt = new Date(start - index * 5 * 3_600_000).toISOString();
  return {
    id: `conv-${String(index + 1).padStart(2, '0')}`,
    title,
    modelId: 'sandbox',
    createdAt: updatedAt,
    updatedAt,
    messageCount: 2 + (index % 5) * 2,
    preview: index % 2 === 0 ? 'Here is a plan you can adjust…' : 'Dưới đây là gợi ý của tôi…',
  };
});

const sampleMessages: ChatMessage[] = [
  {
    id: 'msg-1',
    role: 'user',
    content: 'Plan two relaxed days in Da Lat for a couple who like coffee and gardens.',
    createdAt: '2026-11-21T09:29:00.000Z',
    modelId: null,
    imageUrls: [],
    status: 'complete',
  },
  {
    id: 'msg-2',
    role: 'assistant',
    content: '**Day 1**: coffee by Xuan Huong Lake, then the Flower Park.\n\n**Day 2**: Langbiang.',
    createdAt: '2026-11-21T09:29:08.000Z',
    modelId: 'sandbox',
    imageUrls: [],
    status: 'complete',
  },
];

function listResponse(url: URL, items: readonly ConversationSummary[]) {
  const query = conversationsQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) {
    return failWith<ConversationsResponse>('Validation error. Please check your input.', 400);
  }
  const { page, pageSize, search } = query.data;
  const needle = search?.toLocaleLowerCase('vi');
  const matching = needle
    ? items.filter((item) =>
        `${item.title} ${item.preview}`.toLocaleLowerCase('vi').includes(needle),
      )
    : items;
  return HttpResponse.json<ConversationsResponse | ErrorResponse>({
    items: matching.slice((page - 1) * pageSize, page * pageSize),
    page,
    pageSize,
    total: matching.length,
  });
}

const summaryOf = (id: string): ConversationSummary =>
  sampleConversations.find((item) => item.id === id) ?? {
    ...(sampleConversations[0] as ConversationSummary),
    id,
  };

const in7Days = '2026-11-28T09:30:00.000Z';

/** The server's own shareUrl names another host on purpose: the UI must rebuild it (§7). */
const sharedStatus = (id: string): ShareResponse => ({
  isShared: true,
  slug: `slug-${id}`,
  shareUrl: `https://api.internal.example/share/slug-${id}`,
  expiresAt: in7Days,
});

/** A Free account's status: its links live up to 30 days (the API's plan limit). */
const notShared: ShareStatusResponse = {
  isShared: false,
  slug: null,
  shareUrl: null,
  expiresAt: null,
  maxExpiresInDays: 30,
};

export const sampleSharedLinks: SharedLinksResponse = {
  items: [
    {
      conversationId: 'conv-01',
      title: 'Planning a weekend in Da Lat',
      slug: 'k3Jq9XrT2mVb7LpQwZ1nYc',
      shareUrl: 'https://api.internal.example/share/k3Jq9XrT2mVb7LpQwZ1nYc',
      createdAt: '2026-11-20T10:00:00.000Z',
      expiresAt: '2026-11-27T10:00:00.000Z',
    },
    {
      conversationId: 'conv-02',
      title: 'Viết email xin nghỉ phép',
      slug: 'Pz8Rt5Nw3Xc1Vb6Mq2Lk9J',
      shareUrl: 'https://api.internal.example/share/Pz8Rt5Nw3Xc1Vb6Mq2Lk9J',
      createdAt: '2026-11-19T08:00:00.000Z',
      expiresAt: '2026-12-19T08:00:00.000Z',
    },
  ],
};

export const sampleVoices: VoicesResponse = {
  voices: [
    {
      id: 'flite:rms',
      name: 'English (US), male',
      language: 'en',
      engine: 'Flite',
      provider: 'flite',
      quality: 'offline-natural',
      plan: 'free',
      capabilities: ['speed'],
      sandbox: false,
    },
    {
      id: 'flite:slt',
      name: 'English (US), female',
      language: 'en',
      engine: 'Flite',
      provider: 'flite',
      quality: 'offline-natural',
      plan: 'free',
      capabilities: ['speed', 'pitch'],
      sandbox: false,
    },
    {
      id: 'espeak:vi',
      name: 'Tiếng Việt (miền Bắc)',
      language: 'vi',
      engine: 'eSpeak NG',
      provider: 'espeak',
      quality: 'offline-robotic',
      plan: 'free',
      capabilities: ['speed', 'pitch'],
      sandbox: false,
    },
    {
      id: 'espeak:vi-vn-x-south',
      name: 'Tiếng Việt (miền Nam)',
      language: 'vi',
      engine: 'eSpeak NG',
      provider: 'espeak',
      quality: 'offline-robotic',
      plan: 'free',
      capabilities: ['speed', 'pitch'],
      sandbox: false,
    },
  ],
  defaultVoice: { en: 'flite:rms', vi: 'espeak:vi' },
};

export const conversationsHandlers = {
  list: http.get(paths.list, ({ request }) =>
    listResponse(new URL(request.url), sampleConversations),
  ),
  listEmpty: http.get(paths.list, ({ request }) => listResponse(new URL(request.url), [])),
  listFailure: http.get(paths.list, () => failWith(serverError, 500)),
  listPending: http.get(paths.list, never),
  /** The first page answers, every later one fails. */
  listMoreFailure: http.get(paths.list, ({ request }) => {
    const url = new URL(request.url);
    return url.searchParams.get('page') === '1'
      ? listResponse(url, sampleConversations)
      : failWith(serverError, 500);
  }),

  create: http.post(paths.create, () =>
    HttpResponse.json<ConversationSummary>(
      { ...(sampleConversations[0] as ConversationSummary), id: 'conv-new', title: 'New chat' },
      { status: 201 },
    ),
  ),
  createFailure: http.post(paths.create, () => failWith(serverError, 500)),

  history: http.get<{ id: string }>(paths.history, () =>
    HttpResponse.json<HistoryResponse>({
      items: sampleMessages,
      page: 1,
      pageSize: 50,
      total: 2,
      liveReplyId: null,
    }),
  ),
  historyFailure: http.get(paths.history, () => new HttpResponse(null, { status: 500 })),

  shareStatus: http.get<{ id: string }>(paths.shareStatus, () =>
    HttpResponse.json<ShareStatusResponse>(notShared),
  ),
  /** A Pro account: a new link may live the year Pro promises. */
  shareStatusPro: http.get<{ id: string }>(paths.shareStatus, () =>
    HttpResponse.json<ShareStatusResponse>({ ...notShared, maxExpiresInDays: 365 }),
  ),
  shareStatusShared: http.get<{ id: string }>(paths.shareStatus, ({ params }) =>
    HttpResponse.json<ShareStatusResponse>({ ...sharedStatus(params.id), maxExpiresInDays: 30 }),
  ),
  shareStatusFailure: http.get(paths.shareStatus, () => failWith(serverError, 500)),
  shareStatusPending: http.get(paths.shareStatus, never),

  share: http.post(paths.share, async ({ request }) => {
    const body = shareRequest.safeParse(await request.json());
    if (!body.success) {
      return failWith<ShareResponse>('Validation error. Please check your input.', 400);
    }
    const expiresAt = new Date(Date.now() + body.data.expiresInDays * 86_400_000).toISOString();
    return HttpResponse.json<ShareResponse | ErrorResponse>({
      ...sharedStatus(body.data.conversationId),
      expiresAt,
    });
  }),
  shareFailure: http.post(paths.share, () => failWith('Sharing is not available right now.', 503)),

  revoke: http.delete(paths.revoke, () => new HttpResponse(null, { status: 204 })),
  revokeFailure: http.delete(paths.revoke, () => failWith(serverError, 500)),

  links: http.get(paths.links, () => HttpResponse.json<SharedLinksResponse>(sampleSharedLinks)),
  linksEmpty: http.get(paths.links, () => HttpResponse.json<SharedLinksResponse>({ items: [] })),
  linksFailure: http.get(paths.links, () => failWith(serverError, 500)),
  linksPending: http.get(paths.links, never),

  voices: http.get(paths.voices, () => HttpResponse.json<VoicesResponse>(sampleVoices)),
  voicesFailure: http.get(paths.voices, () => failWith(serverError, 500)),
  voicesPending: http.get(paths.voices, never),

  // The catch-all /api/chat/:id routes last: the fixed words above are other endpoints.
  conversation: http.get<{ id: string }>(paths.one, ({ params }) => {
    if (reserved.has(params.id)) return undefined;
    return HttpResponse.json<ConversationDetail>({
      ...summaryOf(params.id),
      messages: sampleMessages,
      liveReplyId: null,
    });
  }),
  rename: http.patch<{ id: string }>(paths.one, async ({ request, params }) => {
    const body = renameConversationRequest.safeParse(await request.json());
    if (!body.success) {
      return failWith<ConversationSummary>('Validation error. Please check your input.', 400);
    }
    return HttpResponse.json<ConversationSummary | ErrorResponse>({
      ...summaryOf(params.id),
      title: body.data.title,
    });
  }),
  renameFailure: http.patch(paths.one, () => failWith(serverError, 500)),
  remove: http.delete<{ id: string }>(paths.one, ({ params }) =>
    reserved.has(params.id) ? undefined : new HttpResponse(null, { status: 204 }),
  ),
  removeFailure: http.delete(paths.one, () => failWith(serverError, 500)),
};

/** The happy path, part of every test's and story's defaults. */
export const defaultConversationsHandlers = [
  conversationsHandlers.list,
  conversationsHandlers.create,
  conversationsHandlers.history,
  conversationsHandlers.shareStatus,
  conversationsHandlers.share,
  conversationsHandlers.revoke,
  conversationsHandlers.links,
  conversationsHandlers.voices,
  conversationsHandlers.conversation,
  conversationsHandlers.rename,
  conversationsHandlers.remove,
];
