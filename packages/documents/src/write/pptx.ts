import PptxGenJS from 'pptxgenjs';
import {
  spanText,
  type Block,
  type DocumentModel,
  type DocumentPart,
  type Span,
} from '../model.ts';
import { itemNumbers, normalisedItems, partBlocks, squareRows } from './flow.ts';
import { writtenSpans } from './inline.ts';
import { cleanText, resolveLanguage, resolveTitle, type WriteOptions } from './options.ts';
import { withOneParagraphProperties } from './pptx-paragraphs.ts';

const font = 'Arial';
const codeFont = 'Courier New';
/** Slide 16:9 is 10 × 5.625 in; the body sits under the title. */
const body = { x: 0.5, y: 1.25, w: 9, h: 4.1 };
/** What fits the body at these sizes, estimated: lines of text, rows of a table. */
const maxTextLines = 12;
const maxTableLines = 12;
const charactersPerLine = 80;
/** •, ◦, ▪ by depth, as the other writers draw them. */
const bulletCodes = ['2022', '25E6', '25AA'] as const;

type TextRun = PptxGenJS.TextProps;
type TableRow = PptxGenJS.TableRow;

/** One paragraph of a slide's body, as runs, with how many lines it is likely to take. */
interface BodyParagraph {
  runs: TextRun[];
  lines: number;
}

type SlideContent =
  | { kind: 'text'; paragraphs: BodyParagraph[] }
  | { kind: 'table'; header: string[] | null; rows: string[][] };

interface SlidePlan {
  title: string | null;
  content: SlideContent | null;
}

const estimatedLines = (text: string, perLine = charactersPerLine): number =>
  text.split('\n').reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / perLine)), 0);

/**
 * Runs for spans. pptxgenjs changes the options objects it is given, so every run gets its own.
 * A paragraph's options (bullet, level) ride on its first run, and its last run ends the line.
 */
function runs(
  spans: readonly Span[],
  language: string,
  paragraph: TextRun['options'] = {},
  extra: TextRun['options'] = {},
): TextRun[] {
  const written = writtenSpans(spans);
  const pieces =
    written.length > 0
      ? written
      : [{ text: ' ', bold: false, italic: false, code: false, href: null }];
  return pieces.map((span, index) => ({
    text: span.text.replace(/\n/g, ' '),
    options: {
      lang: language,
      fontFace: span.code ? codeFont : font,
      bold: span.bold,
      italic: span.italic,
      ...(span.href ? { hyperlink: { url: span.href } } : {}),
      ...extra,
      ...(index === 0 ? paragraph : {}),
      breakLine: index === pieces.length - 1,
    },
  }));
}

function paragraphs(block: Block, language: string): BodyParagraph[] {
  switch (block.type) {
    case 'heading':
      return [
        {
          runs: runs(block.spans, language, {}, { bold: true, fontSize: 20 }),
          lines: estimatedLines(spanText(block.spans), 70),
        },
      ];
    case 'paragraph':
      return [{ runs: runs(block.spans, language), lines: estimatedLines(spanText(block.spans)) }];
    case 'list': {
      const items = normalisedItems(block.items);
      const numbers = itemNumbers(items);
      return items.map((item, index) => ({
        runs: runs(item.spans, language, {
          // Each item's own number: readers differ on whether a run of `startAt` paragraphs counts on.
          bullet: block.ordered
            ? { type: 'number', numberStartAt: numbers[index] ?? 1 }
            : { characterCode: bulletCodes[item.depth % bulletCodes.length] ?? '2022' },
          indentLevel: item.depth,
        }),
        lines: estimatedLines(spanText(item.spans), charactersPerLine - 4 * item.depth),
      }));
    }
    case 'code':
      return cleanText(block.text)
        .replace(/\n+$/, '')
        .split('\n')
        .map((line) => ({
          runs: [
            {
              text: line || ' ',
              options: { lang: language, fontFace: codeFont, fontSize: 12, breakLine: true },
            },
          ],
          lines: estimatedLines(line, 110) * 0.7,
        }));
    case 'table':
      return [];
  }
}

/** A table's rows in slices that fit a slide, the header row repeated on each. */
function tableSlides(block: Block & { type: 'table' }): SlideContent[] {
  const rows = squareRows(block.rows.map((row) => row.map(cleanText)));
  const [first, ...rest] = rows;
  if (!first || first.length === 0) return [];
  const header = block.header ? first : null;
  const bodyRows = block.header ? rest : rows;
  const perLine = Math.max(8, Math.floor(110 / first.length));
  const rowLines = (row: readonly string[]): number =>
    Math.max(...row.map((cell) => estimatedLines(cell, perLine)));
  const room = maxTableLines - (header ? rowLines(header) : 0);
  const slides: SlideContent[] = [];
  let slice: string[][] = [];
  let used = 0;
  for (const row of bodyRows) {
    const lines = rowLines(row);
    if (slice.length > 0 && used + lines > room) {
      slides.push({ kind: 'table', header, rows: slice });
      slice = [];
      used = 0;
    }
    slice.push(row);
    used += lines;
  }
  if (slice.length > 0 || slides.length === 0) slides.push({ kind: 'table', header, rows: slice });
  return slides;
}

/** A chunk's blocks as slide bodies: text until the body is full, each table on slides of its own. */
function contents(blocks: readonly Block[], language: string): SlideContent[] {
  const out: SlideContent[] = [];
  let text: BodyParagraph[] = [];
  let used = 0;
  const flush = (): void => {
    if (text.length > 0) out.push({ kind: 'text', paragraphs: text });
    text = [];
    used = 0;
  };
  for (const block of blocks) {
    if (block.type === 'table') {
      flush();
      out.push(...tableSlides(block));
      continue;
    }
    for (const paragraph of paragraphs(block, language)) {
      if (text.length > 0 && used + paragraph.lines > maxTextLines) flush();
      text.push(paragraph);
      used += paragraph.lines;
    }
  }
  flush();
  return out;
}

