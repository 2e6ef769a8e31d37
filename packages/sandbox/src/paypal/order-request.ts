import type { SandboxResponse } from '../exchange.ts';
import { type ErrorDetail, invalidRequest, unprocessable } from './errors.ts';

/**
 * The create-order body checks (payments.md §2.3, the spec's order_request schema): well-formed
 * problems are 400 INVALID_REQUEST, business ones 422 UNPROCESSABLE_ENTITY, each with PayPal's
 * issue name.
 */

export interface Money {
  currency_code: string;
  value: string;
}

export interface PurchaseUnitRequest {
  reference_id?: string;
  description?: string;
  custom_id?: string;
  invoice_id?: string;
  soft_descriptor?: string;
  amount: Money;
}

export interface ExperienceContext {
  return_url?: string;
  cancel_url?: string;
  brand_name?: string;
  locale?: string;
  shipping_preference?: string;
  user_action?: string;
  landing_page?: string;
  payment_method_preference?: string;
}

export interface OrderDraft {
  intent: 'CAPTURE' | 'AUTHORIZE';
  purchaseUnits: PurchaseUnitRequest[];
  /** payment_source.paypal.experience_context (modern) or application_context (legacy). */
  experience: ExperienceContext;
  legacyContext: boolean;
}

/** PayPal's REST currencies (§2.10); VND is not one of them. */
const currencyDecimals: Readonly<Record<string, number>> = {
  AUD: 2,
  BRL: 2,
  CAD: 2,
  CNY: 2,
  CZK: 2,
  DKK: 2,
  EUR: 2,
  HKD: 2,
  HUF: 0,
  ILS: 2,
  INR: 2,
  JPY: 0,
  MYR: 2,
  MXN: 2,
  NOK: 2,
  NZD: 2,
  PHP: 2,
  PLN: 2,
  GBP: 2,
  SGD: 2,
  SEK: 2,
  CHF: 2,
  TWD: 0,
  THB: 2,
  USD: 2,
};

const valuePattern = /^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$/;

const maxLengths: Readonly<Record<string, number>> = {
  reference_id: 256,
  description: 127,
  custom_id: 127,
  invoice_id: 127,
  soft_descriptor: 22,
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function missing(field: string): ErrorDetail {
  return {
    field,
    location: 'body',
    issue: 'MISSING_REQUIRED_PARAMETER',
    description: 'A required field / parameter is missing.',
  };
}

function invalidValue(field: string, value: unknown, description: string): ErrorDetail {
  return {
    field,
    value: typeof value === 'string' ? value : JSON.stringify(value),
    location: 'body',
    issue: 'INVALID_PARAMETER_VALUE',
    description,
  };
}

function urlOrNull(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? value : null;
  } catch {
    return null;
  }
}

function experienceOf(body: Record<string, unknown>): {
  context: ExperienceContext;
  legacy: boolean;
  problem: ErrorDetail | null;
} {
  const paypal = isRecord(body.payment_source) ? body.payment_source.paypal : undefined;
  const modern = isRecord(paypal) ? paypal.experience_context : undefined;
  const source = isRecord(modern)
    ? modern
    : isRecord(body.application_context)
      ? body.application_context
      : {};
  const legacy = !isRecord(modern) && isRecord(body.application_context);
  const prefix = legacy ? '/application_context' : '/payment_source/paypal/experience_context';
  const context: ExperienceContext = {};
  for (const key of ['return_url', 'cancel_url'] as const) {
    if (source[key] === undefined) continue;
    const url = urlOrNull(source[key]);
    if (!url)
      return {
        context,
        legacy,
        problem: invalidValue(
          `${prefix}/${key}`,
          source[key],
          'The value of a field is invalid: a URL is expected.',
        ),
      };
    context[key] = url;
  }
  for (const key of [
    'brand_name',
    'locale',
    'shipping_preference',
    'user_action',
    'landing_page',
    'payment_method_preference',
  ] as const) {
    const value = source[key];
    if (typeof value === 'string') context[key] = value;
  }
  return { context, legacy, problem: null };
}

