/**
 * The office tools' test files, made with the real libraries (docx, exceljs, pptxgenjs, pdf-lib
 * with DejaVu Sans, @napi-rs/canvas for a scanned page), and the calls the tests make.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import type { OfficeDocument, OfficeJob } from '@studio/contracts';
import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow } from 'docx';
import ExcelJS from 'exceljs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import PptxGenJS from 'pptxgenjs';
import { expect, vi } from 'vitest';
import type { App } from '../../src/app.ts';
import { type Caller, headersOf, send } from './images.ts';

const require = createRequire(import.meta.url);
const dejaVuPath = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
GlobalFonts.registerFromPath(dejaVuPath, 'DejaVu Sans');

export async function makeDocx(): Promise<Buffer> {
  const cell = (text: string) => new TableCell({ children: [new Paragraph(text)] });
  const document = new Document({
    title: 'Báo cáo quý ba',
    sections: [
      {
        children: [
          new Paragraph({ text: 'Báo cáo quý ba', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('Doanh thu tăng mười hai phần trăm trong quý ba, nhờ khách hàng mới.'),
          new Paragraph({ text: 'Số liệu', heading: HeadingLevel.HEADING_1 }),
          new Table({
            rows: [
              new TableRow({ children: [cell('Tên'), cell('Số lượng')] }),
              new TableRow({ children: [cell('Bút'), cell('12')] }),
              new TableRow({ children: [cell('Vở'), cell('7')] }),
            ],
          }),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

export async function makeXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sales = workbook.addWorksheet('Sales');
  sales.addRow(['City', 'Units']);
  sales.addRow(['Hà Nội', 420]);
  sales.addRow(['Huế', 130]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function makePptx(): Promise<Buffer> {
  const pptx = new PptxGenJS();
  const first = pptx.addSlide();
  first.addText('Kế hoạch năm', { x: 0.5, y: 0.3, w: 9, h: 1, fontSize: 32 });
  first.addText('Tăng doanh thu ở miền Trung', { x: 0.5, y: 1.5, w: 9, h: 1 });
  const second = pptx.addSlide();
  second.addText('Next steps', { x: 0.5, y: 0.3, w: 9, h: 1, fontSize: 32 });
  second.addText('Hire two engineers in Da Nang', { x: 0.5, y: 1.5, w: 9, h: 1 });
  const written = await pptx.write({ outputType: 'nodebuffer' });
  if (!(written instanceof Uint8Array)) throw new Error('pptxgenjs wrote no bytes');
  return Buffer.from(written);
}

const a4: [number, number] = [595.28, 841.89];

/** Three pages, each about one thing, so an answer can cite the right one. */
export async function makePdf(
  pages: readonly (readonly string[])[] = reportPages,
): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const font = await pdf.embedFont(readFileSync(dejaVuPath), { subset: true });
  for (const lines of pages) {
    const page = pdf.addPage(a4);
    lines.forEach((line, index) =>
      page.drawText(line, { x: 56, y: 770 - index * 22, size: index === 0 ? 16 : 11, font }),
    );
  }
  return Buffer.from(await pdf.save());
}

export const reportPages = [
  ['Annual report', 'Revenue grew by twelve percent in the third quarter of the year.'],
  [
    'Offices',
    'The Hanoi office opened in March with twenty staff.',
    'Văn phòng Đà Nẵng sẽ khai trương vào tháng Mười với mười nhân viên.',
  ],
  ['Plans', 'Next year the company will focus on small businesses in the south.'],
] as const;

/** A page that is only a picture of printed text (a scan), on a small page to read quickly. */
export async function makeScannedPdf(): Promise<Buffer> {
  const width = 900;
  const height = 200;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = 'white';
  context.fillRect(0, 0, width, height);
  context.fillStyle = 'black';
  context.font = '40px "DejaVu Sans"';
  context.fillText('Scanned invoice number 42', 40, 110);
  const pdf = await PDFDocument.create();
  const image = await pdf.embedPng(await canvas.encode('png'));
  // 300 × 67 pt: the picture at 216 dpi, and drawn back at the app's OCR resolution.
  const page = pdf.addPage([300, 67]);
  page.drawImage(image, { x: 0, y: 0, width: 300, height: 67 });
  return Buffer.from(await pdf.save());
}

