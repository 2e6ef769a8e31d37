import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';
import { wide } from './layout.css';

export const sidebar = style({
  display: 'none',
  padding: `${vars.space.lg} ${vars.space.md}`,
  background: colorVars.surface.raised,
  borderInlineEnd: `1px solid ${colorVars.border.subtle}`,
  '@container': {
    [wide]: { display: 'block' },
  },
});

export const sections = style({
  display: 'grid',
  gap: vars.space.lg,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const sectionTitle = style({
  display: 'block',
  marginBlockEnd: vars.space.xs,
  paddingInline: vars.space.sm,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  color: colorVars.text.muted,
});

export const links = style({
  display: 'grid',
  gap: vars.space.xxs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const link = style({
  display: 'block',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  color: colorVars.text.primary,
  textDecoration: 'none',
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  selectors: {
    '&:hover': { background: colorVars.surface.hover },
    '&[aria-current="page"]': {
      background: colorVars.accent.soft,
      color: colorVars.accent.text,
      fontWeight: vars.fontWeight.semibold,
    },
    '&:focus-visible': {
      outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
      outlineOffset: '2px',
    },
  },
});
