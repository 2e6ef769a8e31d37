import {
  socialNetworkLimits,
  writerGenerationRequest,
  writerTemplateIds,
  writerTemplates,
  writerTransformRequest,
  type ErrorResponse,
  type QuotaErrorResponse,
  type WriterCatalogueResponse,
  type WriterDocument,
  type WriterDocumentsPage,
  type WriterSavedTemplate,
  type WriterVersion,
} from '@studio/contracts';
import { VISITOR_KEY_HEADER, VISITOR_KEY_PATTERN } from '@studio/contracts/imageOptions';
import { delay, http, HttpResponse, type JsonBodyType } from 'msw';

/**
 * The content writer's endpoints (packages/contracts/src/writer.ts) as MSW handlers: the
 * catalogue, a generation and a transform streamed as server-sent events, a signed-in user's
 * documents with their versions (edit, restore, delete, export), exports of any text, and saved
 * and shared templates. A user's documents and templates live in this module until
 * resetWriterMocks() (each story starts from the samples). A request without a bearer token
 * must carry a visitor key, as the API's does.
 */

const paths = {
  catalogue: '*/api/writer/catalogue',
  generations: '*/api/writer/generations',
  transforms: '*/api/writer/transforms',
  documents: '*/api/writer/documents',
  document: '*/api/writer/documents/:id',
  versions: '*/api/writer/documents/:id/versions',
  restore: '*/api/writer/documents/:id/versions/:versionId/restore',
  documentExport: '*/api/writer/documents/:id/export',
  exports: '*/api/writer/exports',
  templates: '*/api/writer/templates',
  template: '*/api/writer/templates/:id',
  share: '*/api/writer/templates/:id/share',
  shared: '*/api/writer/templates/shared/:token',
} as const;

const sampleCreatedAt = '2026-11-27T09:30:00.000Z';
const sampleResetsAt = '2026-11-28T00:00:00.000Z';
const minutesAfter = (minutes: number) =>
  new Date(Date.parse(sampleCreatedAt) + minutes * 60_000).toISOString();

const errorBody = <T extends JsonBodyType = never>(message: string, status: number) =>
  HttpResponse.json<T | ErrorResponse>({ message }, { status });
const notFound = () => errorBody('The requested resource was not found.', 404);

/** A user (bearer token), a visitor (their key), or nobody the API would serve. */
function callerOf(request: Request): 'user' | 'visitor' | null {
  if (request.headers.get('authorization')?.startsWith('Bearer ')) return 'user';
  const key = request.headers.get(VISITOR_KEY_HEADER);
  return key && VISITOR_KEY_PATTERN.test(key) ? 'visitor' : null;
}

// ---- The catalogue ----

const models = [
  { id: 'openai:gpt-4o-mini', name: 'GPT-4o mini', sandbox: false },
  { id: 'sandbox:studio-demo', name: 'Studio demo', sandbox: true },
];

export function sampleWriterCatalogue(remainingToday = 18): WriterCatalogueResponse {
  return {
    templates: writerTemplateIds.map((id) => ({
      id,
      longForm: writerTemplates[id].longForm,
      fields: writerTemplates[id].fields.map((field) => ({ ...field })),
    })),
    socialNetworkLimits: { ...socialNetworkLimits },
    models,
    defaultModel: 'openai:gpt-4o-mini',
    limits: { dailyGenerations: 20, remainingToday, resetsAt: sampleResetsAt },
  };
}

const catalogue = (remainingToday: number) =>
  http.get(paths.catalogue, () =>
    HttpResponse.json<WriterCatalogueResponse>(sampleWriterCatalogue(remainingToday)),
  );

// ---- The texts the model "writes" ----

export const sampleBlogPost = `# Slow mornings: brewing coffee at home

Good coffee at home starts with **fresh beans** and a little patience.

## What you need

- Freshly roasted beans, ground just before brewing
- Water just off the boil, about 93 °C
- A scale, so every cup tastes the same

Brew for four minutes, pour, and enjoy the quiet before the day begins.
`;

export const sampleSocialPost =
  'Our new cold brew is here: smooth, bold and ready when you are. Drop by this week and try a free sample! #coldbrew';

