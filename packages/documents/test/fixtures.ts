/**
 * Test files made with the real libraries (docx, exceljs, pptxgenjs, pdf-lib with DejaVu Sans,
 * @napi-rs/canvas for a picture of text), shared by the read tests.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import {
  Document,
  ExternalHyperlink,
  HeadingLevel,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
} from 'docx';
import ExcelJS from 'exceljs';
import { PDFDocument, type PDFFont } from 'pdf-lib';
import PptxGenJS from 'pptxgenjs';

const require = createRequire(import.meta.url);
export const dejaVuPath = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');

export async function makeDocx(): Promise<Uint8Array> {
  const cell = (text: string) => new TableCell({ children: [new Paragraph(text)] });
  const document = new Document({
    title: 'Báo cáo quý',
    sections: [
      {
        children: [
          new Paragraph({ text: 'Giới thiệu dự án', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({
            children: [
              new TextRun('Đây là '),
              new TextRun({ text: 'chữ đậm', bold: true }),
              new TextRun(' và '),
              new TextRun({ text: 'chữ nghiêng', italics: true }),
              new TextRun(', xem '),
              new ExternalHyperlink({
                link: 'https://example.com/tai-lieu',
                children: [new TextRun({ text: 'tài liệu', style: 'Hyperlink' })],
              }),
              new TextRun('.'),
            ],
          }),
          new Paragraph({ text: 'Mục một', bullet: { level: 0 } }),
          new Paragraph({ text: 'Mục con', bullet: { level: 1 } }),
          new Paragraph({ text: 'Mục hai', bullet: { level: 0 } }),
          new Paragraph({ text: 'Số liệu', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ text: 'Chi tiết', heading: HeadingLevel.HEADING_2 }),
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
  return new Uint8Array(await Packer.toBuffer(document));
}

export async function makeXlsx(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sales = workbook.addWorksheet('Doanh thu');
  sales.addRow(['Sản phẩm', 'Đơn giá', 'Số lượng', 'Thành tiền', 'Ngày']);
  sales.addRow([
    'Cà phê',
    25000,
    3,
    { formula: 'B2*C2', result: 75000 },
    new Date(Date.UTC(2024, 2, 15)),
  ]);
  sales.addRow([
    'Trà',
    15000,
    2,
    { formula: 'B3*C3', result: 30000 },
    new Date(Date.UTC(2024, 2, 16, 9, 30)),
  ]);
  const notes = workbook.addWorksheet('Ghi chú');
  notes.getCell('B2').value = 'Gộp ô';
  notes.mergeCells('B2:C2');
  notes.getCell('B3').value = 'dưới';
  notes.getCell('C3').value = true;
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

export async function makePptx(): Promise<Uint8Array> {
  const pptx = new PptxGenJS();
  pptx.defineSlideMaster({
    title: 'MASTER',
    objects: [
      {
        placeholder: {
          options: { name: 'title', type: 'title', x: 0.5, y: 0.3, w: 9, h: 1 },
          text: '',
        },
      },
    ],
  });
  const first = pptx.addSlide({ masterName: 'MASTER' });
  first.addText('Kế hoạch năm', { placeholder: 'title' });
  first.addText(
    [
      { text: 'Mục tiêu chính', options: { bullet: true, indentLevel: 0 } },
      { text: 'Tăng doanh thu', options: { bullet: true, indentLevel: 1 } },
      { text: 'Giảm chi phí', options: { bullet: true, indentLevel: 0 } },
    ],
    { x: 0.5, y: 1.5, w: 9, h: 2 },
  );
  first.addNotes('Nói chậm ở phần này.');
  const second = pptx.addSlide({ masterName: 'MASTER' });
  second.addText('Bảng số liệu', { placeholder: 'title' });
  second.addTable(
    [
      [{ text: 'Quý' }, { text: 'Doanh thu' }],
      [{ text: 'Q1' }, { text: '120' }],
      [{ text: 'Q2' }, { text: '150' }],
    ],
    { x: 0.5, y: 1.5, w: 6 },
  );
  const written = await pptx.write({ outputType: 'nodebuffer' });
  if (!(written instanceof Uint8Array)) throw new Error('pptxgenjs wrote no bytes');
  return new Uint8Array(written);
}

async function pdfWithFont(): Promise<{ pdf: PDFDocument; font: PDFFont }> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const font = await pdf.embedFont(readFileSync(dejaVuPath), { subset: true });
  return { pdf, font };
}

const a4: [number, number] = [595.28, 841.89];

/** Three pages: a title and paragraphs; a table in aligned columns; a list. */
export async function makePdf(): Promise<Uint8Array> {
  const { pdf, font } = await pdfWithFont();
  const first = pdf.addPage(a4);
  first.drawText('Báo cáo tiếng Việt', { x: 56, y: 770, size: 24, font });
  first.drawText('Đây là đoạn văn thứ nhất, có đủ dấu thanh:', { x: 56, y: 730, size: 11, font });
  first.drawText('sắc, huyền, hỏi, ngã, nặng.', { x: 56, y: 716, size: 11, font });
  first.drawText('Đoạn thứ hai bắt đầu sau một khoảng trống.', { x: 56, y: 680, size: 11, font });
  const second = pdf.addPage(a4);
  second.drawText('Bảng giá', { x: 56, y: 770, size: 16, font });
  const rows = [
    ['Mặt hàng', 'Đơn vị', 'Giá'],
    ['Gạo', 'kg', '18000'],
    ['Đường', 'kg', '22000'],
  ];
  rows.forEach((row, index) => {
    row.forEach((cell, column) => {
      second.drawText(cell, { x: 56 + column * 150, y: 730 - index * 16, size: 11, font });
    });
  });
  second.drawText('Giá đã gồm thuế.', { x: 56, y: 660, size: 11, font });
  const third = pdf.addPage(a4);
  third.drawText('Việc cần làm', { x: 56, y: 770, size: 16, font });
  third.drawText('• Gọi điện cho khách hàng', { x: 56, y: 740, size: 11, font });
  third.drawText('• Gửi báo giá mới', { x: 56, y: 726, size: 11, font });
  return pdf.save();
}

