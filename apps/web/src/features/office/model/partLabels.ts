import type { OfficeDocument, OfficePartRef } from '@studio/contracts';

/** A text of the `office` namespace: its key and its values. */
export interface OfficeText {
  key: string;
  values: Record<string, string | number>;
}

/**
 * A part's short name, as a citation chip and the part picker write it: "p. 3", "Sales sheet",
 * "slide 2", "Results" (a section by its heading, else its number).
 */
export function partLabel(ref: OfficePartRef): OfficeText {
  switch (ref.kind) {
    case 'page':
      return { key: 'part.page', values: { number: ref.number } };
    case 'slide':
      return { key: 'part.slide', values: { number: ref.number } };
    case 'sheet':
      return ref.name
        ? { key: 'part.sheet', values: { name: ref.name } }
        : { key: 'part.sheetNumber', values: { number: ref.number } };
    case 'section':
      return ref.name
        ? { key: 'part.section', values: { name: ref.name } }
        : { key: 'part.sectionNumber', values: { number: ref.number } };
  }
}

/**
 * What a document holds, in words: "12 pages, 2 read from scans", "2 sheets", "8 slides".
 * `count` drives the plural forms.
 */
export function partsSummary(
  document: Pick<OfficeDocument, 'parts' | 'partKind' | 'ocrParts'>,
): OfficeText[] {
  const texts: OfficeText[] = [
    { key: `parts.${document.partKind}`, values: { count: document.parts } },
  ];
  if (document.ocrParts.length > 0) {
    texts.push({ key: 'parts.scanned', values: { count: document.ocrParts.length } });
  }
  return texts;
}

/** How a document came to be: the key under `origin`, with the document it came from. */
export function originText(
  document: Pick<OfficeDocument, 'operation' | 'sourceId'>,
  sourceName: string | null,
): OfficeText | null {
  if (document.operation === 'upload') return null;
  if (document.operation === 'generate') return { key: 'origin.generate', values: {} };
  return sourceName
    ? { key: `origin.${document.operation}`, values: { name: sourceName } }
    : { key: `origin.${document.operation}Unknown`, values: {} };
}
