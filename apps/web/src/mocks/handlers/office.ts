import {
  officeConversions,
  type ErrorResponse,
  type JobProgress,
  type JobStreamEvent,
  type OfficeAnswer,
  type OfficeAnswersResponse,
  type OfficeBlock,
  type OfficeCatalogueResponse,
  type OfficeDocument,
  type OfficeDocumentContent,
  type OfficeDocumentsPage,
  type OfficeFormat,
  type OfficeJob,
  type OfficeJobStarted,
  type OfficePart,
  type OfficeRefusal,
  type OfficeSource,
  type OfficeTable,
  type OfficeTablesResponse,
  type QuotaErrorResponse,
} from '@studio/contracts';
import { VISITOR_KEY_HEADER, VISITOR_KEY_PATTERN } from '@studio/contracts/imageOptions';
import { delay, http, HttpResponse, type JsonBodyType } from 'msw';

/**
 * The office tools' endpoints (the catalogue, an upload read as a job with its stages and OCR
 * pages, the caller's paged documents, a document's parts, tables, page pictures and answers
 * streamed with citations, conversions, translations and generations as jobs, files and
 * deletion) as MSW handlers answering in the API's contracts. The documents are realistic: a
 * Vietnamese quarterly report as a 12-page PDF with two scanned pages, a workbook with two
 * sheets, a slide deck; a PDF page's picture is drawn from its own text.
 */

const paths = {
  catalogue: '*/api/office/catalogue',
  documents: '*/api/office/documents',
  document: '*/api/office/documents/:id',
  content: '*/api/office/documents/:id/content',
  tables: '*/api/office/documents/:id/tables',
  table: '*/api/office/documents/:id/tables/:number',
  page: '*/api/office/documents/:id/pages/:file',
  file: '*/api/office/documents/:id/file',
  answers: '*/api/office/documents/:id/answers',
  conversions: '*/api/office/documents/:id/conversions',
  translations: '*/api/office/documents/:id/translations',
  generations: '*/api/office/generations',
  events: '*/api/jobs/:id/events',
  job: '*/api/jobs/:id',
} as const;

const sampleCreatedAt = '2026-11-27T09:30:00.000Z';
const sampleResetsAt = '2026-11-28T00:00:00.000Z';
const hourBefore = (hours: number) =>
  new Date(Date.parse(sampleCreatedAt) - hours * 3_600_000).toISOString();

// ---- Who asks ----

/**
 * Whose call it is: a visitor by their key, else the signed-in user (a story's signed-in user
 * has no token to send; the API's own tests check that a call without either is refused).
 */
function callerOf(request: Request): { visitorKey: string | null } {
  const key = request.headers.get(VISITOR_KEY_HEADER);
  if (request.headers.get('authorization')?.startsWith('Bearer ')) return { visitorKey: null };
  return { visitorKey: key && VISITOR_KEY_PATTERN.test(key) ? key : null };
}

// Typed as any JSON answer, so one handler may answer a job or a refusal; each body is checked
// against its contract where it is written (`satisfies`).
const errorBody = (message: string, status: number) =>
  HttpResponse.json<JsonBodyType>({ message } satisfies ErrorResponse, { status });
const notFound = () => errorBody('The requested resource was not found.', 404);

// ---- The catalogue ----

const demoModel = { id: 'sandbox:office', name: 'Demo model', allowed: true, sandbox: true };
const chatModel = { id: 'openai:gpt-4o-mini', name: 'GPT-4o mini', allowed: true, sandbox: false };

export function sampleOfficeCatalogue(
  overrides: Partial<OfficeCatalogueResponse> = {},
  { remaining = 188, sandbox = false }: { remaining?: number; sandbox?: boolean } = {},
): OfficeCatalogueResponse {
  const model = sandbox ? demoModel : chatModel;
  return {
    formats: ['pdf', 'docx', 'xlsx', 'pptx', 'csv', 'txt', 'md'],
    conversions: {
      pdf: [...officeConversions.pdf],
      docx: [...officeConversions.docx],
      xlsx: [...officeConversions.xlsx],
      csv: [...officeConversions.csv],
      pptx: [...officeConversions.pptx],
      txt: [...officeConversions.txt],
      md: [...officeConversions.md],
    },
    generatedFormats: ['docx', 'xlsx', 'pptx'],
    models: [model],
    defaultModel: model.id,
    limits: {
      dailyPages: 200,
      remainingToday: remaining,
      maxFileBytes: 25 * 1024 * 1024,
      maxPages: 300,
    },
    ...overrides,
  };
}

// ---- The documents ----

const text = (value: string) => [{ text: value }];
const heading = (level: 1 | 2 | 3, value: string): OfficeBlock => ({
  type: 'heading',
  level,
  spans: text(value),
});
const paragraph = (value: string): OfficeBlock => ({ type: 'paragraph', spans: text(value) });

