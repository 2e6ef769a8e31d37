import {
  writerGenerationRequest,
  writerTemplates,
  type SocialNetwork,
  type WriterGenerationInput,
  type WriterLanguage,
  type WriterLength,
  type WriterSavedTemplate,
  type WriterTemplateId,
  type WriterTone,
} from '@studio/contracts';

/** What the template form holds: the template, its fields, and how the piece should read. */
export interface WriterSettings {
  template: WriterTemplateId;
  fields: Record<string, string>;
  tone: WriterTone;
  length: WriterLength;
  audience: string;
  language: WriterLanguage;
}

export const defaultSettings = (language: WriterLanguage): WriterSettings => ({
  template: 'blog-post',
  fields: {},
  tone: 'neutral',
  length: 'medium',
  audience: '',
  language,
});

/** A saved or shared template's settings, as the form takes them. */
export const settingsOf = (saved: WriterSavedTemplate): WriterSettings => ({
  template: saved.template,
  fields: { ...saved.fields },
  tone: saved.tone,
  length: saved.length,
  audience: saved.audience,
  language: saved.language,
});

/** Only the fields the template has, without empty ones (the API refuses unknown fields). */
export function filledFields(settings: WriterSettings): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const field of writerTemplates[settings.template].fields) {
    const value = settings.fields[field.key]?.trim() ?? '';
    if (value) fields[field.key] = value;
  }
  return fields;
}

/** The network a social post is written for, when one is chosen. */
export function chosenNetwork(
  template: WriterTemplateId | null,
  fields: Record<string, string>,
): SocialNetwork | null {
  if (template !== 'social-post') return null;
  const network = fields['network'];
  return network === 'x' ||
    network === 'linkedin' ||
    network === 'facebook' ||
    network === 'instagram' ||
    network === 'threads' ||
    network === 'tiktok'
    ? network
    : null;
}

export type FieldProblem = { kind: 'required' } | { kind: 'tooLong'; max: number };

/**
 * The request for the settings, or what is wrong with its fields (checked by the contract's own
 * schema, so the form refuses what the API would).
 */
export function generationRequest(
  settings: WriterSettings,
  documentId: string | null,
  model: string | null,
):
  | { ok: true; request: WriterGenerationInput }
  | { ok: false; problems: Record<string, FieldProblem> } {
  const request: WriterGenerationInput = {
    template: settings.template,
    fields: filledFields(settings),
    tone: settings.tone,
    length: settings.length,
    audience: settings.audience.trim(),
    language: settings.language,
    documentId,
    model,
  };
  const parsed = writerGenerationRequest.safeParse(request);
  if (parsed.success) return { ok: true, request };
  const problems: Record<string, FieldProblem> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] === 'fields' ? issue.path[1] : undefined;
    if (typeof key !== 'string') continue;
    const field = writerTemplates[settings.template].fields.find((one) => one.key === key);
    const value = request.fields[key] ?? '';
    problems[key] =
      field && value.length > field.maxLength
        ? { kind: 'tooLong', max: field.maxLength }
        : { kind: 'required' };
  }
  return { ok: false, problems };
}
