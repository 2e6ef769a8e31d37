import http from 'node:http';
import type {
  WriterCatalogueResponse,
  WriterDocument,
  WriterDocumentsPage,
  WriterSavedTemplate,
  WriterVersion,
} from '@studio/contracts';
import mammoth from 'mammoth';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it, vi } from 'vitest';
import { writerServiceTexts } from '../src/domains/writer/writer-texts.ts';
import { relaxedAuthLimits } from './support/auth.ts';
import { chatUser } from './support/chat-rows.ts';
import { databaseKinds } from './support/databases.ts';
import { type Caller, headersOf, newVisitorKey, send } from './support/images.ts';
import { eventsOf } from './support/office.ts';
import { useTestApp } from './support/test-app.ts';

/** Words no log line may carry: a field, a document's text. */
const secret = 'Lantern harbour quietly';

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  await pdf.destroy();
  return pages.join('\n');
}

type Done = { content: string; version: WriterVersion | null };
type Start = { documentId: string | null; versionId: string | null; modelId: string };

/** The stream's events by type: the start, the text of the deltas, and how it ended. */
function streamOf(body: string) {
  const events = eventsOf(body);
  const of = <T>(type: string) => events.find(([name]) => name === type)?.[1] as T | undefined;
  return {
    types: events.map(([type]) => type),
    start: of<Start>('start'),
    text: events
      .filter(([type]) => type === 'delta')
      .map(([, data]) => (data as { text: string }).text)
      .join(''),
    done: of<Done>('done'),
    error: of<{ message: string; content: string }>('error'),
  };
}

const vietnameseMarkdown =
  '# Cà phê Đà Lạt\n\nHương vị **đậm đà** của vùng cao nguyên.\n\n- Rang xay mỗi sáng\n- Giao tận nơi';