const revenueTable = [
  ['Vùng', 'Quý II (tỷ đồng)', 'Quý III (tỷ đồng)', 'Tăng trưởng'],
  ['Miền Bắc', '38,2', '41,0', '+7,3%'],
  ['Miền Trung', '17,5', '18,9', '+8,0%'],
  ['Miền Nam', '52,1', '60,3', '+15,7%'],
  ['Xuất khẩu', '9,8', '11,2', '+14,3%'],
  ['Tổng', '117,6', '131,4', '+11,7%'],
];
const costTable = [
  ['Khoản mục', 'Quý III (tỷ đồng)', 'Tỷ trọng'],
  ['Giá vốn hàng bán', '78,8', '60,0%'],
  ['Chi phí bán hàng', '15,1', '11,5%'],
  ['Chi phí quản lý', '9,4', '7,2%'],
  ['Chi phí tài chính', '2,6', '2,0%'],
];

function reportPages(): OfficePart[] {
  const page = (number: number, blocks: OfficeBlock[], source: 'text' | 'ocr' = 'text') => ({
    ref: { kind: 'page' as const, number, name: null },
    source,
    blocks,
  });
  const filler = (number: number, title: string) =>
    page(number, [
      heading(2, title),
      paragraph(
        `Trang ${number} trình bày chi tiết về ${title.toLowerCase()} trong quý III/2026, so sánh với cùng kỳ năm trước và kế hoạch đã được Hội đồng quản trị phê duyệt.`,
      ),
    ]);
  return [
    page(1, [
      heading(1, 'Báo cáo kết quả kinh doanh quý III/2026'),
      paragraph('Công ty Cổ phần Thương mại Sao Mai — Phòng Tài chính, tháng 10/2026.'),
    ]),
    page(2, [
      heading(2, 'Mục lục'),
      {
        type: 'list',
        ordered: true,
        items: [
          { depth: 0, spans: text('Tóm tắt kết quả') },
          { depth: 0, spans: text('Doanh thu theo vùng') },
          { depth: 1, spans: text('Miền Nam') },
          { depth: 1, spans: text('Xuất khẩu') },
          { depth: 0, spans: text('Chi phí và lợi nhuận') },
          { depth: 0, spans: text('Kế hoạch quý IV') },
        ],
      },
    ]),
    page(3, [
      heading(2, '1. Tóm tắt kết quả'),
      {
        type: 'paragraph',
        spans: [
          { text: 'Doanh thu quý III đạt ' },
          { text: '131,4 tỷ đồng', bold: true },
          { text: ', tăng 11,7% so với quý II, chủ yếu nhờ thị trường miền Nam (+15,7%).' },
        ],
      },
      paragraph('Lợi nhuận sau thuế đạt 19,8 tỷ đồng, biên lợi nhuận ròng 15,1%.'),
      {
        type: 'list',
        ordered: false,
        items: [
          {
            depth: 0,
            spans: text('Ba cửa hàng mới tại TP. Hồ Chí Minh và Cần Thơ đi vào hoạt động.'),
          },
          { depth: 0, spans: text('Kênh bán hàng trực tuyến chiếm 23% doanh thu.') },
          {
            depth: 1,
            spans: [{ text: 'Đơn hàng qua ứng dụng tăng ' }, { text: 'gấp đôi', italic: true }],
          },
        ],
      },
    ]),
    page(
      4,
      [
        heading(2, '2. Doanh thu theo vùng'),
        paragraph('Bảng 1. Doanh thu theo vùng, quý II và quý III/2026 (bản scan có chữ ký).'),
        { type: 'table', header: true, rows: revenueTable },
      ],
      'ocr',
    ),
    filler(5, 'Thị trường miền Nam'),
    filler(6, 'Hoạt động xuất khẩu'),
    page(7, [
      heading(2, '3. Chi phí và lợi nhuận'),
      paragraph('Tổng chi phí hoạt động quý III là 105,9 tỷ đồng, trong đó giá vốn chiếm 60%.'),
      { type: 'table', header: true, rows: costTable },
    ]),
    filler(8, 'Dòng tiền'),
    page(
      9,
      [
        heading(2, 'Biên bản họp Hội đồng quản trị'),
        paragraph(
          'Hội đồng quản trị thống nhất chi trả cổ tức đợt 1 năm 2026 bằng tiền mặt với tỷ lệ 8% mệnh giá.',
        ),
      ],
      'ocr',
    ),
    page(10, [
      heading(2, '4. Kế hoạch quý IV'),
      {
        type: 'list',
        ordered: false,
        items: [
          { depth: 0, spans: text('Mở thêm hai cửa hàng tại Đà Nẵng.') },
          { depth: 0, spans: text('Mục tiêu doanh thu 145 tỷ đồng.') },
          { depth: 1, spans: text('Trong đó kênh trực tuyến 30%.') },
        ],
      },
    ]),
    filler(11, 'Rủi ro và biện pháp'),
    page(12, [paragraph('Phụ lục: số liệu chi tiết theo cửa hàng được đính kèm trong tệp XLSX.')]),
  ];
}

