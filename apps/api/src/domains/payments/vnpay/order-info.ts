/**
 * vnp_OrderInfo: Vietnamese without diacritics and without special characters (payments.md
 * §1.3). Built from a fixed template; the client's Description never flows in.
 */
export function sanitizeOrderInfo(text: string): string {
  return text
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9 .,:_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 255);
}

export function orderInfoFor(planType: string, txnRef: string): string {
  return sanitizeOrderInfo(`Thanh toan AI Studio ${planType} ${txnRef}`);
}
