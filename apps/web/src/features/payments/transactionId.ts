import { storageKeys, type KeyValueStore } from '../../lib/storage';

/**
 * The query parameters the providers return with: VNPay's vnp_TxnRef, PayPal's token (its
 * order id), and the app's own txnRef and orderId on its return URLs.
 */
const returnParameters = ['txnRef', 'vnp_TxnRef', 'orderId', 'token'] as const;

/** The payment /payment/callback is about: from the URL, else the pending one stored (§4). */
export function transactionIdFrom(search: URLSearchParams, store: KeyValueStore): string | null {
  for (const name of returnParameters) {
    const value = search.get(name)?.trim();
    if (value) return value;
  }
  return store.get(storageKeys.pendingPayment);
}