const salesRows = [
  ['Month', 'North', 'Central', 'South', 'Export', 'Total'],
  ['July 2026', '13.1', '6.0', '19.2', '3.4', '41.7'],
  ['August 2026', '13.6', '6.3', '20.1', '3.7', '43.7'],
  ['September 2026', '14.3', '6.6', '21.0', '4.1', '46.0'],
  ['Q3 total', '41.0', '18.9', '60.3', '11.2', '131.4'],
];
const regionRows = [
  ['Region', 'Manager', 'Stores', 'Online share'],
  ['North', 'Nguyễn Thu Hà', '14', '21%'],
  ['Central', 'Trần Minh Đức', '7', '18%'],
  ['South', 'Lê Hoàng Anh', '19', '27%'],
];

function salesSheets(): OfficePart[] {
  return [
    {
      ref: { kind: 'sheet', number: 1, name: 'Sales' },
      source: 'text',
      blocks: [{ type: 'table', header: true, rows: salesRows }],
    },
    {
      ref: { kind: 'sheet', number: 2, name: 'Regions' },
      source: 'text',
      blocks: [{ type: 'table', header: true, rows: regionRows }],
    },
  ];
}

function deckSlides(): OfficePart[] {
  const slide = (number: number, title: string, items: string[]): OfficePart => ({
    ref: { kind: 'slide', number, name: title },
    source: 'text',
    blocks: [
      heading(1, title),
      {
        type: 'list',
        ordered: false,
        items: items.map((item) => ({ depth: 0, spans: text(item) })),
      },
    ],
  });
  return [
    slide(1, 'Launch plan: Sao Mai app 2.0', ['Product team, November 2026']),
    slide(2, 'Why now', [
      'Online orders doubled in Q3',
      'Customers ask for delivery tracking',
      'Competitors launched loyalty apps',
    ]),
    slide(3, 'What ships', ['Order tracking', 'Loyalty points', 'Vietnamese and English']),
    slide(4, 'Timeline', ['Beta: 1 December', 'Launch: 15 January 2027']),
    slide(5, 'Budget', ['Development: 1.2 billion VND', 'Marketing: 0.8 billion VND']),
    slide(6, 'Risks', ['App store review delays', 'Peak-season load at Tết']),
    slide(7, 'Owners', ['Product: Lê Hoàng Anh', 'Engineering: Phạm Quang Huy']),
    slide(8, 'Questions', ['Thank you']),
  ];
}

interface StoredDocument {
  document: OfficeDocument;
  parts: OfficePart[];
  tables: OfficeTable[];
  answers: OfficeAnswer[];
}

function tablesOf(parts: OfficePart[]): OfficeTable[] {
  const tables: OfficeTable[] = [];
  for (const part of parts) {
    for (const block of part.blocks) {
      if (block.type !== 'table') continue;
      tables.push({
        number: tables.length + 1,
        ref: part.ref,
        rows: block.rows.length,
        columns: Math.max(...block.rows.map((row) => row.length)),
        preview: block.rows.slice(0, 4),
      });
    }
  }
  return tables;
}

function stored(
  spec: Omit<OfficeDocument, 'fileUrl' | 'parts' | 'tables' | 'ocrParts' | 'expiresAt'> & {
    expiresAt?: string | null;
  },
  parts: OfficePart[],
  answers: OfficeAnswer[] = [],
): StoredDocument {
  const tables = tablesOf(parts);
  return {
    document: {
      ...spec,
      parts: parts.length,
      ocrParts: parts.filter((part) => part.source === 'ocr').map((part) => part.ref.number),
      tables: tables.length,
      fileUrl: `/api/office/documents/${spec.id}/file`,
      expiresAt: spec.expiresAt ?? null,
    },
    parts,
    tables,
    answers,
  };
}

export const sampleReportSources: OfficeSource[] = [
  {
    n: 1,
    ref: { kind: 'page', number: 3, name: null },
    excerpt: 'Doanh thu quý III đạt 131,4 tỷ đồng, tăng 11,7% so với quý II',
  },
  {
    n: 2,
    ref: { kind: 'page', number: 4, name: null },
    excerpt: 'Bảng 1. Doanh thu theo vùng, quý II và quý III/2026',
  },
  {
    n: 3,
    ref: { kind: 'page', number: 10, name: null },
    excerpt: 'Mở thêm hai cửa hàng tại Đà Nẵng.',
  },
];

export const sampleSummaryText =
  'Revenue in the third quarter reached 131.4 billion VND, up 11.7% on the second quarter [1]. ' +
  'The South grew fastest, at 15.7%, and exports rose 14.3% [2].\n\n' +
  'For the fourth quarter the company plans two new stores in Đà Nẵng and a revenue target of 145 billion VND [3].';

export const sampleAnswerText =
  'The South brought in 60.3 billion VND in the third quarter, up from 52.1 billion [2]. ' +
  'It is the largest region and the one that grew fastest [1].';

