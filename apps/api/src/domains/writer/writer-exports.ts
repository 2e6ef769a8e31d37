import type { WriterExportFormat, WriterLanguage } from '@studio/contracts';
import { readDocument, writeDocx, writeMarkdown, writePdf } from '@studio/documents';

const contentTypes: Record<WriterExportFormat, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
  md: 'text/markdown; charset=utf-8',
};

/** A file name from the title: characters no file system takes (and control ones) become "-". */
export function exportFileName(title: string, format: WriterExportFormat): string {
  const stem =
    title
      // eslint-disable-next-line no-control-regex
      .replace(/[<>:"/\\|?*\u0000-\u001f\u007f]/g, '-')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 100)
      .replace(/^\.+/, '') || 'document';
  return `${stem}.${format}`;
}

/**
 * Markdown written as DOCX, PDF (DejaVu Sans embedded, so Vietnamese prints and copies exactly)
 * or Markdown: read into the documents package's model by its Markdown reader, then written by
 * its writers, which write no scripts, macros or outside references.
 */
export async function exportMarkdown(input: {
  title: string;
  content: string;
  format: WriterExportFormat;
  language: WriterLanguage;
}): Promise<{ contentType: string; fileName: string; body: Buffer }> {
  const { document } = await readDocument(Buffer.from(input.content, 'utf8'), {
    name: 'document.md',
  });
  const options = {
    title: input.title,
    language: input.language === 'vi' ? 'vi-VN' : 'en-US',
  } as const;
  const body =
    input.format === 'docx'
      ? await writeDocx(document, options)
      : input.format === 'pdf'
        ? await writePdf(document, options)
        : Buffer.from(writeMarkdown(document), 'utf8');
  return {
    contentType: contentTypes[input.format],
    fileName: exportFileName(input.title, input.format),
    body,
  };
}
