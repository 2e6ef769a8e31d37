import { style } from '@vanilla-extract/css';
import { colorVars, shadow, vars } from '@studio/ui';

export const root = style({
  position: 'relative',
  display: 'inline-flex',
});

export const panel = style({
  position: 'absolute',
  insetInlineEnd: 0,
  top: `calc(100% + ${vars.space.xs})`,
  zIndex: vars.zIndex.dropdown,
  width: 'max-content',
  maxWidth: 'min(22rem, calc(100vw - 2rem))',
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  border: `1px solid ${colorVars.border.subtle}`,
  background: colorVars.surface.raised,
  boxShadow: shadow.lg,
});
