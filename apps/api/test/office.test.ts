import type {
  OfficeAnswer,
  OfficeCatalogueResponse,
  OfficeDocument,
  OfficeDocumentContent,
  OfficeDocumentsPage,
  OfficeJob,
  OfficeSource,
  OfficeTablesResponse,
} from '@studio/contracts';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import mammoth from 'mammoth';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDocumentInWorker, renderPdfPage } from '@studio/documents';
import { createTesseractEngine } from '../src/domains/providers/ocr/tesseract-engine.ts';
import { officeJobTexts, officeRefusalTexts } from '../src/domains/office/office-texts.ts';
import { relaxedAuthLimits } from './support/auth.ts';
import { chatUser } from './support/chat-rows.ts';
import { databaseKinds } from './support/databases.ts';
import { type Caller, newVisitorKey, send } from './support/images.ts';
import {
  documentOf,
  eventsOf,
  makeDocx,
  makeEncryptedPdf,
  makeLegacyDoc,
  makeMacroDocx,
  makePdf,
  makePptx,
  makeScannedPdf,
  makeXlsx,
  makeZipBomb,
  officeJobWhen,
  uploadDocument,
} from './support/office.ts';
import { useTestApp } from './support/test-app.ts';

/** Words no log line may carry: a question, a prompt and a document's text. */
const secret = 'Lantern harbour quietly';

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages.join('\n');
}

/** One OCR engine for both apps: its worker starts once. */
const ocr = createTesseractEngine({
  concurrency: 1,
  maxQueue: 8,
  timeoutMs: 30_000,
  maxPixels: 25_000_000,
});
afterAll(() => ocr.close());
// The reading thread and the OCR worker start once, here, not inside the first tests' time.
beforeAll(async () => {
  await readDocumentInWorker(new Uint8Array(await makePdf()));
  const scan = await makeScannedPdf();
  await ocr.recognize(await renderPdfPage(new Uint8Array(scan), 1, 150), {
    languages: ['en', 'vi'],
    signal: new AbortController().signal,
  });
}, 60_000);