const keptSummary: OfficeAnswer = {
  id: 'answer-summary',
  task: 'summary',
  question: null,
  text: sampleSummaryText,
  sources: sampleReportSources,
  state: 'complete',
  modelId: chatModel.id,
  modelName: chatModel.name,
  createdAt: hourBefore(1),
};

/** The caller's documents: the report (with a kept summary), the workbook, the deck, a translation. */
export function sampleOfficeDocuments({ visitor = false } = {}): StoredDocument[] {
  const expiresAt = visitor ? '2026-11-28T09:30:00.000Z' : null;
  return [
    stored(
      {
        id: 'doc-report-en',
        fileName: 'Bao-cao-quy-III-2026.en.docx',
        format: 'docx',
        bytes: 48_213,
        title: 'Business results, third quarter 2026',
        partKind: 'section',
        operation: 'translate',
        sourceId: 'doc-report',
        createdAt: hourBefore(0.5),
        expiresAt,
      },
      [
        {
          ref: { kind: 'section', number: 1, name: 'Summary of results' },
          source: 'text',
          blocks: [
            heading(1, 'Summary of results'),
            paragraph('Third-quarter revenue reached 131.4 billion VND, up 11.7% on Q2.'),
          ],
        },
      ],
    ),
    stored(
      {
        id: 'doc-report',
        fileName: 'Bao-cao-quy-III-2026.pdf',
        format: 'pdf',
        bytes: 2_874_112,
        title: 'Báo cáo kết quả kinh doanh quý III/2026',
        partKind: 'page',
        operation: 'upload',
        sourceId: null,
        createdAt: hourBefore(2),
        expiresAt,
      },
      reportPages(),
      [keptSummary],
    ),
    stored(
      {
        id: 'doc-sales',
        fileName: 'Doanh-so-2026.xlsx',
        format: 'xlsx',
        bytes: 18_930,
        title: null,
        partKind: 'sheet',
        operation: 'upload',
        sourceId: null,
        createdAt: hourBefore(5),
        expiresAt,
      },
      salesSheets(),
    ),
    stored(
      {
        id: 'doc-deck',
        fileName: 'Ke-hoach-ra-mat-app.pptx',
        format: 'pptx',
        bytes: 1_204_551,
        title: 'Launch plan: Sao Mai app 2.0',
        partKind: 'slide',
        operation: 'upload',
        sourceId: null,
        createdAt: hourBefore(26),
        expiresAt,
      },
      deckSlides(),
    ),
  ];
}

// ---- State shared by the handlers (a story starts afresh: see resetOfficeMocks) ----

let made: StoredDocument[] = [];
let deleted = new Set<string>();
let written = new Map<string, OfficeAnswer[]>();
let jobCount = 0;

/** Forgets what earlier stories made, deleted or asked. */
export function resetOfficeMocks(): void {
  made = [];
  deleted = new Set();
  written = new Map();
  runs.clear();
}

const all = (fixtures: StoredDocument[]) =>
  [...made, ...fixtures].filter((one) => !deleted.has(one.document.id));
const find = (fixtures: StoredDocument[], id: string) =>
  all(fixtures).find((one) => one.document.id === id);

// ---- Jobs ----

type Scenario = 'completes' | 'running' | { refusal: OfficeRefusal };

interface MockRun {
  job: OfficeJob;
  visitorKey: string | null;
  stages: JobProgress[];
  result: () => StoredDocument;
  scenario: Scenario;
}

const runs = new Map<string, MockRun>();
const openStreams = new Map<string, (event: JobStreamEvent) => void>();

const readStages: JobProgress[] = [
  { percent: 5, stage: 'inspecting' },
  { percent: 20, stage: 'reading' },
  { percent: 45, stage: 'ocr', steps: { done: 1, total: 2 } },
  { percent: 75, stage: 'ocr', steps: { done: 2, total: 2 } },
  { percent: 95, stage: 'storing' },
];
const stagesOf: Record<string, JobProgress[]> = {
  'office.read': readStages,
  'office.convert': [
    { percent: 10, stage: 'converting' },
    { percent: 90, stage: 'storing' },
  ],
  'office.translate': [
    { percent: 10, stage: 'translating', steps: { done: 1, total: 3 } },
    { percent: 50, stage: 'translating', steps: { done: 2, total: 3 } },
    { percent: 90, stage: 'storing' },
  ],
  'office.generate': [
    { percent: 10, stage: 'planning' },
    { percent: 60, stage: 'writing' },
    { percent: 90, stage: 'storing' },
  ],
};

function newJob(
  kind: string,
  visitorKey: string | null,
  scenario: Scenario,
  result: () => StoredDocument,
) {
  jobCount += 1;
  const job: OfficeJob = {
    id: `job-office-${jobCount}`,
    kind,
    state: 'queued',
    progress: null,
    error: null,
    result: null,
    createdAt: sampleCreatedAt,
    finishedAt: null,
  };
  runs.set(job.id, { job, visitorKey, stages: stagesOf[kind] ?? readStages, result, scenario });
  return HttpResponse.json<JsonBodyType>({ job } satisfies OfficeJobStarted, { status: 202 });
}

