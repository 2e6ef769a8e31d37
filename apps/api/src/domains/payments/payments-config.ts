import { createHmac, randomBytes } from 'node:crypto';
import { paymentCurrencies } from '@studio/contracts';
import { z } from 'zod';
import { type ConfigContext, type Parsed, parsedConfigModule } from '../../env/config-module.ts';
import { httpsUrlSchema, wholeNumber } from '../../env/variables.ts';
import { type CatalogueSettings, catalogueItems, fallbackCatalogue } from '../billing/catalogue.ts';
import { isWholeMinor, toMinor } from '../billing/money.ts';

/**
 * Plans and payments configuration: the price catalogue and the two providers' credentials.
 * This module checks the variables, decides each provider's mode and says what is wrong, all
 * at once. In sandbox mode the merchant secrets are
 * random per process: they exist only inside this server and its embedded emulators.
 */

export type ProviderKind = 'real' | 'sandbox' | 'off';
export const paymentsModes = ['auto', 'sandbox', 'off'] as const;
export type PaymentsMode = (typeof paymentsModes)[number];

export interface VnpayConfig {
  kind: ProviderKind;
  tmnCode: string;
  hashSecret: string;
  /** The payment page (browser redirect). */
  paymentUrl: string;
  /** querydr / refund (server to server). */
  apiUrl: string;
  /** Default vnp_Locale when the user's language says nothing better. */
  locale: 'vn' | 'en';
}

export interface PaypalConfig {
  kind: ProviderKind;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  apiBase: string;
  brandName: string;
}

export interface PaymentsConfig {
  catalogue: CatalogueSettings;
  mode: PaymentsMode;
  vnpay: VnpayConfig;
  paypal: PaypalConfig;
  reconcileIntervalSeconds: number;
  pendingQueryAfterSeconds: number;
}

const schema = z.object({
  // Checked in depth by parseCatalogue (JSON, decimals).
  PRICING_CATALOG: z.string().optional(),
  PAYMENTS_PROVIDER_MODE: z
    .enum(paymentsModes, { error: `must be one of ${paymentsModes.join(', ')}` })
    .optional(),
  VNPAY_TMN_CODE: z
    .string()
    .regex(/^[A-Za-z0-9]{8}$/, 'must be the 8-character terminal code VNPay issued')
    .optional(),
  VNPAY_HASH_SECRET: z.string().min(8, 'must be the hash secret VNPay issued').optional(),
  VNPAY_PAYMENT_URL: httpsUrlSchema.optional(),
  VNPAY_API_URL: httpsUrlSchema.optional(),
  VNPAY_LOCALE: z.enum(['vn', 'en'], { error: 'must be vn or en' }).optional(),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  PAYPAL_API_BASE: httpsUrlSchema.optional(),
  PAYPAL_BRAND_NAME: z.string().min(1).max(127).optional(),
  PAYMENTS_RECONCILE_INTERVAL_SECONDS: wholeNumber(0, 86_400).optional(),
  PAYMENTS_PENDING_QUERY_AFTER_SECONDS: wholeNumber(10, 86_400).optional(),
  // The auth module's (checked there): the embedded sandboxes' secrets are derived from it.
  AUTH_SECRET: z.string().optional(),
});
type PaymentsEnv = z.output<typeof schema>;

/** Where the API mounts the embedded emulators (packages/sandbox). */
export const sandboxVnpayPath = '/sandbox/vnpay';
export const sandboxPaypalPath = '/sandbox/paypal';

export const vnpayDefaults = {
  paymentUrl: 'https://sandbox.vnpayment.vn/paymentv2/vpcpay.html',
  apiUrl: 'https://sandbox.vnpayment.vn/merchant_webapi/api/transaction',
};
export const paypalDefaults = {
  apiBase: 'https://api-m.sandbox.paypal.com',
  brandName: 'AI Studio',
};

/** The emulated merchant's terminal code (8 alphanumerics, like a real one). */
export const sandboxTmnCode = 'STUDIO01';

const price = z.number().positive();
const catalogueSchema = z
  .object(
    Object.fromEntries(
      catalogueItems.map((item) => [
        item,
        z.object({ USD: price, VND: price }).strict().optional(),
      ]),
    ),
  )
  .strict();

