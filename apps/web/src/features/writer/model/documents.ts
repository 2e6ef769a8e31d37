import type {
  WriterLanguage,
  WriterTemplateId,
  WriterTransform,
  WriterVersion,
  WriterVersionKind,
} from '@studio/contracts';
import type { VisitorWriting } from '../../../lib/visitor/collections';

/** A title for a visitor's document: its first line, without Markdown's marks. */
export function titleOf(content: string, fallback: string): string {
  const first = content
    .split('\n')
    .map((line) =>
      line
        .replace(/^\s{0,3}(#{1,6}|>|[-*+])\s+/, '')
        .replace(/[*_`]+/g, '')
        .trim(),
    )
    .find((line) => line !== '');
  if (!first) return fallback;
  return first.length > 80 ? `${first.slice(0, 79)}…` : first;
}

/** A document's first words for a list, without Markdown's marks. */
export function excerptOf(content: string): string {
  return content
    .replace(/^\s{0,3}(#{1,6}|>|[-*+])\s+/gm, '')
    .replace(/[*_`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 140);
}

export interface NewVersion {
  kind: WriterVersionKind;
  content: string;
  state?: WriterVersion['state'];
  template?: WriterTemplateId | null;
  transform?: WriterTransform | null;
  restoredFrom?: number | null;
  modelName?: string | null;
}

let localIds = 0;
/** An id unique in this browser (crypto.randomUUID is missing from older Safari). */
export function localId(prefix: string): string {
  localIds += 1;
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${localIds}`;
  return `${prefix}-${random}`;
}

/** A new visitor document holding its first version. */
export function newVisitorWriting(
  version: NewVersion,
  language: WriterLanguage,
  fallbackTitle: string,
  now = new Date(),
): VisitorWriting {
  const id = localId('writing');
  const empty: VisitorWriting = {
    id,
    title: titleOf(version.content, fallbackTitle),
    template: version.template ?? null,
    language,
    content: version.content,
    versions: 1,
    currentVersion: 1,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    history: [],
  };
  return addVisitorVersion(empty, version, fallbackTitle, now);
}

/** The document with one more version on top, which becomes its content. */
export function addVisitorVersion(
  writing: VisitorWriting,
  version: NewVersion,
  fallbackTitle: string,
  now = new Date(),
): VisitorWriting {
  const number = (writing.history[0]?.number ?? 0) + 1;
  const made: WriterVersion = {
    id: localId('version'),
    documentId: writing.id,
    number,
    kind: version.kind,
    template: version.template ?? null,
    transform: version.transform ?? null,
    restoredFrom: version.restoredFrom ?? null,
    state: version.state ?? 'complete',
    content: version.content,
    modelName: version.modelName ?? null,
    createdAt: now.toISOString(),
  };
  return {
    ...writing,
    title: titleOf(version.content, fallbackTitle),
    template: writing.template ?? made.template,
    content: version.content,
    versions: number,
    currentVersion: number,
    updatedAt: made.createdAt,
    history: [made, ...writing.history],
  };
}