/** What a transform makes of a text: marked so a story can see which passage changed. */
const transformed = (text: string, transform: string) =>
  transform === 'shorten'
    ? text
        .split(/\s+/)
        .slice(0, Math.max(3, Math.ceil(text.split(/\s+/).length / 2)))
        .join(' ')
    : transform === 'translate'
      ? 'Cà phê ngon bắt đầu từ hạt rang mới và một chút kiên nhẫn.'
      : `${text.trim().replace(/\.$/, '')}, written with care.`;

// ---- A user's documents ----

function version(
  documentId: string,
  number: number,
  content: string,
  extra: Partial<WriterVersion> = {},
): WriterVersion {
  return {
    id: `${documentId}-v${number}`,
    documentId,
    number,
    kind: 'generate',
    template: 'blog-post',
    transform: null,
    restoredFrom: null,
    state: 'complete',
    content,
    modelName: 'GPT-4o mini',
    createdAt: minutesAfter(number * 5),
    ...extra,
  };
}

const coffeeVersions = (): WriterVersion[] => [
  version(
    'doc-coffee',
    3,
    sampleBlogPost.replace('a little patience', 'a little patience and care'),
    { kind: 'edit', template: null, modelName: null },
  ),
  version(
    'doc-coffee',
    2,
    sampleBlogPost.replace('Good coffee at home', 'Great coffee in your kitchen'),
    { kind: 'transform', template: null, transform: 'rewrite' },
  ),
  version('doc-coffee', 1, sampleBlogPost),
];

interface StoredDocument {
  document: WriterDocument;
  versions: WriterVersion[];
}

const sampleDocuments = (): Map<string, StoredDocument> => {
  const versions = coffeeVersions();
  const latest = versions[0] as WriterVersion;
  const documents = new Map<string, StoredDocument>();
  documents.set('doc-coffee', {
    document: {
      id: 'doc-coffee',
      title: 'Slow mornings: brewing coffee at home',
      template: 'blog-post',
      language: 'en',
      content: latest.content,
      versions: 3,
      currentVersion: 3,
      createdAt: minutesAfter(5),
      updatedAt: latest.createdAt,
    },
    versions,
  });
  const launch = version('doc-launch', 1, sampleSocialPost, { template: 'social-post' });
  documents.set('doc-launch', {
    document: {
      id: 'doc-launch',
      title: 'Our new cold brew is here',
      template: 'social-post',
      language: 'en',
      content: sampleSocialPost,
      versions: 1,
      currentVersion: 1,
      createdAt: minutesAfter(-60),
      updatedAt: minutesAfter(-60),
    },
    versions: [launch],
  });
  return documents;
};

export const sampleSavedTemplates = (): WriterSavedTemplate[] => [
  {
    id: 'template-weekly',
    name: 'Weekly coffee post',
    template: 'blog-post',
    fields: { topic: 'This week at the roastery', keywords: 'coffee, roastery' },
    tone: 'friendly',
    length: 'medium',
    audience: 'Coffee lovers in Hanoi',
    language: 'en',
    shareToken: null,
    createdAt: minutesAfter(-120),
  },
];

/** A shared template anyone can open from /content-writer?template=share-launch. */
export const sampleSharedTemplate: WriterSavedTemplate = {
  id: 'template-launch',
  name: 'Product launch on X',
  template: 'social-post',
  fields: { network: 'x', topic: 'Our new cold brew', callToAction: 'Try a free sample' },
  tone: 'playful',
  length: 'short',
  audience: '',
  language: 'en',
  shareToken: 'share-launch',
  createdAt: minutesAfter(-240),
};

let documents = sampleDocuments();
let templates = sampleSavedTemplates();
let made = 0;

/** More documents than a page holds: short notes written an hour apart, before the samples. */
function addNotes(count: number): void {
  for (let index = 1; index <= count; index += 1) {
    const id = `doc-note-${index}`;
    const content = `# Note ${index}\n\nIdeas for the week, part ${index}.`;
    const at = minutesAfter(-60 * (index + 1));
    documents.set(id, {
      document: {
        id,
        title: `Note ${index}`,
        template: null,
        language: 'en',
        content,
        versions: 1,
        currentVersion: 1,
        createdAt: at,
        updatedAt: at,
      },
      versions: [version(id, 1, content, { kind: 'edit', template: null, createdAt: at })],
    });
  }
}

