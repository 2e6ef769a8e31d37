import { createContainer, style } from '@vanilla-extract/css';
import { breakpoints } from '@studio/tokens';
import { colorVars, vars } from '@studio/ui';

/**
 * The shell adapts to its own width (a container query), not the window's: the same layout
 * renders as on a phone inside a narrow story frame, and in a real phone.
 */
export const shell = createContainer('shell');
export const wide = `${shell} (min-width: ${breakpoints.desktop}px)`;
export const medium = `${shell} (min-width: ${breakpoints.tablet}px)`;

export const root = style({
  containerName: shell,
  containerType: 'inline-size',
  display: 'flex',
  flexDirection: 'column',
  minHeight: '100vh',
  background: colorVars.surface.base,
  color: colorVars.text.primary,
});

export const skipLink = style({
  position: 'absolute',
  insetInlineStart: vars.space.md,
  top: vars.space.md,
  zIndex: vars.zIndex.toast,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: colorVars.accent.solid,
  color: colorVars.accent.onSolid,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'none',
  transform: 'translateY(-200%)',
  selectors: {
    '&:focus-visible': {
      transform: 'none',
      outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

export const body = style({
  flex: 1,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@container': {
    [wide]: { gridTemplateColumns: '15rem minmax(0, 1fr)' },
  },
});

export const main = style({
  position: 'relative',
  minWidth: 0,
  minHeight: '24rem',
  padding: `${vars.space.xl} ${vars.space.lg}`,
  outline: 'none',
  '@container': {
    [medium]: { padding: `${vars.space.xxl} ${vars.space.xl}` },
  },
});

/**
 * Where a page is still loading (its code, texts or first data): the whole screen's height, so
 * the footer stays below the first screen instead of showing and then being pushed away.
 */
export const pending = style({
  minHeight: '100vh',
});