function parseCatalogue(raw: string | undefined, problems: string[]): CatalogueSettings {
  if (raw === undefined) return fallbackCatalogue;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    problems.push('PRICING_CATALOG: is not valid JSON');
    return fallbackCatalogue;
  }
  const parsed = catalogueSchema.safeParse(json);
  if (!parsed.success) {
    problems.push(
      ...parsed.error.issues.map(
        (issue) =>
          `PRICING_CATALOG${issue.path.length ? `.${issue.path.join('.')}` : ''}: ${issue.message}`,
      ),
    );
    return fallbackCatalogue;
  }
  const catalogue = structuredClone(fallbackCatalogue);
  for (const item of catalogueItems) {
    const prices = parsed.data[item] as { USD: number; VND: number } | undefined;
    if (prices === undefined) continue;
    for (const currency of paymentCurrencies) {
      const amount = prices[currency];
      if (!isWholeMinor(amount, currency)) {
        problems.push(
          `PRICING_CATALOG.${item}.${currency}: ${currency === 'USD' ? 'must have at most 2 decimals' : 'must be a whole number of đồng'}`,
        );
        continue;
      }
      catalogue[item][currency] = toMinor(amount, currency);
    }
  }
  return catalogue;
}

/**
 * Which of real / sandbox / off a provider is, given its credentials (all or none). Without
 * credentials `auto` means the embedded sandbox, except in production, where it means off unless
 * ALLOW_SANDBOX_IN_PRODUCTION=true (like the identity sandbox: never on by accident).
 */
function providerKind(
  mode: PaymentsMode,
  credentials: readonly (readonly [string, string | undefined])[],
  sandboxAllowed: boolean,
  problems: string[],
): ProviderKind {
  if (mode === 'off') return 'off';
  if (mode === 'sandbox') return 'sandbox';
  const present = credentials.filter(([, value]) => value !== undefined);
  if (present.length === 0) return sandboxAllowed ? 'sandbox' : 'off';
  if (present.length < credentials.length) {
    const missing = credentials.filter(([, value]) => value === undefined).map(([name]) => name);
    const given = present.map(([name]) => name);
    problems.push(
      `${missing.join(', ')}: ${missing.length > 1 ? 'are' : 'is'} required when ${given.join(', ')} ${given.length > 1 ? 'are' : 'is'} set (a provider needs all its credentials, or none for the sandbox)`,
    );
  }
  return 'real';
}

const placeholder =
  /changeme|change-me|change_me|replace|placeholder|your[-_]?secret|example|dummy|insecure|xxxx/i;

/**
 * The public URL places the embedded emulators: in sandbox mode the provider URLs point at this
 * server's own /sandbox/vnpay and /sandbox/paypal.
 */