const refusalWords: Record<OfficeRefusal, string> = {
  unsupported: 'This kind of file cannot be read.',
  empty: 'This file is empty.',
  'too-large': 'This file is too large.',
  'too-many-pages': 'This document has too many pages.',
  bomb: 'This file unpacks to far more than it holds, so it was not opened.',
  encrypted: 'This file is protected with a password.',
  macro: 'This file contains macros.',
  legacy: 'This is an old Office format.',
  malformed: 'This file is damaged.',
  timeout: 'Reading this file took too long.',
  'out-of-memory': 'This file needs too much memory to read.',
};

const frame = (event: JobStreamEvent) =>
  `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;

function jobStream(run: MockRun, pause: number): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: JobStreamEvent) => controller.enqueue(encoder.encode(frame(event)));
      const end = (event: JobStreamEvent) => {
        openStreams.delete(run.job.id);
        send(event);
        controller.close();
      };
      try {
        const [first, ...rest] = run.stages;
        const running: OfficeJob = { ...run.job, state: 'running', progress: first ?? null };
        send({ type: 'state', data: running });
        // A running job stops at its OCR (or middle) stage and waits to be cancelled.
        const stopAt = run.scenario === 'running' ? Math.max(1, rest.length - 2) : rest.length;
        for (const step of rest.slice(0, stopAt)) {
          if (pause) await delay(pause);
          send({ type: 'progress', data: step });
        }
        if (run.scenario === 'running') {
          openStreams.set(run.job.id, end);
          return;
        }
        if (typeof run.scenario === 'object') {
          end({
            type: 'state',
            data: {
              ...running,
              state: 'failed',
              error: refusalWords[run.scenario.refusal],
              detail: { refusal: run.scenario.refusal },
              finishedAt: sampleCreatedAt,
            },
          });
          return;
        }
        const document = run.result();
        made.unshift(document);
        end({
          type: 'state',
          data: {
            ...running,
            state: 'completed',
            progress: { percent: 100, stage: 'storing' },
            result: { document: document.document },
            finishedAt: sampleCreatedAt,
          },
        });
      } catch {
        // The client stopped following: nothing more to send.
      }
    },
  });
}

function ownRun(request: Request, id: string): MockRun | null | undefined {
  const run = runs.get(id);
  if (!run) return undefined;
  return callerOf(request).visitorKey === run.visitorKey ? run : null;
}

const events = (pause = 40) =>
  http.get<{ id: string }>(paths.events, ({ request, params }) => {
    const run = ownRun(request, params.id);
    // Not an office job: the other tools' handlers answer.
    if (run === undefined) return undefined;
    if (run === null) return notFound();
    return new HttpResponse(jobStream(run, pause), {
      headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' },
    });
  });

const cancel = http.delete<{ id: string }>(paths.job, ({ request, params }) => {
  const run = ownRun(request, params.id);
  if (run === undefined) return undefined;
  if (run === null) return notFound();
  const cancelled: OfficeJob = { ...run.job, state: 'cancelled', finishedAt: sampleCreatedAt };
  openStreams.get(params.id)?.({ type: 'state', data: cancelled });
  return HttpResponse.json<OfficeJob>(cancelled);
});

// ---- Uploads, conversions, translations, generations ----

const formatOf = (name: string): OfficeFormat | null => {
  const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return (
    (['pdf', 'docx', 'xlsx', 'pptx', 'csv', 'txt', 'md'] as const).find(
      (format) => format === extension,
    ) ?? null
  );
};

/** A new document read from an upload: the fixture of its format, under a new id and name. */
function readDocument(fileName: string, bytes: number, fixtures: StoredDocument[]): StoredDocument {
  const format = formatOf(fileName) ?? 'txt';
  const model =
    fixtures.find((one) => one.document.format === format && one.document.operation === 'upload') ??
    sampleOfficeDocuments().find((one) => one.document.format === format) ??
    sampleOfficeDocuments()[1];
  if (!model) throw new Error('No sample document.');
  const id = `doc-read-${jobCount}`;
  return {
    ...model,
    document: {
      ...model.document,
      id,
      fileName,
      bytes,
      fileUrl: `/api/office/documents/${id}/file`,
      createdAt: sampleCreatedAt,
    },
    answers: [],
  };
}

function derived(
  source: StoredDocument,
  operation: 'convert' | 'translate',
  format: OfficeFormat,
  suffix: string,
): StoredDocument {
  const id = `doc-${operation}-${jobCount}`;
  const base = source.document.fileName.replace(/\.[^.]+$/, '');
  return {
    ...source,
    document: {
      ...source.document,
      id,
      fileName: `${base}${suffix}.${format}`,
      format,
      operation,
      sourceId: source.document.id,
      fileUrl: `/api/office/documents/${id}/file`,
      createdAt: sampleCreatedAt,
    },
    answers: [],
  };
}

const quota = (remaining: number) =>
  HttpResponse.json<JsonBodyType>(
    {
      message: `Only ${remaining} of today's pages are left.`,
      code: 'quota',
      limit: 200,
      remaining,
      refusedBy: 'plan',
      resetsAt: sampleResetsAt,
      upgradeUrl: '/plans',
    } satisfies QuotaErrorResponse,
    { status: 429 },
  );