/**
 * Back to the samples: each story starts from the same documents and templates; `notes` adds
 * that many older documents (a list longer than a page).
 */
export function resetWriterMocks({ notes = 0 }: { notes?: number } = {}): void {
  documents = sampleDocuments();
  addNotes(notes);
  templates = sampleSavedTemplates();
  made = 0;
}

/** Keeps a new version of a user's document (a new document when it has none). */
function keep(
  documentId: string | null,
  content: string,
  extra: Partial<WriterVersion>,
): WriterVersion {
  let stored = documentId ? documents.get(documentId) : undefined;
  if (!stored) {
    made += 1;
    const id = `doc-new-${made}`;
    stored = {
      document: {
        id,
        title: content.split('\n')[0]?.replace(/^#+\s*/, '') || 'Untitled',
        template: extra.template ?? null,
        language: 'en',
        content,
        versions: 1,
        currentVersion: 1,
        createdAt: sampleCreatedAt,
        updatedAt: sampleCreatedAt,
      },
      versions: [],
    };
    documents.set(id, stored);
  }
  const number = (stored.versions[0]?.number ?? 0) + 1;
  const added = version(stored.document.id, number, content, {
    template: null,
    ...extra,
    createdAt: minutesAfter(30 + number),
  });
  stored.versions.unshift(added);
  stored.document = {
    ...stored.document,
    content,
    versions: number,
    currentVersion: number,
    updatedAt: added.createdAt,
  };
  return added;
}

// ---- Streams ----

type StreamScenario = 'completes' | 'slow' | 'fails';

/** The text in pieces of a few words, as a model streams it. */
const pieces = (text: string) => text.match(/\S+\s*/g) ?? [];

function sse(write: (send: (event: string, data: unknown) => void) => Promise<void>): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        await write((event, data) =>
          controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
        );
        controller.close();
      } catch {
        // The client closed the connection (stopped): nothing more to send.
      }
    },
  });
  return new HttpResponse(stream, {
    headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' },
  });
}

const quotaRefusal = () =>
  HttpResponse.json<QuotaErrorResponse>(
    {
      message: 'You have used all 20 of today’s pieces of writing.',
      code: 'quota',
      limit: 20,
      remaining: 0,
      refusedBy: 'plan',
      resetsAt: sampleResetsAt,
      upgradeUrl: '/plans',
    },
    { status: 429 },
  );

/**
 * Streams `passage` (what replaces the selection, or the whole text), then `done` with `whole`.
 * A slow stream sends a few words and waits until it is stopped; a failing one breaks off.
 */
async function streamText(
  send: (event: string, data: unknown) => void,
  scenario: StreamScenario,
  pause: number,
  passage: string,
  whole: (streamed: string) => string,
  kept: (content: string, state: WriterVersion['state']) => WriterVersion | null,
  start: { documentId: string | null; versionId: string | null },
) {
  send('start', { ...start, modelId: 'openai:gpt-4o-mini', modelName: 'GPT-4o mini' });
  const words = pieces(passage);
  const upTo = scenario === 'completes' ? words.length : Math.min(8, words.length);
  let streamed = '';
  for (const piece of words.slice(0, upTo)) {
    await delay(pause);
    streamed += piece;
    send('delta', { text: piece });
  }
  if (scenario === 'slow') {
    await delay('infinite');
    return;
  }
  if (scenario === 'fails') {
    send('error', {
      message: 'The model stopped answering. Try again in a moment.',
      content: whole(streamed),
    });
    return;
  }
  send('done', { content: whole(passage), version: kept(whole(passage), 'complete') });
}