function checkAmount(amount: unknown, path: string): SandboxResponse | null {
  if (!isRecord(amount)) return invalidRequest([missing(`${path}/amount`)]);
  const { currency_code: currency, value } = amount;
  if (typeof currency !== 'string')
    return invalidRequest([missing(`${path}/amount/currency_code`)]);
  if (typeof value !== 'string') return invalidRequest([missing(`${path}/amount/value`)]);
  if (value.length > 32 || !valuePattern.test(value)) {
    return invalidRequest([
      invalidValue(
        `${path}/amount/value`,
        value,
        'The value of a field does not conform to the expected format.',
      ),
    ]);
  }
  const decimals = currencyDecimals[currency];
  if (!/^[A-Z]{3}$/.test(currency) || decimals === undefined) {
    return unprocessable([
      {
        field: `${path}/amount/currency_code`,
        value: currency,
        location: 'body',
        issue: 'INVALID_CURRENCY_CODE',
        description:
          'Currency code is invalid or is not currently supported. Please refer https://developer.paypal.com/api/rest/reference/currency-codes/ for list of supported currency codes.',
      },
    ]);
  }
  const fraction = value.split('.')[1] ?? '';
  if (fraction.length > decimals) {
    return unprocessable([
      {
        field: `${path}/amount/value`,
        value,
        location: 'body',
        issue: 'DECIMAL_PRECISION',
        description:
          'If the currency supports decimals, only two decimal place precision is supported.',
      },
    ]);
  }
  if (Number(value) <= 0) {
    return unprocessable([
      {
        field: `${path}/amount/value`,
        value,
        location: 'body',
        issue: 'CANNOT_BE_ZERO_OR_NEGATIVE',
        description:
          'Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported.',
      },
    ]);
  }
  return null;
}

function checkUnit(unit: unknown, index: number): SandboxResponse | PurchaseUnitRequest {
  const path = `/purchase_units/@reference_id=='${isRecord(unit) && typeof unit.reference_id === 'string' ? unit.reference_id : 'default'}'`;
  if (!isRecord(unit))
    return invalidRequest([
      invalidValue(`/purchase_units/${index}`, unit, 'A purchase unit must be an object.'),
    ]);
  const amountProblem = checkAmount(unit.amount, path);
  if (amountProblem) return amountProblem;
  const result: PurchaseUnitRequest = { amount: { ...(unit.amount as Money) } };
  for (const [field, max] of Object.entries(maxLengths)) {
    const value = unit[field];
    if (value === undefined) continue;
    if (typeof value !== 'string') {
      return invalidRequest([invalidValue(`${path}/${field}`, value, 'A string is expected.')]);
    }
    if (value.length > max) {
      return invalidRequest([
        {
          field: `${path}/${field}`,
          value,
          location: 'body',
          issue: 'INVALID_STRING_MAX_LENGTH',
          description: `The value of a field is too long. Maximum length is ${max}.`,
        },
      ]);
    }
    result[field as keyof Omit<PurchaseUnitRequest, 'amount'>] = value;
  }
  return result;
}

export function checkOrderRequest(rawBody: string): SandboxResponse | OrderDraft {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return invalidRequest([
      {
        location: 'body',
        issue: 'MALFORMED_REQUEST_JSON',
        description: 'The request JSON is not well formed.',
      },
    ]);
  }
  if (!isRecord(body)) {
    return invalidRequest([
      {
        location: 'body',
        issue: 'MALFORMED_REQUEST_JSON',
        description: 'The request JSON is not well formed.',
      },
    ]);
  }
  if (body.intent === undefined) return invalidRequest([missing('/intent')]);
  if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE') {
    return invalidRequest([
      invalidValue('/intent', body.intent, 'The value of a field is invalid.'),
    ]);
  }
  const units = body.purchase_units;
  if (!Array.isArray(units) || units.length === 0)
    return invalidRequest([missing('/purchase_units')]);
  if (units.length > 10) {
    return invalidRequest([
      {
        field: '/purchase_units',
        location: 'body',
        issue: 'INVALID_ARRAY_MAX_ITEMS',
        description: 'The number of items in an array parameter is too large.',
      },
    ]);
  }
  const purchaseUnits: PurchaseUnitRequest[] = [];
  for (const [index, unit] of units.entries()) {
    const checked = checkUnit(unit, index);
    if ('status' in checked) return checked;
    purchaseUnits.push(checked);
  }
  const experience = experienceOf(body);
  if (experience.problem) return invalidRequest([experience.problem]);
  return {
    intent: body.intent,
    purchaseUnits,
    experience: experience.context,
    legacyContext: experience.legacy,
  };
}
