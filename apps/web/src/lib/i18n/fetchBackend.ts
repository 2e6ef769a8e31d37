import type { BackendModule, ReadCallback } from 'i18next';

/**
 * The HTTP backend (§7: GET /locales/{lng}/{ns}.json) in a few lines of fetch, instead of
 * i18next-http-backend, whose XMLHttpRequest fallbacks and options the first load doesn't need.
 */
export function createFetchBackend(
  loadPath: (language: string, namespace: string) => string = (language, namespace) =>
    `/locales/${language}/${namespace}.json`,
  fetcher: typeof fetch = (...args) => fetch(...args),
): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(language: string, namespace: string, callback: ReadCallback) {
      fetcher(loadPath(language, namespace), { headers: { accept: 'application/json' } })
        .then(async (response) => {
          if (!response.ok) {
            // i18next retries only when told the failure may pass (a 5xx), not for a 404.
            callback(
              new Error(`${response.status} loading ${language}/${namespace}`),
              response.status >= 500,
            );
            return;
          }
          callback(null, (await response.json()) as Record<string, unknown>);
        })
        .catch((error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error)), true),
        );
    },
  };
}