const docxTypes = `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;

/** A DOCX-looking zip with 4 MB of zeros in one entry: compressed far past 100 to 1. */
export function makeZipBomb(): Buffer {
  return Buffer.from(
    zipSync(
      {
        '[Content_Types].xml': strToU8(docxTypes),
        'word/document.xml': strToU8('<w:document/>'),
        'word/media/zeros.bin': new Uint8Array(4 * 1024 * 1024),
      },
      { level: 9 },
    ),
  );
}

export async function makeEncryptedPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage();
  pdf.context.trailerInfo.Encrypt = pdf.context.obj({ Filter: 'Standard', V: 2, R: 3, P: -4 });
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

/** An old binary Word file: the compound file signature and a WordDocument stream's name. */
export function makeLegacyDoc(): Buffer {
  const bytes = Buffer.alloc(2048);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes);
  Buffer.from('WordDocument', 'utf16le').copy(bytes, 1024);
  return bytes;
}

/** A DOCM: the DOCX with the macro-enabled content type and a VBA project. */
export async function makeMacroDocx(): Promise<Buffer> {
  const files = unzipSync(await makeDocx());
  const types = new TextDecoder().decode(files['[Content_Types].xml']);
  files['[Content_Types].xml'] = strToU8(
    types.replace(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
      'application/vnd.ms-word.document.macroEnabled.main+xml',
    ),
  );
  files['word/vbaProject.bin'] = strToU8('Attribute VB_Name = "NewMacros"');
  return Buffer.from(zipSync(files));
}

/** POST /api/office/documents with one file, as a browser's form sends it. */
export function uploadDocument(app: App, caller: Caller, fileName: string, data: Buffer) {
  const boundary = `----studio${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/office/documents',
    headers: { ...headersOf(caller), 'content-type': `multipart/form-data; boundary=${boundary}` },
    ...(caller.address ? { remoteAddress: caller.address } : {}),
    payload,
  });
}

/** The caller's office job once it has ended (or reached one of `states`). */
export async function officeJobWhen(
  app: App,
  caller: Caller,
  jobId: string,
  states: OfficeJob['state'][] = ['completed', 'failed', 'cancelled'],
): Promise<OfficeJob> {
  return vi.waitFor(
    async () => {
      const response = await send(app, caller, 'GET', `/api/jobs/${jobId}`);
      expect(response.statusCode, response.body).toBe(200);
      const job = response.json<OfficeJob>();
      expect(states).toContain(job.state);
      return job;
    },
    { timeout: 9_000, interval: 50 },
  );
}

/** A job started by `response` (202), followed to its document. */
export async function documentOf(
  app: App,
  caller: Caller,
  response: { statusCode: number; body: string; json: <T>() => T },
): Promise<OfficeDocument> {
  expect(response.statusCode, response.body).toBe(202);
  const { job } = response.json<{ job: OfficeJob }>();
  const ended = await officeJobWhen(app, caller, job.id);
  expect(ended.state, ended.error ?? '').toBe('completed');
  const document = ended.result?.document;
  if (!document) throw new Error('the job has no document');
  return document;
}

/** Server-sent events as [type, data] pairs. */
export function eventsOf(body: string): [string, unknown][] {
  return body
    .split('\n\n')
    .map((frame) => {
      const type = /^event: (.+)$/m.exec(frame)?.[1];
      const data = /^data: (.+)$/m.exec(frame)?.[1];
      return type && data ? ([type, JSON.parse(data) as unknown] as [string, unknown]) : null;
    })
    .filter((event): event is [string, unknown] => event !== null);
}