const upload = (scenario: Scenario, fixtures: StoredDocument[]) =>
  http.post(paths.documents, async ({ request }) => {
    const caller = callerOf(request);
    const form = await request.formData();
    const file = form.get('file');
    if (!(file instanceof File)) return errorBody('Choose a document to upload.', 400);
    await delay(150);
    return newJob('office.read', caller.visitorKey, scenario, () =>
      readDocument(file.name, file.size, fixtures),
    );
  });

const conversions = (scenario: Scenario, fixtures: StoredDocument[]) =>
  http.post<{ id: string }>(paths.conversions, async ({ request, params }) => {
    const caller = callerOf(request);
    const source = find(fixtures, params.id);
    if (!source) return notFound();
    const { to } = (await request.json()) as { to: OfficeFormat };
    if (!officeConversions[source.document.format].includes(to)) {
      return errorBody('This document cannot be converted to that format.', 400);
    }
    return newJob('office.convert', caller.visitorKey, scenario, () =>
      derived(source, 'convert', to, ''),
    );
  });

const translations = (scenario: Scenario, fixtures: StoredDocument[]) =>
  http.post<{ id: string }>(paths.translations, async ({ request, params }) => {
    const caller = callerOf(request);
    const source = find(fixtures, params.id);
    if (!source) return notFound();
    const { to } = (await request.json()) as { to: 'en' | 'vi' };
    const format = source.document.format === 'pdf' ? 'docx' : source.document.format;
    return newJob('office.translate', caller.visitorKey, scenario, () =>
      derived(source, 'translate', format, `.${to}`),
    );
  });

const generations = (scenario: Scenario) =>
  http.post(paths.generations, async ({ request }) => {
    const caller = callerOf(request);
    const body = (await request.json()) as { format: 'docx' | 'xlsx' | 'pptx'; prompt: string };
    return newJob('office.generate', caller.visitorKey, scenario, () => {
      const id = `doc-generated-${jobCount}`;
      const title = body.prompt.length > 60 ? `${body.prompt.slice(0, 59)}…` : body.prompt;
      const parts: OfficePart[] =
        body.format === 'xlsx'
          ? salesSheets().slice(0, 1)
          : body.format === 'pptx'
            ? deckSlides().slice(0, 4)
            : [
                {
                  ref: { kind: 'section', number: 1, name: title },
                  source: 'text',
                  blocks: [heading(1, title), paragraph(body.prompt)],
                },
              ];
      return stored(
        {
          id,
          fileName: `${body.format === 'xlsx' ? 'Bang' : body.format === 'pptx' ? 'Trinh-chieu' : 'Bao-cao'}-moi.${body.format}`,
          format: body.format,
          bytes: 12_400,
          title,
          partKind: parts[0]?.ref.kind ?? 'section',
          operation: 'generate',
          sourceId: null,
          createdAt: sampleCreatedAt,
        },
        parts,
      );
    });
  });

// ---- Reading documents ----

const list = (fixtures: StoredDocument[]) =>
  http.get(paths.documents, ({ request }) => {
    const url = new URL(request.url);
    const limit = Number(url.searchParams.get('limit') ?? 20) || 20;
    const from = Number(url.searchParams.get('cursor') ?? 0) || 0;
    const documents = all(fixtures).map((one) => one.document);
    return HttpResponse.json<OfficeDocumentsPage>({
      documents: documents.slice(from, from + limit),
      nextCursor: from + limit < documents.length ? String(from + limit) : null,
    });
  });

const content = (fixtures: StoredDocument[]) =>
  http.get<{ id: string }>(paths.content, ({ params }) => {
    const one = find(fixtures, params.id);
    if (!one) return notFound();
    return HttpResponse.json<OfficeDocumentContent>({ document: one.document, parts: one.parts });
  });

const tables = (fixtures: StoredDocument[]) =>
  http.get<{ id: string }>(paths.tables, ({ params }) => {
    const one = find(fixtures, params.id);
    if (!one) return notFound();
    return HttpResponse.json<OfficeTablesResponse>({ tables: one.tables });
  });

const csvOf = (rows: string[][]) =>
  rows.map((row) => row.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(',')).join('\r\n');

