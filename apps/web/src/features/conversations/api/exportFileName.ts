import type { ExportFormat } from '@studio/contracts';

const extensions: Record<ExportFormat, string> = { json: 'json', markdown: 'md' };

/** §7: conversation-{id}.json (or .md) when the server names no file. */
export function fallbackExportName(conversationId: string, format: ExportFormat): string {
  return `conversation-${conversationId}.${extensions[format]}`;
}

export { fileNameFromDisposition } from '../../../lib/api/fileName';
