import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

/**
 * The embedded payment sandboxes' secrets: the same on every process of one deployment (a VNPay
 * payment signed by one process is checked by whichever serves the sandbox's page), never a
 * fixed key, and another deployment's differ.
 */
describe('the payment sandboxes’ secrets', () => {
  const secretsOf = (env: Record<string, string>) => {
    const { payments } = loadConfig({ NODE_ENV: 'development', ...env });
    expect(payments.vnpay.kind).toBe('sandbox');
    expect(payments.paypal.kind).toBe('sandbox');
    return { vnpay: payments.vnpay.hashSecret, paypal: payments.paypal.clientSecret };
  };

  it('are shared by the processes of a deployment, from its AUTH_SECRET', () => {
    const shared = { AUTH_SECRET: 'one deployment’s secret, 0123456789abcdef' };
    const first = secretsOf(shared);
    expect(secretsOf(shared)).toEqual(first);
    expect(first.vnpay).not.toBe(first.paypal);
    expect(secretsOf({ AUTH_SECRET: 'another deployment’s secret, fedcba98765' })).not.toEqual(
      first,
    );
  });

  it('are random for a process without AUTH_SECRET (it is alone)', () => {
    expect(secretsOf({})).not.toEqual(secretsOf({}));
  });
});
