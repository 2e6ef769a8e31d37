import { createHmac } from 'node:crypto';
import type { ModelPlan } from '@studio/contracts';
import { planOf } from '../billing/entitlements.ts';
import type { User } from '../users/user.ts';

/**
 * Who is calling, for every tool: a signed-in user, or a visitor. The auth plugin puts it on
 * every request (`request.caller`); routes read it there and never build it themselves.
 *
 * A visitor is known twice. By the key their browser makes and keeps (`X-Visitor-Key`, see
 * visitor-key.ts): their jobs and files are readable only with it, and a tool's daily allowance
 * counts them by it. And by their hashed address: the ceiling every visitor behind it shares (so
 * a new key is not an endless new allowance), and the whole count for a browser that sent no key.
 */
export type UserCaller = { kind: 'user'; user: User };
export type VisitorCaller = {
  kind: 'visitor';
  /** `visitor:<hash of the key>`, or null when the browser sent none (or not a valid one). */
  visitorId: string | null;
  addressKey: string;
};
export type Caller = UserCaller | VisitorCaller;

/** A caller whose things can be named and kept: a user, or a visitor who sent their key. */
export type KeyedCaller = UserCaller | (VisitorCaller & { visitorId: string });

/**
 * A visitor's address key: an HMAC of their address with the server secret, so no table ever
 * holds an IP address and the key cannot be reversed by trying all addresses without the
 * secret. (The `chat-visitor:` prefix is kept from when only the chat counted visitors: today's
 * counts stay where they are.)
 */
export function addressKeyOf(secret: string, ip: string): string {
  return createHmac('sha256', secret).update(`chat-visitor:${ip}`).digest('base64url');
}

/** The caller if their things can be named (a user, a visitor with a key), else null. */
/** Why a visitor without their key cannot start anything that is kept for them. */
export const visitorKeyRequiredText =
  'Send your visitor key in the X-Visitor-Key header (43 letters, digits, "-" or "_"), or sign in.';

export function keyedCaller(caller: Caller): KeyedCaller | null {
  return caller.kind === 'user' || caller.visitorId !== null ? (caller as KeyedCaller) : null;
}

/** The owner jobs and files record: a user's id, or `visitor:<hash of the key>`. */
export function ownerIdOf(caller: KeyedCaller): string {
  return caller.kind === 'user' ? caller.user.id : caller.visitorId;
}

/** The model plan the caller is on: a user's tier; visitors use the free models. */
export function callerPlan(caller: Caller, now: Date): ModelPlan {
  return planOf(caller.kind === 'user' ? caller.user : null, now);
}
