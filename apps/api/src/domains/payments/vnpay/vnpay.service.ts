import { createHash, randomBytes } from 'node:crypto';
import type { LanguageCode, PlanType } from '@studio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../../http/errors.ts';
import type { PaymentApplier } from '../apply-result.ts';
import { isFinal, type PaymentRow } from '../payment.ts';
import type { VnpayConfig } from '../payments-config.ts';
import type { PaymentsRepository } from '../payments.repository.ts';
import type { PaymentStarter, StartedPayment } from '../start-payment.ts';
import { formatGmt7 } from './gmt7.ts';
import { customerIp } from './ip.ts';
import { orderInfoFor } from './order-info.ts';
import { createQuerydrClient, type FetchFunction } from './querydr-client.ts';
import { resultOf, resultOfQuery } from './results.ts';
import { signData, signParams, verifyParams } from './signing.ts';

/** The IPN answers, exactly as VNPay's demos word them (payments.md §1.6). */
export const ipnAnswers = {
  confirmed: { RspCode: '00', Message: 'Confirm Success' },
  alreadyConfirmed: { RspCode: '02', Message: 'Order already confirmed' },
  notFound: { RspCode: '01', Message: 'Order not found' },
  invalidAmount: { RspCode: '04', Message: 'invalid amount' },
  invalidSignature: { RspCode: '97', Message: 'Invalid signature' },
  missingInput: { RspCode: '99', Message: 'Input data required' },
  unknownError: { RspCode: '99', Message: 'Unknow error' },
} as const;
export type IpnAnswer = (typeof ipnAnswers)[keyof typeof ipnAnswers];

export const vnpayTexts = {
  invalidSignature: 'Invalid payment signature',
  notFound: 'Payment not found',
} as const;

const requiredIpnParams = [
  'vnp_TmnCode',
  'vnp_Amount',
  'vnp_TxnRef',
  'vnp_ResponseCode',
  'vnp_TransactionStatus',
  'vnp_SecureHash',
] as const;

/** querydr for one payment at most this often from the status endpoint (VNPay answers 94 otherwise). */
const minQueryIntervalMs = 5_000;
/** querydr's vnp_IpAddr is the calling server's address; VNPay does not check it against anything. */
const serverIp = '127.0.0.1';

function dedupeKey(params: Readonly<Record<string, string>>): string {
  const parts = ['vnp_TxnRef', 'vnp_TransactionNo', 'vnp_ResponseCode', 'vnp_TransactionStatus'];
  return `vnpay:${createHash('sha256')
    .update(parts.map((name) => params[name] ?? '').join('|'))
    .digest('hex')}`;
}

function localeFor(language: LanguageCode | undefined, fallback: 'vn' | 'en'): 'vn' | 'en' {
  if (language === 'vi') return 'vn';
  if (language === 'en') return 'en';
  return fallback;
}

/**
 * VNPay 2.1.0 (payments.md §1): the signed payment URL, the IPN (authoritative), the return
 * (verified, then confirmed with querydr server to server before anything is applied), and
 * querydr for the status endpoint and the reconciliation job.
 */
