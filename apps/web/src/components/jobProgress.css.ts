import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

export const progress = style({
  display: 'grid',
  gap: vars.space.xs,
});

export const label = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

export const percent = style({
  color: colorVars.text.muted,
  fontVariantNumeric: 'tabular-nums',
});

export const track = style({
  height: '0.5rem',
  overflow: 'hidden',
  borderRadius: vars.radius.full,
  background: colorVars.surface.sunken,
  border: `1px solid ${colorVars.border.subtle}`,
});

export const fill = style({
  height: '100%',
  borderRadius: vars.radius.full,
  background: colorVars.accent.solid,
  transition: 'width 200ms ease-out',
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});
