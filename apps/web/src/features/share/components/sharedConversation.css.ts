import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

export const messages = style({
  display: 'grid',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const message = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `1px solid ${colorVars.border.subtle}`,
  background: colorVars.surface.raised,
});

export const fromUser = style({
  background: colorVars.accent.soft,
  borderColor: 'transparent',
});

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space.sm,
  margin: 0,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

export const role = style({
  fontWeight: vars.fontWeight.semibold,
});

export const time = style({
  color: colorVars.text.muted,
});

export const images = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});

export const content = style({
  margin: 0,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});
