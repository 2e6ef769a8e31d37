import i18next, {
  type BackendModule,
  type i18n,
  type InitOptions,
  type Resource,
  type ResourceKey,
} from 'i18next';
import { initReactI18next } from 'react-i18next';
import { uiNamespace, uiResources } from '@studio/ui';
import englishUiTexts from '@studio/ui/locales/en/ui.json';
import { browserStore, type KeyValueStore } from '../storage';
import { applyDocumentLanguage } from './direction';
import { browserLanguageSources, detectLanguage } from './detectLanguage';
import { createFetchBackend } from './fetchBackend';
import { commonNamespace, fallbackLanguage, supportedLanguages } from './namespaces';

export { applyDocumentLanguage, directionFor } from './direction';
export * from './namespaces';

const sharedOptions: InitOptions = {
  supportedLngs: supportedLanguages,
  fallbackLng: fallbackLanguage,
  // "vi-VN" from the browser means "vi": only the two base languages have files.
  load: 'languageOnly',
  nonExplicitSupportedLngs: true,
  ns: [commonNamespace],
  defaultNS: commonNamespace,
  interpolation: { escapeValue: false },
  react: { useSuspense: true },
};

/**
 * The design system's texts (the `ui` namespace) in the languages not bundled: English is, as the
 * fallback every language needs; the others load, like every namespace, in the visitor's
 * language only.
 */
const uiTexts: Partial<Record<string, () => Promise<ResourceKey>>> = {
  vi: () => import('@studio/ui/locales/vi/ui.json').then((module) => module.default),
};

/** The app's translations: the `ui` namespace from the design system, the others over HTTP. */
function createAppBackend(): BackendModule {
  const overHttp = createFetchBackend();
  return {
    type: 'backend',
    init() {},
    read(language, namespace, callback) {
      if (namespace !== uiNamespace) {
        overHttp.read(language, namespace, callback);
        return;
      }
      const load = uiTexts[language];
      if (!load) {
        callback(new Error(`No ${namespace} texts in ${language}`), false);
        return;
      }
      load().then(
        (texts) => callback(null, texts),
        (error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error)), true),
      );
    },
  };
}

/** Keeps `lang` and `dir` of the document root in step with the interface language. */
function followLanguage(instance: i18n, root: HTMLElement) {
  instance.on('languageChanged', (language) => applyDocumentLanguage(language, root));
}

/**
 * The app's i18next (§7): translations over HTTP from /locales/{lng}/{ns}.json, the `ui`
 * namespace from the design system (English bundled), the language detected at start by
 * detectLanguage (stored choice, browser setting, cached country, html tag); only en and vi,
 * falling back to en.
 */
export function createAppI18n(
  root: HTMLElement = document.documentElement,
  store: KeyValueStore = browserStore,
): i18n {
  const instance = i18next.createInstance();
  // Detected once at start (detectLanguage's order); only an explicit choice is ever stored.
  const language = detectLanguage(browserLanguageSources(store)) ?? fallbackLanguage;
  // i18next announces the language only once its translations have loaded; the document says
  // it from the first moment, so nothing (screen readers, the e2e check) sees index.html's "en".
  applyDocumentLanguage(language, root);
  followLanguage(instance, root);
  void instance
    .use(createAppBackend())
    .use(initReactI18next)
    .init({
      ...sharedOptions,
      lng: language,
      // The design system's texts load with the shell's: its controls are on every page.
      ns: [commonNamespace, uiNamespace],
      resources: { en: { [uiNamespace]: englishUiTexts } },
      partialBundledLanguages: true,
    });
  return instance;
}

/** Merges resource sets language by language (the ui namespace plus the app's files). */
function mergeResources(...sets: Resource[]): Resource {
  const merged: Resource = {};
  for (const set of sets) {
    for (const [language, namespaces] of Object.entries(set)) {
      merged[language] = { ...merged[language], ...namespaces };
    }
  }
  return merged;
}

/**
 * An i18next with every translation already in memory: no HTTP, ready before the first render.
 * For Vitest and Storybook (.storybook/i18n.ts).
 */
export function createBundledI18n(resources: Resource, language = fallbackLanguage): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    ...sharedOptions,
    lng: language,
    resources: mergeResources(uiResources as unknown as Resource, resources),
    initAsync: false,
  });
  return instance;
}