describe.each(databaseKinds)('the office tools on %s', (kind) => {
  const t = useTestApp(
    kind,
    {
      ...relaxedAuthLimits,
      RATE_LIMIT_API_MAX: '100000',
      LOG_LEVEL: 'trace',
      OFFICE_DAILY_PAGES_VISITOR: '8',
      OFFICE_DAILY_PAGES_PER_ADDRESS: '1000',
    },
    { ocr: { engine: ocr } },
  );
  let addressCount = 0;
  const visitor = (): Caller => ({
    visitorKey: newVisitorKey(),
    address: `198.51.100.${(addressCount += 1)}`,
  });
  const user = async (label: string): Promise<Caller> => ({
    bearer: (await chatUser(t.app, label)).bearer,
  });
  const get = (caller: Caller, url: string) => send(t.app, caller, 'GET', url);
  const read = async (caller: Caller, name: string, bytes: Buffer) =>
    documentOf(t.app, caller, await uploadDocument(t.app, caller, name, bytes));
  const content = async (caller: Caller, document: OfficeDocument) => {
    const response = await get(caller, `/api/office/documents/${document.id}/content`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<OfficeDocumentContent>();
  };
  const ask = async (caller: Caller, id: string, body: Record<string, unknown>) => {
    const response = await send(t.app, caller, 'POST', `/api/office/documents/${id}/answers`, body);
    expect(response.statusCode, response.body).toBe(200);
    return eventsOf(response.body);
  };

  it('lists formats, conversions, models and the allowance for the caller', async () => {
    const response = await get(visitor(), '/api/office/catalogue');
    expect(response.statusCode).toBe(200);
    const catalogue = response.json<OfficeCatalogueResponse>();
    expect(catalogue.formats).toEqual(['pdf', 'docx', 'xlsx', 'pptx', 'csv', 'txt', 'md']);
    expect(catalogue.conversions.docx).toEqual(['pdf', 'md', 'txt']);
    expect(catalogue.generatedFormats).toEqual(['docx', 'xlsx', 'pptx']);
    expect(catalogue.models[0]).toMatchObject({ id: 'sandbox', allowed: true, sandbox: true });
    expect(catalogue.defaultModel).toBe('sandbox');
    expect(catalogue.limits).toEqual({
      dailyPages: 8,
      remainingToday: 8,
      maxFileBytes: 5 * 1024 * 1024,
      maxPages: 200,
    });
    const free = (
      await get(await user('office-catalogue'), '/api/office/catalogue')
    ).json<OfficeCatalogueResponse>();
    expect(free.limits).toMatchObject({ dailyPages: 100, maxFileBytes: 10 * 1024 * 1024 });
  });

  it('reads each format into parts with refs, and counts the pages read', async () => {
    const owner = await user('office-formats');
    const files: [string, Buffer, OfficeDocument['partKind'], number][] = [
      ['report.pdf', await makePdf(), 'page', 3],
      ['bao-cao.docx', await makeDocx(), 'section', 2],
      ['sales.xlsx', await makeXlsx(), 'sheet', 1],
      ['plan.pptx', await makePptx(), 'slide', 2],
      ['cities.csv', Buffer.from('city,units\nHà Nội,420\nHuế,130\n'), 'sheet', 1],
      ['notes.txt', Buffer.from(`${secret}.\n\nSecond paragraph here.`), 'section', 1],
      ['readme.md', Buffer.from('# Tiêu đề\n\nMột đoạn văn.\n\n# Phần hai\n\nNữa.'), 'section', 2],
    ];
    let pages = 0;
    for (const [name, bytes, partKind, parts] of files) {
      const document = await read(owner, name, bytes);
      expect(document, name).toMatchObject({
        fileName: name,
        format: name.split('.').pop(),
        bytes: bytes.length,
        parts,
        partKind,
        operation: 'upload',
        sourceId: null,
        expiresAt: null,
      });
      pages += parts;
      const { parts: found } = await content(owner, document);
      expect(found.map((part) => part.ref.number)).toEqual(found.map((_, index) => index + 1));
      expect(found.every((part) => part.ref.kind === partKind && part.source === 'text')).toBe(
        true,
      );
      const file = await get(owner, document.fileUrl);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(bytes)).toBe(true);
    }
    const catalogue = (await get(owner, '/api/office/catalogue')).json<OfficeCatalogueResponse>();
    expect(catalogue.limits.remainingToday).toBe(100 - pages);
    const docx = (await get(owner, '/api/office/documents?limit=3')).json<OfficeDocumentsPage>();
    expect(docx.documents.map((document) => document.fileName)).toEqual([
      'readme.md',
      'notes.txt',
      'cities.csv',
    ]);
    const next = (
      await get(owner, `/api/office/documents?limit=10&cursor=${docx.nextCursor ?? ''}`)
    ).json<OfficeDocumentsPage>();
    expect(next.documents).toHaveLength(4);
    expect(t.logs.join('\n')).not.toContain(secret);
  });

  it('reads a scanned page with OCR and marks it so', async () => {
    const owner = await user('office-ocr');
    const response = await uploadDocument(t.app, owner, 'scan.pdf', await makeScannedPdf());
    const { job } = response.json<{ job: OfficeJob }>();
    const done = await officeJobWhen(t.app, owner, job.id);
    expect(done.state, done.error ?? '').toBe('completed');
    const document = done.result?.document as OfficeDocument;
    expect(document.ocrParts).toEqual([1]);
    const { parts } = await content(owner, document);
    expect(parts[0]?.source).toBe('ocr');
    const text = JSON.stringify(parts[0]?.blocks);
    expect(text).toMatch(/invoice number 42/i);
  });

  it('answers a question citing the right page, and summarises across the document', async () => {
    const owner = await user('office-answers');
    const document = await read(owner, 'report.pdf', await makePdf());
    const events = await ask(owner, document.id, {
      task: 'ask',
      question: `When did the Hanoi office open? ${secret}`,
    });
    expect(events.map(([type]) => type)).toContain('delta');
    const [startType, start] = events[0] ?? [];
    expect(startType).toBe('start');
    const sources = (start as { sources: OfficeSource[] }).sources;
    const [, done] = events.at(-1) ?? [];
    const answer = (done as { answer: OfficeAnswer }).answer;
    expect(answer.state).toBe('complete');
    expect(answer.text).toContain('(page 2)');
    const cited = Number(/\[(\d+)\]/.exec(answer.text)?.[1]);
    expect(sources.find((source) => source.n === cited)?.ref).toEqual({
      kind: 'page',
      number: 2,
      name: null,
    });
    expect(
      events
        .filter(([type]) => type === 'delta')
        .map(([, data]) => (data as { text: string }).text)
        .join(''),
    ).toBe(answer.text);

    const summary = await ask(owner, document.id, { task: 'summary' });
    const kept = (summary.at(-1)?.[1] as { answer: OfficeAnswer }).answer;
    expect(kept.task).toBe('summary');
    expect(kept.text).toMatch(/^A summary of the document:/);
    expect(new Set(kept.sources.map((source) => source.ref.number))).toEqual(new Set([1, 2, 3]));
    expect(kept.text).toContain('[3]');

    const listed = (await get(owner, `/api/office/documents/${document.id}/answers`)).json<{
      answers: OfficeAnswer[];
    }>();
    expect(listed.answers.map((one) => one.task)).toEqual(['ask', 'summary']);
    // The page the citation names, as it looks.
    const png = await get(owner, `/api/office/documents/${document.id}/pages/2.png`);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['cache-control']).toBe('private, max-age=3600');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await get(owner, `/api/office/documents/${document.id}/pages/4.png`)).statusCode).toBe(
      404,
    );
    expect(t.logs.join('\n')).not.toContain(secret);
  });

  it('gives tables as CSV and XLSX, converts DOCX to PDF, translates and generates', async () => {
    const owner = await user('office-make');
    const docx = await read(owner, 'bao-cao.docx', await makeDocx());
    const tables = (
      await get(owner, `/api/office/documents/${docx.id}/tables`)
    ).json<OfficeTablesResponse>();
    expect(tables.tables).toEqual([
      {
        number: 1,
        ref: expect.objectContaining({ kind: 'section', number: 2 }) as unknown,
        rows: 3,
        columns: 2,
        preview: [
          ['Tên', 'Số lượng'],
          ['Bút', '12'],
          ['Vở', '7'],
        ],
      },
    ]);
    const csv = await get(owner, `/api/office/documents/${docx.id}/tables/1?format=csv`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.replace(/^\uFEFF/, '')).toBe('Tên,Số lượng\r\nBút,12\r\nVở,7\r\n');
    const xlsx = await get(owner, `/api/office/documents/${docx.id}/tables/1?format=xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getCell('A2').value).toBe('Bút');
    expect(sheet?.getCell('B2').value).toBe(12);
    expect((await get(owner, `/api/office/documents/${docx.id}/tables/2`)).statusCode).toBe(404);

    const refused = await send(
      t.app,
      owner,
      'POST',
      `/api/office/documents/${docx.id}/conversions`,
      {
        to: 'xlsx',
      },
    );
    expect(refused.statusCode).toBe(409);
    const pdf = await documentOf(
      t.app,
      owner,
      await send(t.app, owner, 'POST', `/api/office/documents/${docx.id}/conversions`, {
        to: 'pdf',
      }),
    );
    expect(pdf).toMatchObject({
      format: 'pdf',
      operation: 'convert',
      sourceId: docx.id,
      fileName: 'bao-cao.pdf',
    });
    const text = await pdfText((await get(owner, pdf.fileUrl)).rawPayload);
    expect(text).toContain('Báo cáo quý ba');
    expect(text).toContain('Doanh thu tăng mười hai phần trăm');

    const translated = await documentOf(
      t.app,
      owner,
      await send(t.app, owner, 'POST', `/api/office/documents/${docx.id}/translations`, {
        to: 'vi',
      }),
    );
    expect(translated).toMatchObject({ format: 'docx', operation: 'translate', sourceId: docx.id });
    const parts = (await content(owner, translated)).parts;
    const blocks = parts.flatMap((part) => part.blocks);
    expect(blocks[0]).toMatchObject({ type: 'heading', spans: [{ text: '[vi] Báo cáo quý ba' }] });
    expect(blocks.find((block) => block.type === 'table')).toMatchObject({
      rows: [
        ['[vi] Tên', '[vi] Số lượng'],
        ['[vi] Bút', '12'],
        ['[vi] Vở', '7'],
      ],
    });

    const generated = await documentOf(
      t.app,
      owner,
      await send(t.app, owner, 'POST', '/api/office/generations', {
        format: 'docx',
        prompt: `A short report on coffee sales in Hanoi. ${secret}`,
        language: 'en',
      }),
    );
    expect(generated).toMatchObject({ format: 'docx', operation: 'generate', sourceId: null });
    const file = (await get(owner, generated.fileUrl)).rawPayload;
    const { value } = await mammoth.extractRawText({ buffer: file });
    expect(value).toMatch(/coffee sales in Hanoi/);
    // The writers' guarantee: no macros, scripts or outside references in what is made.
    const entries = unzipSync(new Uint8Array(file));
    expect(
      Object.keys(entries).filter((name) => /vba|macro|activex|embeddings/i.test(name)),
    ).toEqual([]);
    const xml = Object.values(entries)
      .map((bytes) => new TextDecoder().decode(bytes))
      .join('\n');
    expect(xml).not.toMatch(/macroEnabled|TargetMode="External"|<w:fldSimple|attachedTemplate/);
    expect(t.logs.join('\n')).not.toContain(secret);
  });

  it.each([
    ['bomb.docx', makeZipBomb, 'bomb'],
    ['locked.pdf', makeEncryptedPdf, 'encrypted'],
    ['old.doc', makeLegacyDoc, 'legacy'],
    ['macro.docm', makeMacroDocx, 'macro'],
  ] as const)(
    'refuses %s (%s): the job fails with the refusal, nothing kept or counted',
    async (name, make, code) => {
      const owner = await user(`office-refuse-${code}`);
      const response = await uploadDocument(t.app, owner, name, await make());
      expect(response.statusCode, response.body).toBe(202);
      const { job } = response.json<{ job: OfficeJob }>();
      const failed = await officeJobWhen(t.app, owner, job.id);
      expect(failed).toMatchObject({
        state: 'failed',
        error: officeRefusalTexts[code],
        detail: { refusal: code },
      });
      expect(
        (await get(owner, '/api/office/documents')).json<OfficeDocumentsPage>().documents,
      ).toEqual([]);
      const catalogue = (await get(owner, '/api/office/catalogue')).json<OfficeCatalogueResponse>();
      expect(catalogue.limits.remainingToday).toBe(100);
      const left: string[] = [];
      for await (const object of t.app.storage.list()) {
        if (object.key.includes('/office')) left.push(object.key);
      }
      expect(left.filter((key) => key.includes(owner.bearer ?? '-'))).toEqual([]);
    },
  );

  it("answers 429 once today's pages are read, and keeps a visitor's documents by key for a day", async () => {
    const guest = visitor();
    const first = await read(guest, 'report.pdf', await makePdf());
    expect(first.expiresAt).not.toBeNull();
    await read(guest, 'again.pdf', await makePdf());
    // Two pages left, and a document of three: the read fails once the pages are known, and
    // the page held at the start goes back.
    const over = await uploadDocument(t.app, guest, 'third.pdf', await makePdf());
    expect(over.statusCode).toBe(202);
    const failed = await officeJobWhen(t.app, guest, over.json<{ job: OfficeJob }>().job.id);
    expect(failed).toMatchObject({ state: 'failed', error: officeJobTexts.pagesLeft });
    const left = (await get(guest, '/api/office/catalogue')).json<OfficeCatalogueResponse>();
    expect(left.limits.remainingToday).toBe(2);
    await read(guest, 'notes.txt', Buffer.from('One.'));
    await read(guest, 'more.txt', Buffer.from('Two.'));
    const catalogue = (await get(guest, '/api/office/catalogue')).json<OfficeCatalogueResponse>();
    expect(catalogue.limits.remainingToday).toBe(0);
    const refused = await uploadDocument(t.app, guest, 'late.txt', Buffer.from('Three.'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'quota', limit: 8, remaining: 0 });

    // Without the key nothing is found, and another visitor's key finds nothing either.
    expect((await get({}, `/api/office/documents/${first.id}`)).statusCode).toBe(401);
    expect((await get(visitor(), `/api/office/documents/${first.id}`)).statusCode).toBe(404);
    expect((await get(guest, `/api/office/documents/${first.id}`)).statusCode).toBe(200);

    // A day on, the sweep deletes the document and its file.
    const file = await t.app.db
      .selectFrom('office_documents')
      .select('storage_key')
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('office_documents')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', first.id)
      .execute();
    expect((await t.app.office.sweepExpired()).deleted).toBe(1);
    expect((await get(guest, `/api/office/documents/${first.id}`)).statusCode).toBe(404);
    expect(await t.app.storage.head(file.storage_key)).toBeNull();
  });

  it('gives a cancelled read its pages back', async () => {
    const owner = await user('office-cancel');
    // One job at a time per owner: the second waits behind the scan, and is cancelled there.
    const running = await uploadDocument(t.app, owner, 'scan.pdf', await makeScannedPdf());
    const waiting = await uploadDocument(t.app, owner, 'report.pdf', await makePdf());
    const { job } = waiting.json<{ job: OfficeJob }>();
    const cancel = await send(t.app, owner, 'DELETE', `/api/jobs/${job.id}`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await officeJobWhen(t.app, owner, job.id)).state).toBe('cancelled');
    await officeJobWhen(t.app, owner, running.json<{ job: OfficeJob }>().job.id);
    const catalogue = (await get(owner, '/api/office/catalogue')).json<OfficeCatalogueResponse>();
    expect(catalogue.limits.remainingToday).toBe(99);
  });

  it("answers 404 for another owner's document on every path", async () => {
    const owner = await user('office-owner');
    const other = await user('office-other');
    const document = await read(owner, 'report.pdf', await makePdf());
    const id = document.id;
    for (const url of [
      `/api/office/documents/${id}`,
      `/api/office/documents/${id}/content`,
      `/api/office/documents/${id}/file`,
      `/api/office/documents/${id}/tables`,
      `/api/office/documents/${id}/tables/1?format=csv`,
      `/api/office/documents/${id}/pages/1.png`,
      `/api/office/documents/${id}/answers`,
    ]) {
      expect((await get(other, url)).statusCode, url).toBe(404);
    }
    for (const [url, body] of [
      [`/api/office/documents/${id}/answers`, { task: 'summary' }],
      [`/api/office/documents/${id}/conversions`, { to: 'md' }],
      [`/api/office/documents/${id}/translations`, { to: 'vi' }],
    ] as const) {
      expect((await send(t.app, other, 'POST', url, body)).statusCode, url).toBe(404);
    }
    expect((await send(t.app, other, 'DELETE', `/api/office/documents/${id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await get(other, '/api/office/documents')).json<OfficeDocumentsPage>().documents,
    ).toEqual([]);
    // Its owner still has it, and may delete it.
    expect((await send(t.app, owner, 'DELETE', `/api/office/documents/${id}`)).statusCode).toBe(
      204,
    );
    expect((await get(owner, `/api/office/documents/${id}`)).statusCode).toBe(404);
  });
});
