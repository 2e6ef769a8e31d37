import { createProviderCatalogue, type ProviderCatalogue } from './catalogue/provider-catalogue.ts';

/**
 * What the provider layer shows the rest of the app at run time (`app.providers`,
 * plugins/app/providers.ts). Keys stay in the configuration, calls in each modality's registry.
 */
export interface ProviderLayer {
  readonly catalogue: ProviderCatalogue;
}

export function createProviderLayer(): ProviderLayer {
  return { catalogue: createProviderCatalogue() };
}
