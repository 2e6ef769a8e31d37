import { isIP } from 'node:net';

/**
 * vnp_IpAddr: the customer's address (request.ip, which honours TRUST_PROXY; never a raw
 * X-Forwarded-For). VNPay wants 7–45 characters: '::1' is refused, so loopback becomes
 * 127.0.0.1, and an IPv4-mapped IPv6 address is unwrapped.
 */
export function customerIp(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (ip === '::1' || isIP(ip) === 0) return '127.0.0.1';
  return ip;
}
