import { randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  htmlPage,
  inProcessFetchFor,
  jsonResponse,
  nodeHandlerFor,
  redirectResponse,
  type SandboxRequest,
  type SandboxResponse,
  textResponse,
} from '../exchange.ts';
import { formatGmt7 } from './dates.ts';
import { createIpnSender, fetchDeliver, type IpnAttempt, type IpnDeliver } from './ipn.ts';
import { answerMerchantApi } from './merchant-api.ts';
import {
  isVnpayDelivery,
  isVnpayOutcome,
  outcomePresets,
  type VnpayDelivery,
  type VnpayOutcome,
} from './outcomes.ts';
import { errorPage, notFoundPage, paymentPage } from './pages.ts';
import { checkPaymentRequest, type PaymentRequest } from './payment-request.ts';
import { signedVnpayQuery, vnpaySecureHash } from './signature.ts';
import type { VnpayResult, VnpayTransactions } from './transactions.ts';

export type { VnpayDelivery, VnpayOutcome } from './outcomes.ts';

export interface SandboxVnpayOptions {
  /** Where it is mounted, e.g. '/sandbox/vnpay'. */
  basePath: string;
  tmnCode: string;
  hashSecret: string;
  /** Absolute URL the IPN GETs go to. */
  ipnUrl: string;
  /** How an IPN GET is sent (the API passes one that uses Fastify inject); default global fetch. */
  deliver?: IpnDeliver;
  /** Default { tries: 10, delayMs: 300_000 }: VNPay's own policy (§1.6). */
  ipnRetry?: { tries: number; delayMs: number };
  /** For 'ipn_delayed' (default 2000). */
  ipnDelayMs?: number;
  now?: () => Date;
}

export interface SandboxVnpay {
  handler(req: IncomingMessage, res: ServerResponse): void;
  /** In-process fetch for the merchant's server→VNPay calls (querydr/refund), no socket. */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** Every IPN attempt and the merchant's answer, in order (tests assert RspCode sequences). */
  readonly ipnLog: readonly IpnAttempt[];
  /**
   * Does what the payment page's buttons do: checks the payment URL exactly like the page, then
   * runs the outcome and delivery. Resolves with the browser's return URL (where the 302 points)
   * and a promise that settles when every IPN delivery for it is done. Throws on an invalid URL.
   */
  pay(
    paymentUrl: string,
    outcome: VnpayOutcome,
    delivery?: VnpayDelivery,
  ): Promise<{ returnUrl: string; ipnDone: Promise<void> }>;
}

/** 'return_first': the IPN follows the browser's return after this pause. */
const returnFirstIpnDelayMs = 300;
const duplicateIpnCount = 3;
const pagePath = '/paymentv2/vpcpay.html';
const merchantApiPath = '/merchant_webapi/api/transaction';

class PaymentRefused extends Error {
  constructor(
    readonly locale: 'vn' | 'en',
    readonly problem: string,
  ) {
    super(problem);
    this.name = 'PaymentRefused';
  }
}

function withQuery(base: string, query: string): string {
  return `${base}${base.includes('?') ? '&' : '?'}${query}`;
}

function randomDigits(count: number): string {
  // The first digit is never 0 so the number keeps its length as an integer.
  let digits = String(randomInt(1, 10));
  while (digits.length < count) digits += String(randomInt(0, 10));
  return digits;
}

/** A deliberately wrong but well-formed hash: one hex digit changed. */
function corrupted(hash: string): string {
  const first = hash[0] === '0' ? '1' : '0';
  return first + hash.slice(1);
}

