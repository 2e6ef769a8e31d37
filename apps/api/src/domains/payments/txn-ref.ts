import { randomBytes } from 'node:crypto';

/** Crockford base32: no I, L, O, U, so a reference read aloud or typed by support is unambiguous. */
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function base32(value: bigint, length: number): string {
  let out = '';
  let rest = value;
  for (let index = 0; index < length; index += 1) {
    out = alphabet[Number(rest & 31n)] + out;
    rest >>= 5n;
  }
  return out;
}

/**
 * A new merchant reference for every payment attempt (vnp_TxnRef, PayPal invoice_id): 20
 * characters of base32, the first 10 the time in milliseconds (so references sort by time and
 * never repeat within a day, VNPay's rule), the last 10 random (50 bits) so two attempts in the
 * same millisecond differ. Alphanumeric only: VNPay allows nothing else.
 */
export function newTxnRef(now: Date): string {
  const random = BigInt(`0x${randomBytes(7).toString('hex')}`);
  return base32(BigInt(now.getTime()), 10) + base32(random, 10);
}
