import {
  AlignmentType,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ILevelsOptions,
  type ParagraphChild,
} from 'docx';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type { Block, DocumentModel, Span } from '../model.ts';
import { normalisedItems, partBlocks, squareRows, startsOnNewPage } from './flow.ts';
import { writtenSpans, type WrittenSpan } from './inline.ts';
import { cleanText, resolveLanguage, resolveTitle, type WriteOptions } from './options.ts';
import type { PageSize } from './page-size.ts';

export interface DocxOptions extends WriteOptions {
  /** A4 unless told. */
  pageSize?: PageSize;
}

const codeFont = 'Courier New';
const bulletsReference = 'studio-bullets';
const numbersReference = 'studio-numbers';
/** Twentieths of a point: Word's unit for page and table sizes. */
const pageTwips: Record<PageSize, { width: number; height: number }> = {
  A4: { width: 11906, height: 16838 },
  Letter: { width: 12240, height: 15840 },
};
const marginTwips = 1440;

const headingStyles = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
] as const;

const bulletGlyphs = ['•', '◦', '▪'] as const;

/** Half-points per heading level. */
const headingSizes = [32, 28, 26, 24, 22, 22] as const;

/**
 * Heading styles with their outline level, which Word's navigation pane and table of contents read,
 * and kept with the paragraph after them so a heading never ends a page.
 */
const headingStyleDefaults = Object.fromEntries(
  headingSizes.map((size, index) => [
    `heading${index + 1}`,
    {
      run: { size, bold: true, color: '1F3864', italics: index === 5 },
      paragraph: { outlineLevel: index, keepNext: true, spacing: { before: 240, after: 120 } },
    },
  ]),
);

function listLevels(ordered: boolean): ILevelsOptions[] {
  return Array.from({ length: 9 }, (_, level) => ({
    level,
    format: ordered ? LevelFormat.DECIMAL : LevelFormat.BULLET,
    text: ordered ? `%${level + 1}.` : bulletGlyphs[level % bulletGlyphs.length],
    alignment: AlignmentType.LEFT,
    style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
  }));
}

/** Runs for one span's text, its line breaks kept as Word line breaks. */
function textRuns(span: WrittenSpan, extra: { bold?: boolean; style?: string } = {}): TextRun[] {
  return span.text.split('\n').map(
    (line, index) =>
      new TextRun({
        text: line,
        break: index > 0 ? 1 : 0,
        bold: span.bold || extra.bold === true,
        italics: span.italic,
        ...(span.code ? { font: codeFont } : {}),
        ...(extra.style ? { style: extra.style } : {}),
      }),
  );
}

function inlineChildren(spans: readonly Span[], extra: { bold?: boolean } = {}): ParagraphChild[] {
  return writtenSpans(spans).flatMap((span): ParagraphChild[] =>
    span.href
      ? [
          new ExternalHyperlink({
            link: span.href,
            children: textRuns(span, { ...extra, style: 'Hyperlink' }),
          }),
        ]
      : textRuns(span, extra),
  );
}

/** Column widths in twips, shared out by how long each column's longest cell is. */
function columnWidths(rows: readonly (readonly string[])[], total: number): number[] {
  const columns = rows[0]?.length ?? 0;
  const weights = Array.from({ length: columns }, (_, column) =>
    Math.min(40, Math.max(4, ...rows.map((row) => (row[column] ?? '').length))),
  );
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  return weights.map((weight) => Math.floor((total * weight) / sum));
}

function table(block: Block & { type: 'table' }, textWidth: number): Table {
  const rows = squareRows(block.rows.map((row) => row.map(cleanText)));
  const widths = columnWidths(rows, textWidth);
  return new Table({
    columnWidths: widths,
    width: { size: textWidth, type: WidthType.DXA },
    rows: rows.map((row, rowIndex) => {
      const isHeader = block.header && rowIndex === 0;
      return new TableRow({
        // Only the header row carries the flag: mammoth reads `tblHeader val="false"` as a header.
        ...(isHeader ? { tableHeader: true } : {}),
        children: row.map(
          (cell, column) =>
            new TableCell({
              width: { size: widths[column] ?? 0, type: WidthType.DXA },
              ...(isHeader ? { shading: { type: ShadingType.CLEAR, fill: 'E7E6E6' } } : {}),
              children: [
                new Paragraph({ children: inlineChildren([{ text: cell }], { bold: isHeader }) }),
              ],
            }),
        ),
      });
    }),
  });
}

