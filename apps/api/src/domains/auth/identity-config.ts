import { z } from 'zod';
import { configModule } from '../../env/config-module.ts';
import { commaListSchema, httpsUrlSchema, httpUrlSchema } from '../../env/variables.ts';

/**
 * The external identity service (Google, Microsoft, Apple through MSAL), or null when only
 * first-party sign-in is offered. `sandbox` is packages/sandbox's OpenID Connect provider, mounted
 * by the API under /sandbox/oidc.
 */
export interface IdentityConfig {
  mode: 'sandbox' | 'aad' | 'oidc';
  /** Expected `iss` of its access tokens. */
  issuer: string;
  /** Expected `aud` of its access tokens (the API's application id or resource). */
  audience: string;
  /** Where its signing keys are; null: discovered from `${issuer}/.well-known/openid-configuration`. */
  jwksUri: string | null;
  /** Accepted signature algorithms (asymmetric only). */
  algorithms: string[];
  /** The SPA's MSAL settings. */
  clientId: string;
  authority: string;
  resetPasswordAuthority: string | null;
  knownAuthorities: string[];
  scopes: string[];
  /** Whether the provider's `email` claim is trusted as verified when it has no email_verified claim (B2C). */
  trustEmailClaim: boolean;
}

/** The sandbox provider's fixed coordinates: packages/sandbox serves it under this path. */
export const sandboxIdentityPath = '/sandbox/oidc';
export const sandboxIdentityClientId = 'studio-web';
export const sandboxIdentityScope = 'api.access';

/** Asymmetric only: an HMAC algorithm would let anyone holding the public key forge tokens. */
const asymmetricAlgorithms = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];

const schema = z.object({
  IDENTITY_PROVIDER: z
    .enum(['sandbox', 'aad', 'oidc', 'none'], { error: 'must be sandbox, aad, oidc or none' })
    .optional(),
  IDENTITY_CLIENT_ID: z.string().optional(),
  IDENTITY_AUTHORITY: httpsUrlSchema.optional(),
  IDENTITY_RESET_PASSWORD_AUTHORITY: httpsUrlSchema.optional(),
  IDENTITY_KNOWN_AUTHORITIES: commaListSchema.optional(),
  IDENTITY_SCOPES: z
    .string()
    .transform((value) => value.split(/[\s,]+/).filter(Boolean))
    .optional(),
  IDENTITY_ISSUER: httpUrlSchema.optional(),
  IDENTITY_AUDIENCE: z.string().optional(),
  IDENTITY_JWKS_URI: httpUrlSchema.optional(),
  IDENTITY_ALGORITHMS: commaListSchema
    .refine(
      (algorithms) => algorithms.every((alg) => asymmetricAlgorithms.includes(alg)),
      `must be a comma list of ${asymmetricAlgorithms.join(', ')}`,
    )
    .optional(),
  IDENTITY_TRUST_EMAIL_CLAIM: z.enum(['true', 'false']).optional(),
});
type IdentityEnv = z.output<typeof schema>;

