import { styleVariants } from '@vanilla-extract/css';

/** How many lines a text may take before it is cut with an ellipsis. */
export const maxLineCounts = [1, 2, 3, 4, 5] as const;
export type MaxLines = (typeof maxLineCounts)[number];

/**
 * One line ends in an ellipsis on the same line; more lines are clamped by the line-clamp box
 * (every browser the app supports reads the -webkit- form). Shared by Text and Heading.
 */
export const lineClamp = styleVariants(
  Object.fromEntries(maxLineCounts.map((lines) => [lines, lines])) as Record<MaxLines, MaxLines>,
  (lines) =>
    lines === 1
      ? { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 }
      : {
          display: '-webkit-box',
          WebkitLineClamp: lines,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
          minWidth: 0,
        },
);