export function createVnpayService(deps: {
  config: VnpayConfig;
  publicUrl: string;
  starter: PaymentStarter;
  applier: PaymentApplier;
  repository: PaymentsRepository;
  fetch?: FetchFunction;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const { config, repository, log } = deps;
  const querydr = createQuerydrClient({
    apiUrl: config.apiUrl,
    tmnCode: config.tmnCode,
    hashSecret: config.hashSecret,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    now: deps.now,
  });
  const lastQueried = new Map<string, number>();

  function paymentUrlFor(payment: PaymentRow, ip: string, language: LanguageCode | undefined) {
    const created = deps.now();
    const createDate = formatGmt7(created);
    const params: Record<string, string> = {
      vnp_Version: '2.1.0',
      vnp_Command: 'pay',
      vnp_TmnCode: config.tmnCode,
      // ×100, digits only; VND has no minor unit so it always ends in 00.
      vnp_Amount: String(payment.amountMinor * 100),
      vnp_CurrCode: 'VND',
      vnp_TxnRef: payment.txnRef,
      vnp_OrderInfo: orderInfoFor(payment.planType, payment.txnRef),
      vnp_OrderType: 'other',
      vnp_Locale: localeFor(language, config.locale),
      // Always our own callback page: a client-chosen URL would be an open redirect.
      vnp_ReturnUrl: `${deps.publicUrl}/payment/callback?provider=vnpay`,
      vnp_IpAddr: customerIp(ip),
      vnp_CreateDate: createDate,
      // The payment's own end (paymentWindowMs): VNPay refuses it after that, and so do we.
      vnp_ExpireDate: formatGmt7(payment.expiresAt),
    };
    const hash = signParams(params, config.hashSecret);
    return {
      redirectUrl: `${config.paymentUrl}?${signData(params)}&vnp_SecureHash=${hash}`,
      vnpCreateDate: createDate,
    };
  }

  async function recordEvent(
    payment: PaymentRow | null,
    source: 'ipn' | 'return' | 'query',
    params: Record<string, string>,
    signatureOk: boolean,
    outcome: string,
  ) {
    // A forged message must not occupy the key the genuine one would get: it gets its own.
    const key = signatureOk
      ? `${source}:${dedupeKey(params)}`
      : `${source}:unverified:${randomBytes(12).toString('hex')}`;
    const payload = Object.fromEntries(
      Object.entries(params).filter(([name]) => name !== 'vnp_SecureHash'),
    );
    await repository.recordEvent({
      paymentId: payment?.id ?? null,
      provider: 'vnpay',
      source,
      dedupeKey: key,
      signatureOk,
      payload,
      outcome,
      receivedAt: deps.now(),
    });
  }

  /** Asks VNPay how an open payment stands and applies its (verified) answer. */
  async function refresh(payment: PaymentRow): Promise<PaymentRow> {
    if (
      payment.provider !== 'vnpay' ||
      isFinal(payment.status) ||
      payment.status === 'needs_review'
    ) {
      return payment;
    }
    if (payment.vnpCreateDate === null) return payment;
    const queriedAt = deps.now().getTime();
    if (lastQueried.size > 10_000) {
      // Only the last few seconds matter for pacing: forget the rest rather than grow forever.
      for (const [id, at] of lastQueried)
        if (queriedAt - at > minQueryIntervalMs) lastQueried.delete(id);
    }
    lastQueried.set(payment.id, queriedAt);
    const answer = await querydr.query({
      txnRef: payment.txnRef,
      transactionDate: payment.vnpCreateDate,
      serverIp,
      orderInfo: `Query ${payment.txnRef}`,
    });
    if (!answer.found) return payment;
    const result = resultOfQuery(answer.params, deps.now());
    const outcome = await deps.applier.applyResult(payment.id, result);
    await recordEvent(payment, 'query', answer.params, true, result.kind);
    return outcome.payment;
  }

  return {
    async create(input: {
      userId: string;
      planType: PlanType;
      amount: number;
      currency: string;
      clientTransactionId?: string;
      description: string;
      ip: string;
      language?: LanguageCode;
    }): Promise<StartedPayment> {
      return deps.starter.start(
        {
          userId: input.userId,
          provider: 'vnpay',
          planType: input.planType,
          amount: input.amount,
          currency: input.currency,
          ...(input.clientTransactionId === undefined
            ? {}
            : { clientTransactionId: input.clientTransactionId }),
          description: input.description,
          ip: input.ip,
        },
        async (payment) => paymentUrlFor(payment, input.ip, input.language),
      );
    },

    /** The IPN, in the strict order of payments.md §1.6. Never throws: 99 makes VNPay retry. */
    async handleIpn(query: Readonly<Record<string, unknown>>): Promise<IpnAnswer> {
      try {
        log.info(
          { event: 'vnpay_ipn', query: { ...query, vnp_SecureHash: undefined } },
          'VNPay IPN',
        );
        if (requiredIpnParams.some((name) => query[name] === undefined || query[name] === '')) {
          return ipnAnswers.missingInput;
        }
        const verified = verifyParams(query, config.hashSecret);
        if (!verified.ok) {
          log.warn({ event: 'vnpay_ipn_refused', problem: verified.problem }, 'VNPay IPN refused');
          return ipnAnswers.invalidSignature;
        }
        const params = verified.params;
        if (params['vnp_TmnCode'] !== config.tmnCode) {
          log.warn(
            { event: 'vnpay_ipn_refused', problem: 'tmn_code' },
            'VNPay IPN for another terminal',
          );
          return ipnAnswers.invalidSignature;
        }
        const payment = await repository.findByTxnRef(params['vnp_TxnRef'] ?? '');
        if (payment === null || payment.provider !== 'vnpay') {
          await recordEvent(null, 'ipn', params, true, 'not_found');
          return ipnAnswers.notFound;
        }
        if (params['vnp_Amount'] !== String(payment.amountMinor * 100)) {
          log.error(
            {
              event: 'payment_amount_mismatch',
              alert: true,
              paymentId: payment.id,
              expected: String(payment.amountMinor * 100),
              received: params['vnp_Amount'],
            },
            'ALERT: VNPay IPN with a different amount; nothing changed',
          );
          await recordEvent(payment, 'ipn', params, true, 'amount_mismatch');
          return ipnAnswers.invalidAmount;
        }
        const result = resultOf(params, deps.now());
        // Late money for an attempt closed here (expired, or cancelled by its owner while VNPay's
        // page stayed open) still reaches the applier: granted or held for review (§3.5), never
        // dropped. Anything else final is done.
        const lateSuccess =
          (payment.status === 'expired' || payment.status === 'cancelled') &&
          result.kind === 'succeeded';
        if ((isFinal(payment.status) || payment.status === 'needs_review') && !lateSuccess) {
          await recordEvent(payment, 'ipn', params, true, 'already_final');
          return ipnAnswers.alreadyConfirmed;
        }
        const outcome = await deps.applier.applyResult(payment.id, result);
        await recordEvent(
          payment,
          'ipn',
          params,
          true,
          outcome.changed ? result.kind : 'unchanged',
        );
        if (outcome.mismatch) return ipnAnswers.invalidAmount;
        // Another path (the return's querydr) settled it between our read and our update.
        if (!outcome.changed && isFinal(outcome.payment.status)) return ipnAnswers.alreadyConfirmed;
        return ipnAnswers.confirmed;
      } catch (error) {
        log.error({ err: error, event: 'vnpay_ipn_failed' }, 'VNPay IPN failed; VNPay will retry');
        return ipnAnswers.unknownError;
      }
    },

    /**
     * The browser's return: the parameters must carry a valid checksum and name the caller's
     * payment; they are never applied themselves. A payment still open is confirmed with
     * querydr (server to server), and that answer is applied.
     */
    async callback(userId: string, body: Readonly<Record<string, unknown>>): Promise<PaymentRow> {
      const verified = verifyParams(body, config.hashSecret);
      if (!verified.ok || verified.params['vnp_TmnCode'] !== config.tmnCode) {
        throw new HttpError(400, vnpayTexts.invalidSignature);
      }
      const params = verified.params;
      const payment = await repository.findByTxnRefForUser(params['vnp_TxnRef'] ?? '', userId);
      if (payment === null || payment.provider !== 'vnpay') {
        throw new HttpError(404, vnpayTexts.notFound);
      }
      await recordEvent(payment, 'return', params, true, resultOf(params, deps.now()).kind);
      if (isFinal(payment.status) || payment.status === 'needs_review') return payment;
      try {
        return await refresh(payment);
      } catch (error) {
        // The IPN stays authoritative; the page shows pending and polls the status.
        log.warn({ err: error, paymentId: payment.id }, 'VNPay querydr failed after the return');
        return payment;
      }
    },

    /**
     * For the status endpoint: an open payment older than a few seconds is confirmed with
     * querydr, at most every few seconds per payment.
     */
    async refreshIfDue(payment: PaymentRow, olderThanMs = 10_000): Promise<PaymentRow> {
      const now = deps.now().getTime();
      if (payment.status !== 'pending' || payment.provider !== 'vnpay') return payment;
      if (now - payment.createdAt.getTime() < olderThanMs) return payment;
      if (now - (lastQueried.get(payment.id) ?? 0) < minQueryIntervalMs) return payment;
      try {
        return await refresh(payment);
      } catch (error) {
        log.warn({ err: error, paymentId: payment.id }, 'VNPay querydr failed');
        return payment;
      }
    },

    /** The reconciliation job's resolver: throws when VNPay cannot be asked. */
    refresh,
  };
}

export type VnpayService = ReturnType<typeof createVnpayService>;
