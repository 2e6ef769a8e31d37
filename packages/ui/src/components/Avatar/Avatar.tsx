import { UserRound } from 'lucide-react';
import { forwardRef, useState } from 'react';
import type { CommonProps } from '../private/commonProps';
import * as styles from './Avatar.css';

export const avatarSizes = ['sm', 'md', 'lg'] as const;
export type AvatarSize = (typeof avatarSizes)[number];

/** Closed: the avatar's own props, an id and a test id (see private/commonProps.ts). */
export interface AvatarProps extends CommonProps {
  /** The person's name: the default text alternative and the source of the initials. */
  name: string;
  /** Picture URL; without one (or if it fails to load) the initials are shown. */
  src?: string;
  /** Text alternative; defaults to `name`. Pass `""` when the name is already next to the avatar. */
  alt?: string;
  size?: AvatarSize;
}

/**
 * Up to two initials: the first letters of the first and last words ("Nguyễn Văn An" → "NA").
 * An e-mail address uses the part before the @; separators like dots and dashes split words.
 */
export function getInitials(name: string): string {
  const local = name.normalize('NFC').trim().split('@')[0] ?? '';
  const firstChars = local
    .split(/[\s._-]+/u)
    .map((word) => word.match(/[\p{L}\p{N}]/u)?.[0])
    .filter((char): char is string => char !== undefined);
  const first = firstChars[0];
  if (first === undefined) return '';
  const last = firstChars.length > 1 ? firstChars[firstChars.length - 1] : undefined;
  return (first + (last ?? '')).toLocaleUpperCase();
}

/** A person's picture, or their initials when there is no picture or it fails to load. */
export const Avatar = forwardRef<HTMLSpanElement, AvatarProps>(function Avatar(
  { name, src, alt, size = 'md', ...common },
  ref,
) {
  // Remembers which URL failed, so a new src gets a fresh try.
  const [failedSrc, setFailedSrc] = useState<string>();
  const label = alt ?? name;
  const decorative = label.trim() === '';
  const showImage = src !== undefined && src !== '' && src !== failedSrc;
  const initials = getInitials(name);

  return (
    <span ref={ref} className={styles.avatar({ size })} {...common}>
      {showImage ? (
        <img
          className={styles.image}
          src={src}
          alt={decorative ? '' : label}
          onError={() => setFailedSrc(src)}
        />
      ) : (
        <span
          className={styles.fallback}
          {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label })}
        >
          {initials ? (
            <span aria-hidden="true">{initials}</span>
          ) : (
            <UserRound size="55%" aria-hidden="true" />
          )}
        </span>
      )}
    </span>
  );
});
