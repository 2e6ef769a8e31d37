import { setTimeout as sleep } from 'node:timers/promises';

/**
 * IPN delivery (payments.md §1.6): a GET to the merchant's IPN URL whose JSON answer's RspCode
 * says whether the merchant recorded it. 00 and 02 end the flow; anything else, a non-200 status,
 * an unreadable body or no answer in time is retried, `delayMs` apart, `tries` calls at most.
 */

export interface IpnAttempt {
  txnRef: string;
  /** 1, 2, 3... counted per TxnRef over every IPN sent for it (duplicates included). */
  attempt: number;
  /** The merchant's HTTP status; null when no answer came (network error or timeout). */
  status: number | null;
  rspCode: string | null;
  at: string;
}

export type IpnDeliver = (url: string) => Promise<{ status: number; body: string }>;

export interface IpnRetryPolicy {
  tries: number;
  delayMs: number;
}

/** How long one IPN call may take before it counts as a timeout (and is retried). */
const attemptTimeoutMs = 10_000;

export async function fetchDeliver(url: string): Promise<{ status: number; body: string }> {
  const response = await fetch(url, {
    method: 'GET',
    redirect: 'manual',
    signal: AbortSignal.timeout(attemptTimeoutMs),
  });
  return { status: response.status, body: await response.text() };
}

function rspCodeOf(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'RspCode' in parsed) {
      const code = (parsed as { RspCode: unknown }).RspCode;
      return typeof code === 'string' ? code : null;
    }
  } catch {
    // Not JSON: the merchant's answer is unusable, which VNPay treats as a failure (retry).
  }
  return null;
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  const timer = new AbortController();
  try {
    return await Promise.race([
      work,
      sleep(ms, undefined, { signal: timer.signal, ref: false }).then(() => {
        throw new Error('IPN timed out');
      }),
    ]);
  } finally {
    timer.abort();
  }
}

export interface IpnDelivery {
  /** Settles once the merchant answered the first call (or it failed or timed out). */
  firstAnswer: Promise<void>;
  /** Settles when the IPN was accepted or the tries ran out. */
  done: Promise<void>;
}

export interface IpnSender {
  readonly log: readonly IpnAttempt[];
  /** Sends one IPN with the retry policy. */
  send(txnRef: string, url: string): IpnDelivery;
}

export function createIpnSender(options: {
  deliver: IpnDeliver;
  retry: IpnRetryPolicy;
  now: () => Date;
}): IpnSender {
  const log: IpnAttempt[] = [];
  const counts = new Map<string, number>();

  async function attemptOnce(txnRef: string, url: string): Promise<boolean> {
    const attempt = (counts.get(txnRef) ?? 0) + 1;
    counts.set(txnRef, attempt);
    let status: number | null = null;
    let rspCode: string | null = null;
    try {
      const answer = await withTimeout(options.deliver(url), attemptTimeoutMs);
      status = answer.status;
      rspCode = rspCodeOf(answer.body);
    } catch {
      // No answer: logged with a null status and retried like a timeout.
    }
    log.push({ txnRef, attempt, status, rspCode, at: options.now().toISOString() });
    return status === 200 && (rspCode === '00' || rspCode === '02');
  }

  return {
    log,
    send(txnRef, url) {
      const first = attemptOnce(txnRef, url);
      const done = (async () => {
        if (await first) return;
        for (let call = 2; call <= options.retry.tries; call += 1) {
          await sleep(options.retry.delayMs, undefined, { ref: false });
          if (await attemptOnce(txnRef, url)) return;
        }
      })();
      return { firstAnswer: first.then(() => undefined), done };
    },
  };
}
