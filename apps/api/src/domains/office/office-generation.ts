import type { OfficeGeneratedFormat, OfficeLanguage } from '@studio/contracts';
import type { Block, DocumentModel, DocumentPart } from '@studio/documents';
import { generateText, type LanguageModel, Output } from 'ai';
import { z } from 'zod';

/**
 * A new document from a prompt: the chat's model writes a plan as structured output (a zod
 * schema, sizes capped), which is laid out as the document model the writers take. A report
 * (DOCX) is a title and sections of paragraphs, bullets and an optional table; a workbook (XLSX)
 * is sheets of columns and rows; a deck (PPTX) is slides of a title and bullets.
 */

const line = (max: number) => z.string().max(max);

const reportPlan = z.object({
  title: line(200),
  sections: z
    .array(
      z.object({
        heading: line(200),
        paragraphs: z.array(line(2_000)).max(6),
        bullets: z.array(line(300)).max(10),
        table: z
          .object({
            columns: z.array(line(100)).min(1).max(8),
            rows: z.array(z.array(line(200)).max(8)).max(30),
          })
          .nullable(),
      }),
    )
    .min(1)
    .max(12),
});

const workbookPlan = z.object({
  title: line(200),
  sheets: z
    .array(
      z.object({
        name: line(31),
        columns: z.array(line(100)).min(1).max(12),
        rows: z.array(z.array(line(200)).max(12)).max(100),
      }),
    )
    .min(1)
    .max(5),
});

const deckPlan = z.object({
  title: line(200),
  slides: z
    .array(z.object({ title: line(200), bullets: z.array(line(300)).max(8) }))
    .min(1)
    .max(15),
});

const paragraph = (text: string): Block => ({ type: 'paragraph', spans: [{ text }] });
const bulletList = (items: readonly string[]): Block => ({
  type: 'list',
  ordered: false,
  items: items.map((text) => ({ depth: 0, spans: [{ text }] })),
});
const table = (columns: readonly string[], rows: readonly (readonly string[])[]): Block => ({
  type: 'table',
  header: true,
  rows: [[...columns], ...rows.map((row) => columns.map((_, index) => row[index] ?? ''))],
});

export function reportModel(plan: z.infer<typeof reportPlan>): DocumentModel {
  const parts: DocumentPart[] = plan.sections.map((section, index) => {
    const blocks: Block[] = [{ type: 'heading', level: 1, spans: [{ text: section.heading }] }];
    blocks.push(...section.paragraphs.filter(Boolean).map(paragraph));
    if (section.bullets.length > 0) blocks.push(bulletList(section.bullets));
    if (section.table) blocks.push(table(section.table.columns, section.table.rows));
    return {
      ref: { kind: 'section', number: index + 1, name: section.heading },
      source: 'text',
      blocks,
    };
  });
  return { format: 'docx', title: plan.title, parts };
}

export function workbookModel(plan: z.infer<typeof workbookPlan>): DocumentModel {
  return {
    format: 'xlsx',
    title: plan.title,
    parts: plan.sheets.map((sheet, index) => ({
      ref: { kind: 'sheet', number: index + 1, name: sheet.name || `Sheet ${index + 1}` },
      source: 'text',
      blocks: [table(sheet.columns, sheet.rows)],
    })),
  };
}

export function deckModel(plan: z.infer<typeof deckPlan>): DocumentModel {
  return {
    format: 'pptx',
    title: plan.title,
    parts: plan.slides.map((slide, index) => ({
      ref: { kind: 'slide', number: index + 1, name: slide.title },
      source: 'text',
      blocks: [
        { type: 'heading', level: 1, spans: [{ text: slide.title }] },
        ...(slide.bullets.length > 0 ? [bulletList(slide.bullets)] : []),
      ],
    })),
  };
}

const languageNames: Record<OfficeLanguage, string> = { en: 'English', vi: 'Vietnamese' };

const instructions: Record<OfficeGeneratedFormat, string> = {
  docx: 'Plan a report: a title, then sections, each with a heading, paragraphs, bullet points where they help, and a table only when the content is tabular.',
  xlsx: 'Plan a workbook: a title, then sheets, each with a short name, column headers and rows of cells (numbers as plain digits).',
  pptx: 'Plan a slide deck: a title, then slides, each with a title and a few short bullet points.',
};

/** The model's plan for `format`, laid out as a document model. */
export async function planDocument(
  format: OfficeGeneratedFormat,
  prompt: string,
  language: OfficeLanguage,
  options: { languageModel: LanguageModel; signal: AbortSignal },
): Promise<DocumentModel> {
  const system = `${instructions[format]} Write everything in ${languageNames[language]}. Write only what the request asks for; do not invent precise figures it does not give.`;
  const ask = async <Plan>(schema: z.ZodType<Plan>) => {
    const result = await generateText({
      model: options.languageModel,
      system,
      prompt,
      output: Output.object({ schema }),
      maxRetries: 1,
      abortSignal: options.signal,
    });
    return result.output;
  };
  switch (format) {
    case 'docx':
      return reportModel(await ask(reportPlan));
    case 'xlsx':
      return workbookModel(await ask(workbookPlan));
    case 'pptx':
      return deckModel(await ask(deckPlan));
  }
}
