import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';
import { medium, wide } from './layout.css';

export const footer = style({
  borderBlockStart: `1px solid ${colorVars.border.subtle}`,
  background: colorVars.surface.raised,
  padding: `${vars.space.lg} ${vars.space.lg} ${vars.space.xl}`,
  display: 'grid',
  gap: vars.space.lg,
});

export const bar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const links = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

export const panel = style({
  display: 'grid',
  gap: vars.space.xl,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@container': {
    [medium]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [wide]: { gridTemplateColumns: 'minmax(0, 1.4fr) repeat(3, minmax(0, 1fr))' },
  },
  selectors: {
    '&[hidden]': { display: 'none' },
  },
});

export const section = style({
  display: 'grid',
  alignContent: 'start',
  gap: vars.space.sm,
});

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.md,
  fontWeight: vars.fontWeight.semibold,
});

export const muted = style({
  margin: 0,
  color: colorVars.text.muted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

export const socials = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const socialLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.controlHeight.md,
  height: vars.controlHeight.md,
  borderRadius: vars.radius.full,
  border: `1px solid ${colorVars.border.control}`,
  color: colorVars.text.primary,
  selectors: {
    '&:hover': { background: colorVars.surface.hover },
    '&:focus-visible': {
      outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

export const offices = style({
  display: 'grid',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const address = style({
  fontStyle: 'normal',
  color: colorVars.text.muted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

export const city = style({
  display: 'block',
  color: colorVars.text.primary,
  fontWeight: vars.fontWeight.medium,
});

export const logos = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const logo = style({
  display: 'block',
  width: '72px',
  height: '48px',
});

export const copyright = style([muted, { textAlign: 'center' }]);
