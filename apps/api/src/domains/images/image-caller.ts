import type { ModelPlan } from '@studio/contracts';
import { planOf as planOfUser } from '../models/entitlements.ts';
import type { User } from '../users/user.ts';

/**
 * Who asks for images: a signed-in user, or a visitor. A visitor is known twice: by the key their
 * browser keeps (`X-Visitor-Key`: their jobs and files are readable only with it) and by their
 * hashed address (the daily quota, as the chat counts visitors: a new key is not a new quota).
 */
export type ImageCaller =
  { kind: 'user'; user: User } | { kind: 'visitor'; visitorId: string; addressKey: string };

/** The owner the job queue records: a user's id, or `visitor:<hash>`. */
export function jobOwnerOf(caller: ImageCaller): string {
  return caller.kind === 'user' ? caller.user.id : caller.visitorId;
}

/** Visitors use the free models. */
export function imagePlanOf(caller: ImageCaller, now: Date): ModelPlan {
  return planOfUser(caller.kind === 'user' ? caller.user : null, now);
}
