import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

/** Why the list cannot be shown (a failure, a browser that keeps nothing), with a retry. */
export const notice = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  border: `1px solid ${colorVars.border.subtle}`,
  background: colorVars.surface.raised,
});

/** Where the next page starts loading: an empty line under the grid. */
export const sentinel = style({ height: '1px' });
