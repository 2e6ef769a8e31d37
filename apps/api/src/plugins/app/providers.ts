import fp from 'fastify-plugin';
import { createProviderLayer, type ProviderLayer } from '../../domains/providers/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue of every configured model, whatever its modality (`.catalogue`). */
    providers: ProviderLayer;
  }
}

/**
 * `app.providers`: the provider layer's catalogue of every configured model, whatever its
 * modality. Each modality's plugin (models, image-models, speech) adds its registry's models, so
 * it is registered before them; what it lists is read once they all are (health, banners, tools).
 */
export const providersPlugin = fp(
  async (app) => {
    app.decorate('providers', createProviderLayer());
  },
  { name: 'providers' },
);