interface Layout {
  textWidth: number;
  /** Each ordered list restarts at 1: a fresh instance of the numbering. */
  nextListInstance: () => number;
}

function blockElements(block: Block, breakBefore: boolean, layout: Layout): (Paragraph | Table)[] {
  const pageBreakBefore = breakBefore;
  switch (block.type) {
    case 'heading':
      return [
        new Paragraph({
          heading: headingStyles[block.level - 1],
          pageBreakBefore,
          children: inlineChildren(block.spans),
        }),
      ];
    case 'paragraph':
      return [new Paragraph({ pageBreakBefore, children: inlineChildren(block.spans) })];
    case 'list': {
      const instance = layout.nextListInstance();
      return normalisedItems(block.items).map(
        (item, index) =>
          new Paragraph({
            pageBreakBefore: pageBreakBefore && index === 0,
            numbering: {
              reference: block.ordered ? numbersReference : bulletsReference,
              level: item.depth,
              instance,
            },
            children: inlineChildren(item.spans),
          }),
      );
    }
    case 'table': {
      // A table cannot carry a page break: an empty paragraph before it does.
      const before = pageBreakBefore ? [new Paragraph({ pageBreakBefore })] : [];
      return [...before, table(block, layout.textWidth), new Paragraph({})];
    }
    case 'code':
      return [
        new Paragraph({
          pageBreakBefore,
          shading: { type: ShadingType.CLEAR, fill: 'F2F2F2' },
          children: textRuns({
            text: cleanText(block.text),
            bold: false,
            italic: false,
            code: true,
            href: null,
          }),
        }),
      ];
  }
}

/**
 * `dc:language` in the core properties: the docx library writes the proofing language into the
 * styles but has no option for the document's own language property.
 */
function withCoreLanguage(file: Uint8Array, language: string): Buffer {
  const entries = unzipSync(file);
  const core = entries['docProps/core.xml'];
  if (core) {
    entries['docProps/core.xml'] = strToU8(
      strFromU8(core).replace(
        '</cp:coreProperties>',
        `<dc:language>${language}</dc:language></cp:coreProperties>`,
      ),
    );
  }
  return Buffer.from(zipSync(entries, { level: 6 }));
}

/**
 * The model as a Word document: headings in Word's heading styles (the navigation pane and a
 * reader's outline use them), marks as run properties, links as hyperlinks, lists on Word
 * numbering with levels, tables with a repeating header row, code in a shaded monospace
 * paragraph. Pages, slides and sheets each start on a new page; sections flow on. Nothing in it
 * runs or fetches: no macros, no fields, no images, no template; hyperlinks are its only
 * external relationships.
 */
export async function writeDocx(model: DocumentModel, options: DocxOptions = {}): Promise<Buffer> {
  const language = resolveLanguage(options);
  const page = pageTwips[options.pageSize ?? 'A4'];
  let listInstances = 0;
  const layout: Layout = {
    textWidth: page.width - 2 * marginTwips,
    nextListInstance: () => ++listInstances,
  };
  const children = model.parts.flatMap((part, partIndex) =>
    partBlocks(part).flatMap((block, blockIndex) =>
      blockElements(block, blockIndex === 0 && startsOnNewPage(part, partIndex), layout),
    ),
  );
  const document = new Document({
    title: resolveTitle(model, options),
    creator: 'AI Studio',
    lastModifiedBy: 'AI Studio',
    styles: {
      default: {
        document: { run: { language: { value: language } } },
        ...headingStyleDefaults,
      },
    },
    numbering: {
      config: [
        { reference: bulletsReference, levels: listLevels(false) },
        { reference: numbersReference, levels: listLevels(true) },
      ],
    },
    sections: [
      {
        properties: {
          page: {
            size: page,
            margin: {
              top: marginTwips,
              bottom: marginTwips,
              left: marginTwips,
              right: marginTwips,
            },
          },
        },
        // Word refuses a body with no paragraph at all.
        children: children.length > 0 ? children : [new Paragraph({})],
      },
    ],
  });
  return withCoreLanguage(await Packer.toBuffer(document), language);
}