const generations = (scenario: StreamScenario | 'quota', pause = 10) =>
  http.post(paths.generations, async ({ request }): Promise<Response> => {
    const caller = callerOf(request);
    if (!caller) return errorBody('Sign in, or send your visitor key.', 400);
    if (scenario === 'quota') return quotaRefusal();
    const parsed = writerGenerationRequest.safeParse(await request.json());
    if (!parsed.success) return errorBody(parsed.error.issues[0]?.message ?? 'Invalid', 400);
    const body = parsed.data;
    const text = body.template === 'social-post' ? sampleSocialPost : sampleBlogPost;
    const documentId = caller === 'user' ? (body.documentId ?? `doc-new-${made + 1}`) : null;
    return sse((send) =>
      streamText(
        send,
        scenario,
        pause,
        text,
        (streamed) => streamed,
        (content) =>
          caller === 'user' ? keep(body.documentId, content, { template: body.template }) : null,
        { documentId, versionId: null },
      ),
    );
  });

const transforms = (scenario: StreamScenario | 'quota', pause = 10) =>
  http.post(paths.transforms, async ({ request }): Promise<Response> => {
    const caller = callerOf(request);
    if (!caller) return errorBody('Sign in, or send your visitor key.', 400);
    if (scenario === 'quota') return quotaRefusal();
    const parsed = writerTransformRequest.safeParse(await request.json());
    if (!parsed.success) return errorBody(parsed.error.issues[0]?.message ?? 'Invalid', 400);
    const body = parsed.data;
    const { start, end } = body.selection ?? { start: 0, end: body.text.length };
    const before = body.text.slice(0, start);
    const after = body.text.slice(end);
    const passage = transformed(body.text.slice(start, end), body.transform);
    return sse((send) =>
      streamText(
        send,
        scenario,
        pause,
        passage,
        (streamed) => `${before}${streamed}${after}`,
        (content) =>
          caller === 'user' && body.documentId
            ? keep(body.documentId, content, { kind: 'transform', transform: body.transform })
            : null,
        { documentId: caller === 'user' ? body.documentId : null, versionId: null },
      ),
    );
  });

// ---- Documents, versions, exports ----

const excerptOf = (content: string) =>
  content
    .replace(/[#*_>-]/g, '')
    .trim()
    .slice(0, 140);

/** The API's page size (WRITER_DOCUMENTS_PAGE_SIZE): the cursor is where the last page ended. */
const documentsPageSize = 20;

const documentsList = (empty = false) =>
  http.get(paths.documents, ({ request }) => {
    const all = empty
      ? []
      : [...documents.values()]
          .map(({ document }) => document)
          .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : -1));
    const cursor = new URL(request.url).searchParams.get('cursor');
    const from = cursor ? Number(cursor.replace('after-', '')) : 0;
    const page = all.slice(from, from + documentsPageSize);
    const end = from + page.length;
    return HttpResponse.json<WriterDocumentsPage>({
      documents: page.map(({ content, ...rest }) => ({ ...rest, excerpt: excerptOf(content) })),
      nextCursor: end < all.length ? `after-${end}` : null,
    });
  });

const oneDocument = http.get<{ id: string }>(paths.document, ({ params }) => {
  const stored = documents.get(params.id);
  return stored ? HttpResponse.json<WriterDocument>(stored.document) : notFound();
});

const versions = http.get<{ id: string }>(paths.versions, ({ params }) => {
  const stored = documents.get(params.id);
  return stored ? HttpResponse.json({ versions: stored.versions }) : notFound();
});

const edit = http.put<{ id: string }>(paths.document, async ({ params, request }) => {
  const stored = documents.get(params.id);
  if (!stored) return notFound();
  const body = (await request.json()) as { content: string };
  keep(params.id, body.content, { kind: 'edit', template: null, modelName: null });
  return HttpResponse.json<WriterDocument>(stored.document);
});

const restore = http.post<{ id: string; versionId: string }>(paths.restore, ({ params }) => {
  const stored = documents.get(params.id);
  const source = stored?.versions.find((one) => one.id === params.versionId);
  if (!stored || !source) return notFound();
  keep(params.id, source.content, {
    kind: 'restore',
    template: null,
    modelName: null,
    restoredFrom: source.number,
  });
  return HttpResponse.json<WriterDocument>(stored.document);
});

const removeDocument = http.delete<{ id: string }>(paths.document, ({ params }) => {
  if (!documents.delete(params.id)) return notFound();
  return new HttpResponse(null, { status: 204 });
});