/** aad and oidc need the provider's coordinates; sandbox and none need nothing. */
function coordinateProblems(env: IdentityEnv): string[] {
  const mode = env.IDENTITY_PROVIDER;
  if (mode !== 'aad' && mode !== 'oidc') return [];
  const required = [
    ['IDENTITY_CLIENT_ID', env.IDENTITY_CLIENT_ID],
    ['IDENTITY_AUTHORITY', env.IDENTITY_AUTHORITY],
    ['IDENTITY_SCOPES', env.IDENTITY_SCOPES],
    ['IDENTITY_ISSUER', env.IDENTITY_ISSUER],
    ['IDENTITY_AUDIENCE', env.IDENTITY_AUDIENCE],
  ] as const;
  const problems = required
    .filter(([, value]) => value === undefined)
    .map(([name]) => `${name}: is required when IDENTITY_PROVIDER=${mode}`);
  if (mode === 'aad' && env.IDENTITY_AUTHORITY !== undefined) {
    // B2C: https://<tenant>.b2clogin.com/<tenant>.onmicrosoft.com/<policy>; External ID: *.ciamlogin.com.
    const url = new URL(env.IDENTITY_AUTHORITY);
    const segments = url.pathname.split('/').filter(Boolean);
    const b2c = url.hostname.endsWith('.b2clogin.com') && segments.length >= 2;
    const externalId = url.hostname.endsWith('.ciamlogin.com') && segments.length >= 1;
    if (!b2c && !externalId && url.hostname !== 'login.microsoftonline.com') {
      problems.push(
        'IDENTITY_AUTHORITY: for aad, must be https://<tenant>.b2clogin.com/<tenant>.onmicrosoft.com/<policy>, https://<tenant>.ciamlogin.com/<tenant id> or https://login.microsoftonline.com/<tenant>',
      );
    }
  }
  return problems;
}

function sandboxIdentity(publicUrl: string): IdentityConfig {
  const issuer = `${publicUrl}${sandboxIdentityPath}`;
  return {
    mode: 'sandbox',
    issuer,
    audience: `${publicUrl}/api`,
    jwksUri: `${issuer}/jwks`,
    algorithms: ['RS256'],
    clientId: sandboxIdentityClientId,
    // MSAL insists on an https authority; it is never contacted because the SPA is handed the
    // provider's metadata (identity.md, way (b)). The host keeps the port MSAL compares with.
    authority: `https://${new URL(publicUrl).host}${sandboxIdentityPath}`,
    resetPasswordAuthority: null,
    knownAuthorities: [new URL(publicUrl).host],
    scopes: [sandboxIdentityScope],
    trustEmailClaim: false,
  };
}

export const identityConfigModule = configModule({
  schema,
  problems: (env, context) => [
    ...(env.IDENTITY_PROVIDER === 'sandbox' &&
    context.production &&
    !context.allowSandboxInProduction
      ? [
          'IDENTITY_PROVIDER: the sandbox identity provider lets anyone sign in as a test identity; it is refused when NODE_ENV=production (use aad, oidc or none; end-to-end test rigs may set ALLOW_SANDBOX_IN_PRODUCTION=true)',
        ]
      : []),
    ...coordinateProblems(env),
  ],
  toConfig: (env, context, warn): { identity: IdentityConfig | null } => {
    const mode = env.IDENTITY_PROVIDER ?? (context.production ? 'none' : 'sandbox');
    if (mode === 'none') return { identity: null };
    if (mode === 'sandbox') {
      if (context.production) {
        warn(
          'IDENTITY_PROVIDER=sandbox in production (ALLOW_SANDBOX_IN_PRODUCTION=true): anyone can sign in as a sandbox test identity. Never do this on a public server.',
        );
      }
      return { identity: sandboxIdentity(context.publicUrl) };
    }
    // coordinateProblems() has made sure these are present.
    const required = (value: string | undefined) => value ?? '';
    return {
      identity: {
        mode,
        issuer: required(env.IDENTITY_ISSUER),
        audience: required(env.IDENTITY_AUDIENCE),
        jwksUri: env.IDENTITY_JWKS_URI ?? null,
        algorithms: env.IDENTITY_ALGORITHMS ?? ['RS256'],
        clientId: required(env.IDENTITY_CLIENT_ID),
        authority: required(env.IDENTITY_AUTHORITY),
        resetPasswordAuthority: env.IDENTITY_RESET_PASSWORD_AUTHORITY ?? null,
        knownAuthorities: env.IDENTITY_KNOWN_AUTHORITIES ?? [
          new URL(required(env.IDENTITY_AUTHORITY)).host,
        ],
        scopes: env.IDENTITY_SCOPES ?? [],
        trustEmailClaim: env.IDENTITY_TRUST_EMAIL_CLAIM === 'true',
      },
    };
  },
});
