/// <reference types="vite/client" />
import type { Resource, ResourceLanguage } from 'i18next';

/**
 * Every public/locales/{lng}/{ns}.json bundled into the code, for Vitest and Storybook (the app
 * itself loads them over HTTP). Keyed the i18next way: { en: { common: {...} }, vi: {...} }.
 */
const files = import.meta.glob<Record<string, unknown>>('../../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
});

export const webResources: Resource = {};
for (const [file, content] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  if (!match?.[1] || !match[2]) continue;
  const language: ResourceLanguage = (webResources[match[1]] ??= {});
  language[match[2]] = content;
}
