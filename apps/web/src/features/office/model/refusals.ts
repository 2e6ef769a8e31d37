import { officeJobFailure, type OfficeRefusal } from '@studio/contracts';

/** What a refusal's words need: the catalogue's limits, for "too large" and "too many pages". */
export interface RefusalLimits {
  maxFileBytes: number;
  maxPages: number;
}

/** A refusal's text in the `office` namespace: its key under `refusals` and its values. */
export interface RefusalText {
  key: `refusals.${OfficeRefusal}`;
  values: { size?: string; pages?: number };
}

/** Bytes in words a person reads: "25 MB", "800 KB", "1.5 MB" (one decimal below 10). */
export function formatBytes(bytes: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit > 0 && value < 10 && !Number.isInteger(value) ? 1 : 0;
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);
  return `${number} ${units[unit] ?? 'B'}`;
}

/** Why a file was refused, in the page's words (the limits named where they are the reason). */
export function refusalText(
  refusal: OfficeRefusal,
  limits: RefusalLimits | null,
  language: string,
): RefusalText {
  const key = `refusals.${refusal}` as const;
  if (refusal === 'too-large' && limits) {
    return { key, values: { size: formatBytes(limits.maxFileBytes, language) } };
  }
  if (refusal === 'too-many-pages' && limits) return { key, values: { pages: limits.maxPages } };
  return { key, values: {} };
}

/** A failed office job's refusal (its detail, as the API sends it); null for other failures. */
export function refusalOfDetail(detail: unknown): OfficeRefusal | null {
  const parsed = officeJobFailure.safeParse(detail);
  return parsed.success ? parsed.data.refusal : null;
}

/** The format a file's name says it is, if the page reads it (checked again by the server). */
export function formatOfFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}
