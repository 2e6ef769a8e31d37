import { z } from 'zod';
import { configModule } from '../env/config-module.ts';
import { isHttpUrl, parseUrl } from '../env/variables.ts';

/** The IP geolocation services the SPA asks for the visitor's country (its suggested currency). */

const defaultGeolocationServices = ['https://ipapi.co/json/', 'https://ipwho.is/'];

const geolocationServicesSchema = z.string().transform((value, ctx) => {
  const templates = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  // `{ip}` is filled in by the client; check the template with a documentation address.
  const invalid = templates.filter((t) => !isHttpUrl(parseUrl(t.replaceAll('{ip}', '192.0.2.1'))));
  if (invalid.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a comma list of http(s) URL templates; not valid: ${invalid.join(', ')}`,
    });
    return z.NEVER;
  }
  return templates;
});

export interface GeolocationConfig {
  /** URL templates, tried in order; `{ip}` stands for the visitor's address. */
  geolocationServices: string[];
}

export const geolocationConfigModule = configModule({
  schema: z.object({ GEOLOCATION_SERVICES: geolocationServicesSchema.optional() }),
  toConfig: (env): GeolocationConfig => ({
    geolocationServices: env.GEOLOCATION_SERVICES ?? defaultGeolocationServices,
  }),
});