interface Chunk {
  title: string | null;
  blocks: Block[];
}

/**
 * The slides' sources: a slide part is one (its first heading the title); any other part is cut
 * at its top-level headings, so a long document becomes a slide per top-level section.
 */
function chunks(part: DocumentPart): Chunk[] {
  const blocks = partBlocks(part);
  if (part.ref.kind === 'slide') {
    const heading = blocks.find((block) => block.type === 'heading');
    return [
      {
        title: heading?.type === 'heading' ? spanText(heading.spans) : part.ref.name,
        blocks: blocks.filter((block) => block !== heading),
      },
    ];
  }
  const levels = blocks.flatMap((block) => (block.type === 'heading' ? [block.level] : []));
  const top = Math.min(...levels);
  const out: Chunk[] = [];
  let current: Chunk = { title: part.ref.name, blocks: [] };
  let fromHeading = false;
  for (const block of blocks) {
    if (block.type === 'heading' && block.level === top) {
      if (fromHeading || current.blocks.length > 0) out.push(current);
      current = { title: spanText(block.spans), blocks: [] };
      fromHeading = true;
    } else current.blocks.push(block);
  }
  if (fromHeading || current.blocks.length > 0) out.push(current);
  return out;
}

function slidePlans(model: DocumentModel, language: string): SlidePlan[] {
  const continued = language === 'vi-VN' ? ' (tiếp theo)' : ' (continued)';
  return model.parts.flatMap((part) =>
    chunks(part).flatMap((chunk): SlidePlan[] => {
      const title =
        chunk.title === null ? null : cleanText(chunk.title).replace(/\s+/g, ' ').trim();
      const bodies = contents(chunk.blocks, language);
      if (bodies.length === 0) return [{ title, content: null }];
      return bodies.map((content, index) => ({
        title: index > 0 && title ? `${title}${continued}` : title,
        content,
      }));
    }),
  );
}

/** Column widths in inches, by each column's longest cell. */
function columnWidths(rows: readonly (readonly string[])[]): number[] {
  const columns = rows[0]?.length ?? 0;
  const weights = Array.from({ length: columns }, (_, column) =>
    Math.min(40, Math.max(4, ...rows.map((row) => (row[column] ?? '').length))),
  );
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  return weights.map((weight) => (body.w * weight) / sum);
}

function addTable(
  slide: PptxGenJS.Slide,
  content: SlideContent & { kind: 'table' },
  language: string,
): void {
  const cell = (text: string, header: boolean): PptxGenJS.TableCell => ({
    text,
    options: {
      lang: language,
      fontFace: font,
      bold: header,
      ...(header ? { fill: { color: 'E7E6E6' } } : {}),
    },
  });
  const rows: TableRow[] = [
    ...(content.header ? [content.header.map((text) => cell(text, true))] : []),
    ...content.rows.map((row) => row.map((text) => cell(text, false))),
  ];
  slide.addTable(rows, {
    ...body,
    h: undefined,
    colW: columnWidths([...(content.header ? [content.header] : []), ...content.rows]),
    fontSize: 12,
    border: { type: 'solid', pt: 0.5, color: 'A6A6A6' },
    autoPage: false,
  });
}

/**
 * The model as a 16:9 deck: a title slide from the document's title, then a slide per slide
 * part or per top-level section, titled by its first heading; lists as bullets with their
 * levels, paragraphs as text, tables as tables with the header row on each of their slides.
 * What would overflow a slide continues on the next, titled "(continued)". Every run carries the
 * language; a .pptx holds no macros.
 */
export async function writePptx(model: DocumentModel, options: WriteOptions = {}): Promise<Buffer> {
  const language = resolveLanguage(options);
  const title = resolveTitle(model, options);
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_16x9';
  pptx.author = 'AI Studio';
  pptx.company = 'AI Studio';
  pptx.title = title;
  pptx.subject = title;
  pptx.theme = { headFontFace: font, bodyFontFace: font };

  if (title) {
    pptx.addSlide().addText([{ text: title, options: { lang: language } }], {
      objectName: 'Title',
      x: 0.5,
      y: 1.8,
      w: 9,
      h: 1.6,
      fontFace: font,
      fontSize: 36,
      bold: true,
      align: 'center',
      valign: 'middle',
    });
  }
  for (const plan of slidePlans(model, language)) {
    const slide = pptx.addSlide();
    if (plan.title) {
      slide.addText([{ text: plan.title, options: { lang: language } }], {
        // Named, so a reader (ours, a screen reader's outline) can tell the title from the body.
        objectName: 'Title',
        x: 0.5,
        y: 0.3,
        w: 9,
        h: 0.8,
        fontFace: font,
        fontSize: 28,
        bold: true,
        valign: 'middle',
      });
    }
    if (plan.content?.kind === 'text') {
      slide.addText(
        plan.content.paragraphs.flatMap((paragraph) => paragraph.runs),
        {
          ...body,
          objectName: 'Body',
          fontFace: font,
          fontSize: 18,
          valign: 'top',
          paraSpaceAfter: 4,
        },
      );
    } else if (plan.content?.kind === 'table') {
      addTable(slide, plan.content, language);
    }
  }
  const file = await pptx.write({ outputType: 'nodebuffer' });
  if (!(file instanceof Uint8Array)) throw new Error('pptxgenjs did not return bytes');
  return withOneParagraphProperties(file);
}