function parsePaymentsConfig(env: PaymentsEnv, context: ConfigContext): Parsed<PaymentsConfig> {
  const problems: string[] = [];
  const warnings: string[] = [];
  const { production, publicUrl } = context;
  const mode = env.PAYMENTS_PROVIDER_MODE ?? 'auto';
  const catalogue = parseCatalogue(env.PRICING_CATALOG, problems);
  const sandboxAllowed = !production || context.allowSandboxInProduction;

  const vnpayKind = providerKind(
    mode,
    [
      ['VNPAY_TMN_CODE', env.VNPAY_TMN_CODE],
      ['VNPAY_HASH_SECRET', env.VNPAY_HASH_SECRET],
    ],
    sandboxAllowed,
    problems,
  );
  const paypalKind = providerKind(
    mode,
    [
      ['PAYPAL_CLIENT_ID', env.PAYPAL_CLIENT_ID],
      ['PAYPAL_CLIENT_SECRET', env.PAYPAL_CLIENT_SECRET],
      ['PAYPAL_WEBHOOK_ID', env.PAYPAL_WEBHOOK_ID],
    ],
    sandboxAllowed,
    problems,
  );

  if (production) {
    for (const [name, value] of [
      ['VNPAY_HASH_SECRET', env.VNPAY_HASH_SECRET],
      ['PAYPAL_CLIENT_SECRET', env.PAYPAL_CLIENT_SECRET],
    ] as const) {
      if (value !== undefined && placeholder.test(value)) {
        problems.push(`${name}: looks like a placeholder; use the secret your provider issued`);
      }
    }
    const sandboxed = [
      ...(vnpayKind === 'sandbox' ? ['VNPay'] : []),
      ...(paypalKind === 'sandbox' ? ['PayPal'] : []),
    ];
    if (sandboxed.length > 0 && sandboxAllowed) {
      warnings.push(
        `Payments: ${sandboxed.join(' and ')} use the embedded sandbox in production (ALLOW_SANDBOX_IN_PRODUCTION=true): anyone can "pay" with test money and get Pro. Never do this on a public server.`,
      );
    } else if (sandboxed.length > 0) {
      problems.push(
        "PAYMENTS_PROVIDER_MODE: sandbox hands out Pro for test money; it is refused when NODE_ENV=production (configure the providers' credentials, or for end-to-end test rigs set ALLOW_SANDBOX_IN_PRODUCTION=true)",
      );
    }
    const off = [
      ...(vnpayKind === 'off' ? ['VNPay'] : []),
      ...(paypalKind === 'off' ? ['PayPal'] : []),
    ];
    if (off.length > 0 && mode !== 'off') {
      warnings.push(
        `Payments: ${off.join(' and ')} ${off.length > 1 ? 'are' : 'is'} off (no merchant credentials); set VNPAY_* / PAYPAL_* to take payments.`,
      );
    }
  }

  // Sandbox secrets: never a fixed key. Derived from AUTH_SECRET, which every process of a
  // deployment shares, since a payment signed by one process is checked by whichever process
  // serves the sandbox's page (with a secret of each process's own, half of them were refused
  // behind a load balancer: "Invalid checksum"); random for a process without one (it is alone).
  const sandboxSecret = (label: 'vnpay' | 'paypal') =>
    env.AUTH_SECRET
      ? createHmac('sha256', env.AUTH_SECRET)
          .update(`payments-sandbox:${label}`)
          .digest('base64url')
      : randomBytes(32).toString('base64url');
  const vnpay: VnpayConfig = {
    kind: vnpayKind,
    tmnCode: vnpayKind === 'real' ? (env.VNPAY_TMN_CODE ?? '') : sandboxTmnCode,
    hashSecret: vnpayKind === 'real' ? (env.VNPAY_HASH_SECRET ?? '') : sandboxSecret('vnpay'),
    paymentUrl:
      vnpayKind === 'sandbox'
        ? `${publicUrl}${sandboxVnpayPath}/paymentv2/vpcpay.html`
        : (env.VNPAY_PAYMENT_URL ?? vnpayDefaults.paymentUrl),
    apiUrl:
      vnpayKind === 'sandbox'
        ? `${publicUrl}${sandboxVnpayPath}/merchant_webapi/api/transaction`
        : (env.VNPAY_API_URL ?? vnpayDefaults.apiUrl),
    locale: env.VNPAY_LOCALE ?? 'vn',
  };
  const paypal: PaypalConfig = {
    kind: paypalKind,
    clientId: paypalKind === 'real' ? (env.PAYPAL_CLIENT_ID ?? '') : 'studio-sandbox-client',
    clientSecret:
      paypalKind === 'real' ? (env.PAYPAL_CLIENT_SECRET ?? '') : sandboxSecret('paypal'),
    webhookId: paypalKind === 'real' ? (env.PAYPAL_WEBHOOK_ID ?? '') : 'studio-sandbox-webhook',
    apiBase:
      paypalKind === 'sandbox'
        ? `${publicUrl}${sandboxPaypalPath}`
        : (env.PAYPAL_API_BASE ?? paypalDefaults.apiBase),
    brandName: env.PAYPAL_BRAND_NAME ?? paypalDefaults.brandName,
  };

  return {
    config: {
      catalogue,
      mode,
      vnpay,
      paypal,
      reconcileIntervalSeconds: env.PAYMENTS_RECONCILE_INTERVAL_SECONDS ?? 300,
      pendingQueryAfterSeconds: env.PAYMENTS_PENDING_QUERY_AFTER_SECONDS ?? 900,
    },
    problems,
    warnings,
  };
}

export const paymentsConfigModule = parsedConfigModule('payments', schema, parsePaymentsConfig);
