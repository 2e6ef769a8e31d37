import type { ModelPlan } from '@studio/contracts';
import { planOf as planOfUser } from '../models/entitlements.ts';
import type { User } from '../users/user.ts';

/**
 * Who asks for images: a signed-in user, or a visitor. A visitor is known twice: by the key their
 * browser keeps (`X-Visitor-Key`: their jobs and files are readable only with it, and their
 * daily quota is counted by it) and by their hashed address (the ceiling all visitors behind it
 * share, so a new key is not an endless new quota).
 */
export type ImageCaller =
  { kind: 'user'; user: User } | { kind: 'visitor'; visitorId: string; addressKey: string };

/**
 * Who reads the models and today's quota: a caller, or a visitor whose browser sent no key yet
 * (counted by address alone, as the quota counts such a visitor).
 */
export type ImageReader = ImageCaller | { kind: 'visitor'; visitorId: null; addressKey: string };

/** The owner the job queue records: a user's id, or `visitor:<hash>`. */
export function jobOwnerOf(caller: ImageCaller): string {
  return caller.kind === 'user' ? caller.user.id : caller.visitorId;
}

/** Visitors use the free models. */
export function imagePlanOf(caller: ImageReader, now: Date): ModelPlan {
  return planOfUser(caller.kind === 'user' ? caller.user : null, now);
}