const table = (fixtures: StoredDocument[]) =>
  http.get<{ id: string; number: string }>(paths.table, ({ params, request }) => {
    const one = find(fixtures, params.id);
    const rows = one?.parts
      .flatMap((part) => part.blocks)
      .filter((block) => block.type === 'table')[Number(params.number) - 1]?.rows;
    if (!one || !rows) return notFound();
    const format = new URL(request.url).searchParams.get('format') === 'xlsx' ? 'xlsx' : 'csv';
    const name = `${one.document.fileName.replace(/\.[^.]+$/, '')}-table-${params.number}.${format}`;
    return new HttpResponse(`\uFEFF${csvOf(rows)}`, {
      headers: {
        'Content-Type':
          format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Content-Disposition': `attachment; filename="${name}"`,
      },
    });
  });

const file = (fixtures: StoredDocument[]) =>
  http.get<{ id: string }>(paths.file, ({ params }) => {
    const one = find(fixtures, params.id);
    if (!one) return notFound();
    const body = one.parts
      .flatMap((part) => part.blocks)
      .map((block) => ('spans' in block ? block.spans.map((span) => span.text).join('') : ''))
      .join('\n');
    return new HttpResponse(body, {
      headers: {
        'Content-Type': 'application/octet-stream',
        'Content-Disposition': `attachment; filename="${one.document.fileName}"`,
      },
    });
  });

// The smallest PNG (one grey pixel): where the browser cannot draw (Vitest's jsdom).
const tinyPng = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mN8+/btfwAJYAPhsO5W0gAAAABJRU5ErkJggg==',
  ),
  (char) => char.charCodeAt(0),
);

/* eslint-disable no-restricted-syntax -- a drawn sheet of paper, not the interface: paper's
   colours in every theme. */
const paper = { clean: '#ffffff', scanned: '#f1ede4', ink: '#1d1d1f', rule: '#9a9a9a' };
/* eslint-enable no-restricted-syntax */

/** A PDF page's picture, drawn from its own blocks on an A4 sheet (a scanned page looks scanned). */
async function pagePicture(part: OfficePart): Promise<Blob | Uint8Array> {
  if (typeof OffscreenCanvas === 'undefined') return tinyPng;
  const canvas = new OffscreenCanvas(595, 842);
  const context = canvas.getContext('2d');
  if (!context) return tinyPng;
  const scanned = part.source === 'ocr';
  context.fillStyle = scanned ? paper.scanned : paper.clean;
  context.fillRect(0, 0, 595, 842);
  if (scanned) context.rotate(-0.008);
  context.fillStyle = paper.ink;
  let y = 70;
  const write = (line: string, size: number, bold = false) => {
    context.font = `${bold ? 'bold ' : ''}${size}px sans-serif`;
    const words = line.split(' ');
    let current = '';
    for (const word of words) {
      const next = current ? `${current} ${word}` : word;
      if (context.measureText(next).width > 480 && current) {
        context.fillText(current, 56, y);
        y += size * 1.5;
        current = word;
      } else {
        current = next;
      }
    }
    if (current) context.fillText(current, 56, y);
    y += size * 1.8;
  };
  for (const block of part.blocks) {
    if (block.type === 'heading') write(block.spans.map((s) => s.text).join(''), 20, true);
    else if (block.type === 'paragraph') write(block.spans.map((s) => s.text).join(''), 13);
    else if (block.type === 'list') {
      for (const item of block.items) {
        write(`${'    '.repeat(item.depth)}• ${item.spans.map((s) => s.text).join('')}`, 13);
      }
    } else if (block.type === 'table') {
      for (const row of block.rows) {
        row.forEach((cell, column) => {
          context.font = '12px sans-serif';
          context.fillText(cell, 56 + column * 120, y);
        });
        context.strokeStyle = paper.rule;
        context.beginPath();
        context.moveTo(56, y + 8);
        context.lineTo(540, y + 8);
        context.stroke();
        y += 26;
      }
      y += 12;
    }
  }
  context.font = '11px sans-serif';
  context.fillText(String(part.ref.number), 290, 810);
  return canvas.convertToBlob({ type: 'image/png' });
}

const page = (fixtures: StoredDocument[]) =>
  http.get<{ id: string; file: string }>(paths.page, async ({ params }) => {
    const one = find(fixtures, params.id);
    const number = Number(/^(\d+)\.png$/.exec(params.file)?.[1]);
    const part = one?.parts.find((candidate) => candidate.ref.number === number);
    if (!one || one.document.format !== 'pdf' || !part) return notFound();
    return new HttpResponse(await pagePicture(part), { headers: { 'Content-Type': 'image/png' } });
  });

const removeDocument = http.delete<{ id: string }>(paths.document, ({ params }) => {
  deleted.add(params.id);
  return new HttpResponse(null, { status: 204 });
});

// ---- Answers ----

const keptAnswers = (fixtures: StoredDocument[]) =>
  http.get<{ id: string }>(paths.answers, ({ params }) => {
    const one = find(fixtures, params.id);
    if (!one) return notFound();
    return HttpResponse.json<OfficeAnswersResponse>({
      answers: [...one.answers, ...(written.get(params.id) ?? [])],
    });
  });

