import type { Block, Span } from '../../model.ts';
import { itemNumbers, normalisedItems } from '../flow.ts';
import { writtenSpans } from '../inline.ts';
import { cleanText } from '../options.ts';
import { colors, lineHeightOf, type PdfCanvas, type TextStyle } from './canvas.ts';
import { styleFace } from './fonts.ts';
import { breakLines, type Line, type Piece } from './line-breaking.ts';
import { drawTable } from './table.ts';

const bodySize = 11;
const headingSizes = [22, 18, 15, 13, 12, 11] as const;
const codeSize = 9;
const listIndent = 18;
const bulletGlyphs = ['•', '◦', '▪'] as const;

interface TextLook {
  size: number;
  bold?: boolean;
  italic?: boolean;
  color?: TextStyle['color'];
}

function pieces(canvas: PdfCanvas, spans: readonly Span[], look: TextLook): Piece<TextStyle>[] {
  return writtenSpans(spans).flatMap((span) => {
    const face = span.code
      ? 'mono'
      : styleFace(span.bold || look.bold === true, span.italic || look.italic === true);
    return canvas.fonts.segments(span.text, face).map((segment) => ({
      text: segment.text,
      style: canvas.style(segment.face, look.size, span.href, look.color),
    }));
  });
}

const layOut = (
  canvas: PdfCanvas,
  spans: readonly Span[],
  look: TextLook,
  width: number,
): Line<TextStyle>[] => breakLines(pieces(canvas, spans, look), width, canvas.measure);

function heading(canvas: PdfCanvas, level: number, spans: readonly Span[]): void {
  const size = headingSizes[level - 1] ?? bodySize;
  const lines = layOut(
    canvas,
    spans,
    { size, bold: true, italic: level === 6, color: colors.heading },
    canvas.width,
  );
  canvas.space(size * 0.7);
  // A heading keeps its first two lines of text below it on the same page.
  canvas.ensure(lines.length * lineHeightOf(size) + 2 * lineHeightOf(bodySize));
  for (const line of lines) canvas.drawLine(line, canvas.left, size);
  canvas.space(size * 0.3);
}

function paragraph(canvas: PdfCanvas, spans: readonly Span[]): void {
  for (const line of layOut(canvas, spans, { size: bodySize }, canvas.width)) {
    canvas.drawLine(line, canvas.left);
  }
  canvas.space(6);
}

function list(canvas: PdfCanvas, block: Block & { type: 'list' }): void {
  const items = normalisedItems(block.items);
  const numbers = itemNumbers(items);
  items.forEach((item, index) => {
    const marker = block.ordered
      ? `${numbers[index] ?? 1}.`
      : (bulletGlyphs[item.depth % bulletGlyphs.length] ?? '•');
    const markerStyle = canvas.style('regular', bodySize);
    const markerX = canvas.left + item.depth * listIndent;
    const hang = Math.max(listIndent, canvas.measure(marker, markerStyle) + 6);
    const textX = markerX + hang;
    const lines = layOut(
      canvas,
      item.spans,
      { size: bodySize },
      canvas.left + canvas.width - textX,
    );
    canvas.ensure(lineHeightOf(bodySize));
    canvas.drawText(marker, markerX, canvas.y - bodySize * 1.05, markerStyle);
    for (const line of lines) canvas.drawLine(line, textX);
    canvas.space(2);
  });
  canvas.space(4);
}

/** Code lines cut by characters where they are too long: code has no word breaks to trust. */
function codeLines(canvas: PdfCanvas, text: string, width: number): Line<TextStyle>[] {
  const out: Line<TextStyle>[] = [];
  for (const sourceLine of cleanText(text).split('\n')) {
    let line: Line<TextStyle> = { runs: [], width: 0 };
    for (const segment of canvas.fonts.segments(sourceLine, 'mono')) {
      const style = canvas.style(segment.face, codeSize);
      for (const character of segment.text.match(/\P{M}\p{M}*/gu) ?? []) {
        const characterWidth = canvas.measure(character, style);
        if (line.runs.length > 0 && line.width + characterWidth > width) {
          out.push(line);
          line = { runs: [], width: 0 };
        }
        const last = line.runs.at(-1);
        if (last?.style === style) {
          last.text += character;
          last.width += characterWidth;
        } else line.runs.push({ text: character, style, width: characterWidth });
        line.width += characterWidth;
      }
    }
    out.push(line);
  }
  return out;
}

function code(canvas: PdfCanvas, text: string): void {
  const padding = 6;
  const height = lineHeightOf(codeSize);
  const lines = codeLines(canvas, text.replace(/\n+$/, ''), canvas.width - 2 * padding);
  canvas.space(2);
  lines.forEach((line, index) => {
    const first = index === 0;
    const last = index === lines.length - 1;
    const band = height + (first ? padding : 0) + (last ? padding : 0);
    canvas.ensure(band);
    const top = canvas.y;
    canvas.fillRect(canvas.left, top, canvas.width, band, colors.codeBackground);
    canvas.y = top - (first ? padding : 0);
    canvas.drawLineHere(line, canvas.left + padding, codeSize);
    canvas.y = top - band;
  });
  canvas.space(8);
}

export function drawBlock(canvas: PdfCanvas, block: Block): void {
  switch (block.type) {
    case 'heading':
      return heading(canvas, block.level, block.spans);
    case 'paragraph':
      return paragraph(canvas, block.spans);
    case 'list':
      return list(canvas, block);
    case 'table':
      drawTable(canvas, block.header, block.rows);
      return canvas.space(10);
    case 'code':
      return code(canvas, block.text);
  }
}
