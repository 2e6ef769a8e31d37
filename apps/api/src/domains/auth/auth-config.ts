import { z } from 'zod';
import { configModule } from '../../env/config-module.ts';
import { secretOrRandom, secretProblems, wholeNumber } from '../../env/variables.ts';

/** The API's own (first-party) sign-in: password and e-mail code. */
export interface AuthConfig {
  /**
   * AUTH_SECRET: the root the first-party token keys are derived from (HKDF): the Ed25519 key
   * that signs access tokens and the HMAC key for one-time codes.
   */
  secret: string;
  /** `iss` of first-party access tokens: PUBLIC_URL. */
  issuer: string;
  /** `aud` of first-party access tokens. */
  audience: string;
  accessTokenTtlSeconds: number;
  /** Absolute lifetime of a sign-in (a refresh-token family); rotation never extends it. */
  sessionTtlSeconds: number;
  /** A refresh token unused for this long is dead. */
  sessionIdleSeconds: number;
}

export const authConfigModule = configModule({
  schema: z.object({
    AUTH_SECRET: z.string().optional(),
    AUTH_ACCESS_TOKEN_MINUTES: wholeNumber(1, 60).optional(),
    AUTH_SESSION_DAYS: wholeNumber(1, 365).optional(),
    AUTH_SESSION_IDLE_DAYS: wholeNumber(1, 365).optional(),
  }),
  problems: (env, context) => secretProblems('AUTH_SECRET', env.AUTH_SECRET, context),
  toConfig: (env, context, warn): { auth: AuthConfig } => ({
    auth: {
      secret: secretOrRandom(
        env.AUTH_SECRET,
        warn,
        'AUTH_SECRET is not set: using a random secret for this process (everyone is signed out when it restarts).',
      ),
      issuer: context.publicUrl,
      audience: `${context.publicUrl}/api`,
      accessTokenTtlSeconds: (env.AUTH_ACCESS_TOKEN_MINUTES ?? 15) * 60,
      sessionTtlSeconds: (env.AUTH_SESSION_DAYS ?? 30) * 86_400,
      sessionIdleSeconds: (env.AUTH_SESSION_IDLE_DAYS ?? 7) * 86_400,
    },
  }),
});