export function createSandboxVnpay(options: SandboxVnpayOptions): SandboxVnpay {
  if (!/^[A-Za-z0-9]{8}$/.test(options.tmnCode)) {
    throw new Error('The VNPay sandbox tmnCode must be 8 letters or digits (Alphanumeric[8])');
  }
  if (!options.hashSecret) throw new Error('The VNPay sandbox needs a hashSecret');
  const basePath = options.basePath.replace(/\/+$/, '');
  const now = options.now ?? (() => new Date());
  const ipnDelayMs = options.ipnDelayMs ?? 2000;
  const transactions: VnpayTransactions = new Map();
  const requestIds = new Map<string, Set<string>>();
  const ipn = createIpnSender({
    deliver: options.deliver ?? fetchDeliver,
    retry: options.ipnRetry ?? { tries: 10, delayMs: 300_000 },
    now,
  });

  /** The page's and pay()'s checks: the URL's parameters, and a TxnRef not already paid. */
  function acceptPayment(query: URLSearchParams): PaymentRequest {
    const check = checkPaymentRequest(query, {
      tmnCode: options.tmnCode,
      hashSecret: options.hashSecret,
      now: now(),
    });
    if (!check.ok) throw new PaymentRefused(check.locale, check.problem);
    const known = transactions.get(check.request.txnRef);
    if (known?.result) {
      throw new PaymentRefused(
        check.request.locale,
        'This transaction has already been processed (vnp_TxnRef is already used).',
      );
    }
    if (!known)
      transactions.set(check.request.txnRef, {
        request: check.request,
        result: null,
        refund: null,
      });
    return check.request;
  }

  function resultParams(request: PaymentRequest, result: VnpayResult, outcome: VnpayOutcome) {
    const params: Record<string, string> = {
      vnp_Amount: request.amount,
      vnp_BankCode: result.bankCode,
      vnp_CardType: 'ATM',
      vnp_OrderInfo: request.orderInfo,
      vnp_PayDate: result.payDate,
      vnp_ResponseCode: result.responseCode,
      vnp_TmnCode: request.tmnCode,
      vnp_TransactionNo: result.transactionNo,
      vnp_TransactionStatus: result.transactionStatus,
      vnp_TxnRef: request.txnRef,
    };
    if (outcomePresets[outcome].bankReference) {
      params.vnp_BankTranNo = `VNP${result.transactionNo}`;
    }
    return params;
  }

  function ipnQueryFor(params: Record<string, string>, delivery: VnpayDelivery): string {
    if (delivery === 'ipn_tampered_amount') {
      // Re-signed honestly, so only the merchant's amount check (RspCode 04) can catch it.
      const tampered = {
        ...params,
        vnp_Amount: (BigInt(params.vnp_Amount ?? '0') + 100n).toString(),
      };
      return signedVnpayQuery(tampered, options.hashSecret);
    }
    if (delivery === 'ipn_bad_signature') {
      const hash = vnpaySecureHash(params, options.hashSecret);
      return signedVnpayQuery(params, options.hashSecret).replace(hash, corrupted(hash));
    }
    return signedVnpayQuery(params, options.hashSecret);
  }

  /**
   * Records the result and starts the IPN(s). Resolves once the browser may be sent back: for
   * the "IPN first" orders, after the first IPN call has been answered.
   */
  async function complete(
    request: PaymentRequest,
    outcome: VnpayOutcome,
    delivery: VnpayDelivery,
  ): Promise<{ returnUrl: string; ipnDone: Promise<void> }> {
    const preset = outcomePresets[outcome];
    const result: VnpayResult = {
      responseCode: preset.responseCode,
      transactionStatus: preset.transactionStatus,
      transactionNo: preset.transactionNumber ? randomDigits(8) : '0',
      bankCode: 'NCB',
      payDate: formatGmt7(now()),
    };
    const transaction = transactions.get(request.txnRef);
    if (transaction) transaction.result = result;
    else transactions.set(request.txnRef, { request, result, refund: null });

    const params = resultParams(request, result, outcome);
    const returnUrl = withQuery(request.returnUrl, signedVnpayQuery(params, options.hashSecret));
    const ipnUrl = withQuery(options.ipnUrl, ipnQueryFor(params, delivery));
    const send = () => ipn.send(request.txnRef, ipnUrl).done;

    switch (delivery) {
      case 'ipn_never':
        return { returnUrl, ipnDone: Promise.resolve() };
      case 'return_first':
      case 'ipn_delayed': {
        const pause = delivery === 'return_first' ? returnFirstIpnDelayMs : ipnDelayMs;
        return { returnUrl, ipnDone: sleep(pause, undefined, { ref: false }).then(send) };
      }
      case 'concurrent':
        return { returnUrl, ipnDone: send() };
      case 'ipn_duplicate': {
        // Three copies one after another: the first is answered before the browser returns.
        await send();
        const copies = (async () => {
          for (let copy = 2; copy <= duplicateIpnCount; copy += 1) await send();
        })();
        return { returnUrl, ipnDone: copies };
      }
      default: {
        // ipn_first, ipn_tampered_amount, ipn_bad_signature: the first call is answered before
        // the browser returns; retries (if the merchant refuses) carry on in ipnDone.
        const sending = ipn.send(request.txnRef, ipnUrl);
        await sending.firstAnswer;
        return { returnUrl, ipnDone: sending.done };
      }
    }
  }

  function pageResponse(html: string, returnOrigin: string | null): SandboxResponse {
    return htmlPage(200, html, returnOrigin ? [returnOrigin] : []);
  }

  async function paymentPageExchange(request: SandboxRequest): Promise<SandboxResponse> {
    const action = `${basePath}${pagePath}`;
    try {
      if (request.method === 'GET') {
        const accepted = acceptPayment(request.url.searchParams);
        return pageResponse(
          paymentPage({ request: accepted, action, query: request.url.search.replace(/^\?/, '') }),
          new URL(accepted.returnUrl).origin,
        );
      }
      if (request.method === 'POST') {
        const form = new URLSearchParams(request.body);
        const query = new URLSearchParams(form.get('query') ?? '');
        const accepted = acceptPayment(query);
        const outcome = form.get('outcome') ?? '';
        const delivery = form.get('delivery') || 'ipn_first';
        if (!isVnpayOutcome(outcome) || !isVnpayDelivery(delivery)) {
          throw new PaymentRefused(accepted.locale, 'Choose one of the offered payment results.');
        }
        const { returnUrl } = await complete(accepted, outcome, delivery);
        return redirectResponse(returnUrl);
      }
      return textResponse(405, 'text/plain; charset=utf-8', 'Method not allowed', {
        allow: 'GET, POST',
      });
    } catch (error) {
      if (error instanceof PaymentRefused) {
        return pageResponse(errorPage(error.locale, error.problem), null);
      }
      throw error;
    }
  }

  async function exchange(request: SandboxRequest): Promise<SandboxResponse> {
    const path = request.url.pathname;
    if (path === `${basePath}${pagePath}`) return paymentPageExchange(request);
    if (path === `${basePath}${merchantApiPath}`) {
      if (request.method !== 'POST') {
        return textResponse(405, 'text/plain; charset=utf-8', 'Method not allowed', {
          allow: 'POST',
        });
      }
      return jsonResponse(
        200,
        answerMerchantApi(
          {
            tmnCode: options.tmnCode,
            hashSecret: options.hashSecret,
            transactions,
            now,
            requestIds,
          },
          request.body,
        ),
      );
    }
    return pageResponse(notFoundPage(), null);
  }

  return {
    handler: nodeHandlerFor(exchange),
    fetch: inProcessFetchFor(exchange),
    get ipnLog() {
      return ipn.log;
    },
    async pay(paymentUrl, outcome, delivery = 'ipn_first') {
      let query: URLSearchParams;
      try {
        query = new URL(paymentUrl).searchParams;
      } catch {
        throw new Error(`VNPay sandbox: not a URL: ${paymentUrl}`);
      }
      try {
        const accepted = acceptPayment(query);
        return await complete(accepted, outcome, delivery);
      } catch (error) {
        if (error instanceof PaymentRefused)
          throw new Error(`VNPay sandbox refused the payment URL: ${error.problem}`);
        throw error;
      }
    },
  };
}