type AnswerScenario = 'completes' | 'slow' | 'fails' | 'quota';

function answerStream(
  documentId: string,
  task: 'summary' | 'ask',
  question: string | null,
  scenario: AnswerScenario,
  sandbox: boolean,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const model = sandbox ? demoModel : chatModel;
  const fullText = task === 'summary' ? sampleSummaryText : sampleAnswerText;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: string, data: unknown) =>
        controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
      try {
        const answerId = `answer-${Date.now()}`;
        send('start', {
          answerId,
          modelId: model.id,
          modelName: model.name,
          sources: sampleReportSources,
        });
        const words = fullText.split(/(?<= )/);
        // A slow answer writes up to its citation [1] (a summary's first sentence, a question's
        // every word), then holds without its end (a story of the stream, and Stop).
        const upTo = scenario === 'slow' ? fullText.indexOf('[1]') + 5 : fullText.length;
        let sent = '';
        for (const word of words) {
          if (sent.length >= upTo) break;
          await delay(scenario === 'slow' ? 15 : 8);
          send('delta', { text: word });
          sent += word;
        }
        if (scenario === 'slow') {
          await delay('infinite');
          return;
        }
        if (scenario === 'fails') {
          send('error', { message: 'The model stopped answering. Please try again.' });
          controller.close();
          return;
        }
        const answer: OfficeAnswer = {
          id: answerId,
          task,
          question,
          text: fullText,
          sources: sampleReportSources,
          state: 'complete',
          modelId: model.id,
          modelName: model.name,
          createdAt: sampleCreatedAt,
        };
        written.set(documentId, [...(written.get(documentId) ?? []), answer]);
        send('done', { answer });
        controller.close();
      } catch {
        // The client closed the connection (Stop).
      }
    },
  });
}

const ask = (scenario: AnswerScenario, fixtures: StoredDocument[], sandbox = false) =>
  http.post<{ id: string }>(paths.answers, async ({ request, params }) => {
    const one = find(fixtures, params.id);
    if (!one) return notFound();
    if (scenario === 'quota') return quota(0);
    const body = (await request.json()) as { task: 'summary' | 'ask'; question: string | null };
    return new HttpResponse(answerStream(params.id, body.task, body.question, scenario, sandbox), {
      headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' },
    });
  });

// ---- The catalogue ----

const catalogue = (answer: () => OfficeCatalogueResponse) =>
  http.get(paths.catalogue, () => HttpResponse.json(answer()));

const fixtures = sampleOfficeDocuments();

export const officeHandlers = {
  catalogue: catalogue(() => sampleOfficeCatalogue()),
  sandboxCatalogue: catalogue(() => sampleOfficeCatalogue({}, { sandbox: true })),
  noPagesLeft: catalogue(() => sampleOfficeCatalogue({}, { remaining: 0 })),
  catalogueLoading: http.get(paths.catalogue, async () => {
    await delay('infinite');
    return HttpResponse.json(sampleOfficeCatalogue());
  }),
  upload: upload('completes', fixtures),
  /** Read until its second scanned page, then it waits to be cancelled. */
  uploadRunning: upload('running', fixtures),
  /** The file is refused by the reader, with this code. */
  uploadRefused: (refusal: OfficeRefusal) => upload({ refusal }, fixtures),
  /** Today's pages are used up: the POST answers 429. */
  uploadQuota: http.post(paths.documents, () => quota(0)),
  events: events(),
  cancel,
  conversions: conversions('completes', fixtures),
  conversionsRunning: conversions('running', fixtures),
  translations: translations('completes', fixtures),
  translationsRunning: translations('running', fixtures),
  generations: generations('completes'),
  generationsRunning: generations('running'),
  documents: list(fixtures),
  noDocuments: list([]),
  visitorDocuments: list(sampleOfficeDocuments({ visitor: true })),
  content: content(fixtures),
  tables: tables(fixtures),
  table: table(fixtures),
  file: file(fixtures),
  page: page(fixtures),
  removeDocument,
  answers: keptAnswers(fixtures),
  ask: ask('completes', fixtures),
  askSandbox: ask('completes', fixtures, true),
  /** The answer writes its first sentence, then holds until stopped. */
  askSlow: ask('slow', fixtures),
  askFails: ask('fails', fixtures),
  askQuota: ask('quota', fixtures),
};

/** The happy path: the catalogue, reading, every tool, the documents and their files. */
export const defaultOfficeHandlers = [
  officeHandlers.catalogue,
  officeHandlers.upload,
  officeHandlers.events,
  officeHandlers.cancel,
  officeHandlers.conversions,
  officeHandlers.translations,
  officeHandlers.generations,
  // The document's own routes before /documents/:id (its DELETE).
  officeHandlers.content,
  officeHandlers.tables,
  officeHandlers.table,
  officeHandlers.file,
  officeHandlers.page,
  officeHandlers.answers,
  officeHandlers.ask,
  officeHandlers.documents,
  officeHandlers.removeDocument,
];