const contentTypes = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
  md: 'text/markdown; charset=utf-8',
} as const;

const file = (content: string, format: keyof typeof contentTypes) =>
  new HttpResponse(new Blob([content], { type: contentTypes[format] }), {
    headers: {
      'Content-Type': contentTypes[format],
      'Content-Disposition': `attachment; filename="document.${format}"`,
    },
  });

const documentExport = http.get<{ id: string }>(paths.documentExport, ({ params, request }) => {
  const stored = documents.get(params.id);
  const format = new URL(request.url).searchParams.get('format');
  if (!stored) return notFound();
  if (format !== 'docx' && format !== 'pdf' && format !== 'md') {
    return errorBody('Choose DOCX, PDF or Markdown.', 400);
  }
  return file(stored.document.content, format);
});

const exportsRoute = http.post(paths.exports, async ({ request }) => {
  const body = (await request.json()) as { content: string; format: 'docx' | 'pdf' | 'md' };
  return file(body.content, body.format);
});

// ---- Templates ----

const templatesList = http.get(paths.templates, () => HttpResponse.json({ templates }));

const saveTemplate = http.post(paths.templates, async ({ request }) => {
  const body = (await request.json()) as Omit<
    WriterSavedTemplate,
    'id' | 'shareToken' | 'createdAt'
  >;
  const saved: WriterSavedTemplate = {
    ...body,
    audience: body.audience ?? '',
    id: `template-${templates.length + 1}`,
    shareToken: null,
    createdAt: minutesAfter(60),
  };
  templates = [saved, ...templates];
  return HttpResponse.json<WriterSavedTemplate>(saved, { status: 201 });
});

const removeTemplate = http.delete<{ id: string }>(paths.template, ({ params }) => {
  if (!templates.some((one) => one.id === params.id)) return notFound();
  templates = templates.filter((one) => one.id !== params.id);
  return new HttpResponse(null, { status: 204 });
});

const share = http.post<{ id: string }>(paths.share, ({ params }) => {
  const found = templates.find((one) => one.id === params.id);
  if (!found) return notFound();
  const shared = { ...found, shareToken: found.shareToken ?? `share-${found.id}` };
  templates = templates.map((one) => (one.id === shared.id ? shared : one));
  return HttpResponse.json<WriterSavedTemplate>(shared);
});

const shared = http.get<{ token: string }>(paths.shared, ({ params }) =>
  params.token === sampleSharedTemplate.shareToken
    ? HttpResponse.json<WriterSavedTemplate>(sampleSharedTemplate)
    : notFound(),
);

export const writerHandlers = {
  catalogue: catalogue(18),
  /** Today's allowance used up: the catalogue says so, and a generation is refused (429). */
  allowanceReached: [catalogue(0), generations('quota'), transforms('quota')],
  catalogueFailure: http.get(paths.catalogue, () =>
    errorBody('Server error. Please try again later.', 500),
  ),
  generations: generations('completes'),
  /** A few words, then nothing until stopped. */
  slowGenerations: generations('slow', 20),
  failingGenerations: generations('fails'),
  transforms: transforms('completes'),
  slowTransforms: transforms('slow', 20),
  documents: documentsList(),
  noDocuments: documentsList(true),
  oneDocument,
  versions,
  edit,
  restore,
  removeDocument,
  documentExport,
  exports: exportsRoute,
  templates: templatesList,
  saveTemplate,
  removeTemplate,
  share,
  shared,
};

/** The happy path: the catalogue, streams that complete, a user's documents and templates. */
export const defaultWriterHandlers = [
  writerHandlers.catalogue,
  writerHandlers.generations,
  writerHandlers.transforms,
  writerHandlers.documents,
  // The versions, the restore and the export before the document's own route.
  writerHandlers.restore,
  writerHandlers.versions,
  writerHandlers.documentExport,
  writerHandlers.oneDocument,
  writerHandlers.edit,
  writerHandlers.removeDocument,
  writerHandlers.exports,
  writerHandlers.shared,
  writerHandlers.share,
  writerHandlers.templates,
  writerHandlers.saveTemplate,
  writerHandlers.removeTemplate,
];
