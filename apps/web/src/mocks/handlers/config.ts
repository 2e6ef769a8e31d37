import type { RuntimeConfig } from '@studio/contracts';
import { http, HttpResponse } from 'msw';

/** The configuration the API serves in a plain local run. */
export const localConfig: RuntimeConfig = {
  apiBaseUrl: '',
  environment: 'development',
  sandbox: false,
  geolocationServices: [],
  mailboxUrl: null,
};

export const configHandlers = {
  default: http.get<never, never, RuntimeConfig>('*/config.json', () =>
    HttpResponse.json(localConfig),
  ),
  sandbox: http.get<never, never, RuntimeConfig>('*/config.json', () =>
    HttpResponse.json({ ...localConfig, sandbox: true }),
  ),
  missing: http.get('*/config.json', () => new HttpResponse(null, { status: 404 })),
};