/** A page that is only a picture of text, as a scanner makes it; a second page with text. */
export async function makeScannedPdf(): Promise<Uint8Array> {
  GlobalFonts.registerFromPath(dejaVuPath, 'DejaVu Sans');
  const canvas = createCanvas(600, 200);
  const context = canvas.getContext('2d');
  context.fillStyle = 'white';
  context.fillRect(0, 0, 600, 200);
  context.fillStyle = 'black';
  context.font = '32px "DejaVu Sans"';
  context.fillText('Trang được quét', 40, 110);
  const { pdf, font } = await pdfWithFont();
  const image = await pdf.embedPng(await canvas.encode('png'));
  const scanned = pdf.addPage(a4);
  scanned.drawImage(image, { x: 0, y: a4[1] - 200, width: 600, height: 200 });
  const text = pdf.addPage(a4);
  text.drawText('Trang này có chữ thật, đủ dài để không cần OCR.', {
    x: 56,
    y: 770,
    size: 11,
    font,
  });
  return pdf.save();
}

/** Pages of paragraphs, to time a longer read. */
export async function makeLongPdf(pages: number): Promise<Uint8Array> {
  const { pdf, font } = await pdfWithFont();
  for (let number = 1; number <= pages; number += 1) {
    const page = pdf.addPage(a4);
    page.drawText(`Chương ${number}`, { x: 56, y: 770, size: 20, font });
    for (let line = 0; line < 40; line += 1) {
      page.drawText(
        `Dòng ${line + 1} của trang ${number}: nội dung tiếng Việt có dấu để đọc lại.`,
        {
          x: 56,
          y: 740 - line * 16,
          size: 11,
          font,
        },
      );
    }
  }
  return pdf.save();
}