describe.each(databaseKinds)('the content writer on %s', (kind) => {
  const t = useTestApp(kind, {
    ...relaxedAuthLimits,
    RATE_LIMIT_API_MAX: '100000',
    LOG_LEVEL: 'trace',
    WRITER_DAILY_GENERATIONS_VISITOR: '2',
    WRITER_DAILY_GENERATIONS_PER_ADDRESS: '1000',
  });
  let addressCount = 0;
  const visitor = (): Caller => ({
    visitorKey: newVisitorKey(),
    address: `198.51.100.${(addressCount += 1)}`,
  });
  const user = async (label: string): Promise<Caller> => ({
    bearer: (await chatUser(t.app, label)).bearer,
  });
  const get = (caller: Caller, url: string) => send(t.app, caller, 'GET', url);
  const put = (caller: Caller, url: string, body: unknown) =>
    t.app.inject({
      method: 'PUT',
      url,
      headers: headersOf(caller),
      payload: body as Record<string, unknown>,
    });
  const generate = async (caller: Caller, body: Record<string, unknown>) => {
    const response = await send(t.app, caller, 'POST', '/api/writer/generations', body);
    expect(response.statusCode, response.body).toBe(200);
    return streamOf(response.body);
  };
  const remaining = async (caller: Caller) =>
    (await get(caller, '/api/writer/catalogue')).json<WriterCatalogueResponse>().limits
      .remainingToday;

  it("lists the templates, the networks' limits, the models and the caller's allowance", async () => {
    const response = await get(visitor(), '/api/writer/catalogue');
    expect(response.statusCode).toBe(200);
    const catalogue = response.json<WriterCatalogueResponse>();
    expect(catalogue.templates.map((template) => template.id)).toContain('blog-post');
    expect(catalogue.socialNetworkLimits.x).toBe(280);
    expect(catalogue.models[0]).toMatchObject({ id: 'sandbox', sandbox: true });
    expect(catalogue.defaultModel).toBe('sandbox');
    expect(catalogue.limits).toMatchObject({ dailyGenerations: 2, remainingToday: 2 });
    const free = await get(await user('writer-catalogue'), '/api/writer/catalogue');
    expect(free.json<WriterCatalogueResponse>().limits.dailyGenerations).toBe(20);
  });

  it('keeps a generation, a passage transform, an edit and a restore as versions, and exports them', async () => {
    const owner = await user('writer-versions');
    const written = await generate(owner, {
      template: 'blog-post',
      fields: { topic: `Cà phê Đà Lạt buổi sáng ${secret}` },
      tone: 'friendly',
      language: 'vi',
    });
    expect(written.types).toEqual(expect.arrayContaining(['start', 'delta', 'done']));
    const documentId = written.start?.documentId;
    expect(documentId).toBeTruthy();
    expect(written.done?.content).toBe(written.text);
    expect(written.done?.version).toMatchObject({
      id: written.start?.versionId,
      documentId,
      number: 1,
      kind: 'generate',
      template: 'blog-post',
      state: 'complete',
    });
    const url = `/api/writer/documents/${documentId}`;
    const first = (await get(owner, url)).json<WriterDocument>();
    expect(first).toMatchObject({ content: written.text, language: 'vi', versions: 1 });
    expect(first.title.length).toBeGreaterThan(0);

    // Only the passage goes to the model; the rest of the text comes back as it was.
    const text = 'Mở đầu giữ nguyên.\n\nĐoạn này dài. Câu thứ hai bị bỏ.\n\nKết thúc giữ nguyên.';
    const start = text.indexOf('Đoạn này');
    const selection = { start, end: start + 'Đoạn này dài. Câu thứ hai bị bỏ.'.length };
    const shortened = await send(t.app, owner, 'POST', '/api/writer/transforms', {
      transform: 'shorten',
      text,
      selection,
      language: 'vi',
      documentId,
    });
    expect(shortened.statusCode, shortened.body).toBe(200);
    const transformed = streamOf(shortened.body);
    expect(transformed.text).toBe('Đoạn này dài.');
    expect(transformed.done?.content).toBe(
      'Mở đầu giữ nguyên.\n\nĐoạn này dài.\n\nKết thúc giữ nguyên.',
    );
    expect(transformed.done?.version).toMatchObject({ number: 2, kind: 'transform' });

    const edited = await put(owner, url, { content: vietnameseMarkdown, title: 'Cà phê' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<WriterDocument>()).toMatchObject({ versions: 3, title: 'Cà phê' });
    // The same content again makes no version.
    const again = await put(owner, url, { content: vietnameseMarkdown });
    expect(again.json<WriterDocument>().versions).toBe(3);

    const versions = (await get(owner, `${url}/versions`)).json<{ versions: WriterVersion[] }>()
      .versions;
    expect(versions.map((version) => [version.number, version.kind])).toEqual([
      [3, 'edit'],
      [2, 'transform'],
      [1, 'generate'],
    ]);
    const firstId = versions[2]?.id ?? '';
    const restored = await send(t.app, owner, 'POST', `${url}/versions/${firstId}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<WriterDocument>()).toMatchObject({
      versions: 4,
      currentVersion: 4,
      content: written.text,
    });
    const latest = (await get(owner, `${url}/versions`)).json<{ versions: WriterVersion[] }>()
      .versions[0];
    expect(latest).toMatchObject({ number: 4, kind: 'restore', restoredFrom: 1 });

    // Version 3 exported, its Vietnamese intact in each format.
    const docx = await get(owner, `${url}/export?format=docx&version=3`);
    expect(docx.statusCode).toBe(200);
    expect(docx.headers['content-disposition']).toContain('.docx');
    const docxText = (await mammoth.extractRawText({ buffer: docx.rawPayload })).value;
    expect(docxText).toContain('Cà phê Đà Lạt');
    expect(docxText).toContain('Hương vị đậm đà của vùng cao nguyên.');
    const pdf = await get(owner, `${url}/export?format=pdf&version=3`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const printed = await pdfText(pdf.rawPayload);
    expect(printed).toContain('Cà phê Đà Lạt');
    expect(printed).toContain('Giao tận nơi');
    const md = await get(owner, `${url}/export?format=md`);
    // The latest version: the restored first one.
    expect(md.body).toContain('mô hình thử nghiệm');

    const page = (await get(owner, '/api/writer/documents')).json<WriterDocumentsPage>();
    expect(page.documents.map((document) => document.id)).toEqual([documentId]);
    expect(page.documents[0]?.excerpt.length).toBeGreaterThan(0);

    expect((await send(t.app, owner, 'DELETE', url)).statusCode).toBe(204);
    expect((await get(owner, url)).statusCode).toBe(404);
    expect(t.logs.join('\n')).not.toContain(secret);
  });

  it('lists documents by their last change, a page at a time', async () => {
    const owner = await user('writer-pages');
    const ids: string[] = [];
    for (const topic of ['một', 'hai', 'ba']) {
      const written = await generate(owner, {
        template: 'summary',
        fields: { source: `Bài số ${topic}.` },
        language: 'vi',
      });
      ids.push(written.start?.documentId ?? '');
    }
    // The first one, edited now, comes before the two written after it.
    const edited = await put(owner, `/api/writer/documents/${ids[0]}`, { content: 'Đã sửa.' });
    expect(edited.statusCode, edited.body).toBe(200);
    const first = (await get(owner, '/api/writer/documents?limit=2')).json<WriterDocumentsPage>();
    expect(first.documents.map((document) => document.id)).toEqual([ids[0], ids[2]]);
    expect(first.nextCursor).toBeTruthy();
    const second = (
      await get(owner, `/api/writer/documents?limit=2&cursor=${first.nextCursor ?? ''}`)
    ).json<WriterDocumentsPage>();
    expect(second.documents.map((document) => document.id)).toEqual([ids[1]]);
    expect(second.nextCursor).toBeNull();
  });

  it('keeps a generation the client stopped as a stopped version, with what came', async () => {
    const owner = await user('writer-stop');
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const request = http.request(`${address}/api/writer/generations`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', ...headersOf(owner) },
    });
    request.end(
      JSON.stringify({ template: 'email', fields: { purpose: '[slow] Invite' }, language: 'en' }),
    );
    const response = await new Promise<http.IncomingMessage>((resolve) =>
      request.on('response', resolve),
    );
    expect(response.statusCode).toBe(200);
    let text = '';
    for await (const chunk of response) {
      text += String(chunk);
      if (text.includes('event: delta')) break;
    }
    request.destroy();
    const documentId = streamOf(text).start?.documentId;
    const stopped = await vi.waitFor(
      async () => {
        const versions = await get(owner, `/api/writer/documents/${documentId}/versions`);
        const [only] = versions.json<{ versions?: WriterVersion[] }>().versions ?? [];
        if (!only) throw new Error('not kept yet');
        return only;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(stopped.state).toBe('stopped');
    expect(stopped.content.length).toBeGreaterThan(0);
  });

  it('streams for visitors without keeping anything, and refuses what they cannot have', async () => {
    const guest = visitor();
    const written = await generate(guest, {
      template: 'social-post',
      fields: { network: 'x', topic: 'Launch day' },
      language: 'en',
    });
    expect(written.start).toMatchObject({ documentId: null, versionId: null });
    expect(written.done).toEqual({ content: written.text, version: null });
    const named = await send(t.app, guest, 'POST', '/api/writer/generations', {
      template: 'outline',
      fields: { topic: 'Tea' },
      language: 'en',
      documentId: 'abc',
    });
    expect(named.statusCode).toBe(400);
    expect(named.json()).toMatchObject({ message: writerServiceTexts.visitorDocument });
    const missing = await send(t.app, guest, 'POST', '/api/writer/generations', {
      template: 'outline',
      fields: {},
      language: 'en',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: 'Fill in "topic": this template needs it.' });
    for (const path of ['/api/writer/documents', '/api/writer/templates']) {
      expect((await get(guest, path)).statusCode).toBe(401);
    }

    // A visitor's document exports too, from its Markdown.
    const exported = await send(t.app, guest, 'POST', '/api/writer/exports', {
      title: 'Cà phê',
      content: vietnameseMarkdown,
      format: 'docx',
      language: 'vi',
    });
    expect(exported.statusCode).toBe(200);
    expect((await mammoth.extractRawText({ buffer: exported.rawPayload })).value).toContain(
      'Giao tận nơi',
    );

    // The second of two; a third is the shared 429.
    await generate(guest, { template: 'outline', fields: { topic: 'Tea' }, language: 'en' });
    const refused = await send(t.app, guest, 'POST', '/api/writer/transforms', {
      transform: 'grammar',
      text: 'some text',
      language: 'en',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'quota',
      limit: 2,
      remaining: 0,
      refusedBy: 'plan',
    });
  });

  it('keeps nothing when the model fails, and gives the unit back', async () => {
    const owner = await user('writer-fail');
    const before = await remaining(owner);
    const failed = await generate(owner, {
      template: 'blog-post',
      fields: { topic: '[fail] Tea' },
      language: 'en',
    });
    expect(failed.error?.content).toBe('');
    expect(failed.done).toBeUndefined();
    expect(await remaining(owner)).toBe(before);
    const page = (await get(owner, '/api/writer/documents')).json<WriterDocumentsPage>();
    expect(page.documents).toEqual([]);
  });

  it("answers 404 for another user's documents, versions and templates on every path", async () => {
    const owner = await user('writer-owner');
    const other = await user('writer-other');
    const written = await generate(owner, {
      template: 'ad-copy',
      fields: { product: 'Tea' },
      language: 'en',
    });
    const id = written.start?.documentId ?? '';
    const versionId = written.start?.versionId ?? '';
    const saved = await send(t.app, owner, 'POST', '/api/writer/templates', {
      name: 'Tea ads',
      template: 'ad-copy',
      fields: { product: 'Tea' },
      tone: 'playful',
      length: 'short',
      language: 'en',
    });
    const templateId = saved.json<WriterSavedTemplate>().id;
    const url = `/api/writer/documents/${id}`;
    const refusals = await Promise.all([
      get(other, url),
      put(other, url, { content: 'mine now' }),
      get(other, `${url}/versions`),
      send(t.app, other, 'POST', `${url}/versions/${versionId}/restore`),
      get(other, `${url}/export?format=md`),
      send(t.app, other, 'POST', '/api/writer/generations', {
        template: 'outline',
        fields: { topic: 'Tea' },
        language: 'en',
        documentId: id,
      }),
      send(t.app, other, 'POST', '/api/writer/transforms', {
        transform: 'rewrite',
        text: 'Tea',
        language: 'en',
        documentId: id,
      }),
      send(t.app, other, 'POST', `/api/writer/templates/${templateId}/share`),
      send(t.app, other, 'DELETE', `/api/writer/templates/${templateId}`),
      send(t.app, other, 'DELETE', url),
    ]);
    expect(refusals.map((response) => response.statusCode)).toEqual(Array(10).fill(404));
    // Nothing of theirs changed, and nothing was counted for the refused streams.
    expect((await get(owner, url)).json<WriterDocument>().versions).toBe(1);
    expect(await remaining(other)).toBe(20);
  });

  it('saves, lists, shares and opens templates, and a deleted one is gone from its link', async () => {
    const owner = await user('writer-templates');
    const saved = await send(t.app, owner, 'POST', '/api/writer/templates', {
      name: 'Thư mời họp',
      template: 'email',
      fields: { purpose: 'Mời họp phụ huynh' },
      tone: 'formal',
      length: 'short',
      language: 'vi',
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const template = saved.json<WriterSavedTemplate>();
    expect(template).toMatchObject({ name: 'Thư mời họp', shareToken: null });
    const unknown = await send(t.app, owner, 'POST', '/api/writer/templates', {
      name: 'Wrong',
      template: 'email',
      fields: { topic: 'Not an e-mail field' },
      tone: 'formal',
      length: 'short',
      language: 'en',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'This template has no field "topic".' });
    const listed = (await get(owner, '/api/writer/templates')).json<{
      templates: WriterSavedTemplate[];
    }>();
    expect(listed.templates.map((entry) => entry.id)).toEqual([template.id]);
    const shared = (
      await send(t.app, owner, 'POST', `/api/writer/templates/${template.id}/share`)
    ).json<WriterSavedTemplate>();
    expect(shared.shareToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    // Sharing again gives the same link.
    const twice = await send(t.app, owner, 'POST', `/api/writer/templates/${template.id}/share`);
    expect(twice.json<WriterSavedTemplate>().shareToken).toBe(shared.shareToken);
    const link = `/api/writer/templates/shared/${shared.shareToken}`;
    const opened = await t.app.inject({ method: 'GET', url: link });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({
      fields: { purpose: 'Mời họp phụ huynh' },
      tone: 'formal',
    });
    expect(opened.body).not.toContain('user');
    expect(
      (await send(t.app, owner, 'DELETE', `/api/writer/templates/${template.id}`)).statusCode,
    ).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
  });
});
