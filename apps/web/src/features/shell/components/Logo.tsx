/** The AI Studio mark: a spark inside a rounded square, drawn in the current text colour. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect
        x="1.5"
        y="1.5"
        width="29"
        height="29"
        rx="8"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
      />
      <path
        d="M16 7.5l2.3 6.2 6.2 2.3-6.2 2.3L16 24.5l-2.3-6.2L7.5 16l6.2-2.3z"
        fill="currentColor"
      />
    </svg>
  );
}
