import { displayNameMaxLength } from '@studio/contracts';
import { z } from 'zod';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The profile's display name, as PATCH /api/userprofile takes it, with translated messages. */
export function makeDisplayNameSchema(t: Translate) {
  return z.object({
    displayName: z
      .string()
      .trim()
      .min(1, t('auth:profile.nameRequired'))
      .max(displayNameMaxLength, t('auth:profile.nameTooLong', { max: displayNameMaxLength })),
  });
}

export type DisplayNameValues = z.output<ReturnType<typeof makeDisplayNameSchema>>;
