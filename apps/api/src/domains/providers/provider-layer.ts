import { createProviderCatalogue, type ProviderCatalogue } from './catalogue/provider-catalogue.ts';

/**
 * `app.providers` (plugins/app/providers.ts): what the provider layer shows the rest of the app
 * at run time. Keys stay in the configuration, calls in each modality's registry.
 */
export interface ProviderLayer {
  readonly catalogue: ProviderCatalogue;
}

export function createProviderLayer(): ProviderLayer {
  return { catalogue: createProviderCatalogue() };
}

declare module 'fastify' {
  interface FastifyInstance {
    providers: ProviderLayer;
  }
}
