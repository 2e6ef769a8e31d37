import type { ReactNode } from 'react';

/**
 * A simple line mark (social networks, sign-in providers) drawn in the current text colour and
 * hidden from assistive technology: the control around it carries the name.
 */
export function Glyph({ size, children }: { size: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}
