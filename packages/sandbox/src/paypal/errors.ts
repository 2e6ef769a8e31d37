import { randomBytes } from 'node:crypto';
import { jsonResponse, type SandboxResponse } from '../exchange.ts';

/**
 * PayPal's REST error body: {name, message, debug_id, details: [{field?, value?, location?,
 * issue, description}], links}. Clients branch on details[].issue, so those are exact.
 */

export interface ErrorDetail {
  issue: string;
  description: string;
  field?: string;
  value?: string;
  location?: 'body' | 'path' | 'header' | 'query';
}

export interface Link {
  href: string;
  rel: string;
  method: string;
}

export function debugId(): string {
  return randomBytes(7).toString('hex');
}

export function paypalError(
  status: number,
  name: string,
  message: string,
  details: ErrorDetail[] = [],
  links: Link[] = [],
): SandboxResponse {
  return jsonResponse(status, {
    name,
    message,
    debug_id: debugId(),
    ...(details.length ? { details } : {}),
    links: [
      ...links,
      {
        href: `https://developer.paypal.com/docs/api/orders/v2/#error-${details[0]?.issue ?? name}`,
        rel: 'information_link',
        method: 'GET',
      },
    ],
  });
}

export const invalidRequest = (details: ErrorDetail[]) =>
  paypalError(
    400,
    'INVALID_REQUEST',
    'Request is not well-formed, syntactically incorrect, or violates schema.',
    details,
  );

export const unprocessable = (details: ErrorDetail[], links: Link[] = []) =>
  paypalError(
    422,
    'UNPROCESSABLE_ENTITY',
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
    details,
    links,
  );

export const resourceNotFound = (field: string, value: string) =>
  paypalError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [
    {
      field,
      value,
      location: 'path',
      issue: 'INVALID_RESOURCE_ID',
      description:
        'Specified resource ID does not exist. Please check the resource ID and try again.',
    },
  ]);

export const authenticationFailure = (
  issue: 'INVALID_TOKEN' | 'TOKEN_EXPIRED' | 'MISSING_AUTHORIZATION',
) =>
  paypalError(
    401,
    'AUTHENTICATION_FAILURE',
    'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
    [
      {
        issue,
        description:
          issue === 'TOKEN_EXPIRED'
            ? 'The access token has expired.'
            : issue === 'MISSING_AUTHORIZATION'
              ? 'The Authorization header is missing.'
              : 'The access token is invalid.',
      },
    ],
  );

export const malformedJson = () =>
  invalidRequest([
    {
      location: 'body',
      issue: 'MALFORMED_REQUEST_JSON',
      description: 'The request JSON is not well formed.',
    },
  ]);
