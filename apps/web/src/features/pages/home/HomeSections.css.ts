import { style } from '@vanilla-extract/css';
import { breakpoints } from '@studio/tokens';
import { colorVars, vars } from '@studio/ui';

const tablet = `screen and (min-width: ${breakpoints.tablet}px)`;
const desktop = `screen and (min-width: ${breakpoints.desktop}px)`;

export const why = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.xl,
  gridTemplateColumns: '1fr',
  '@media': {
    [tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
});

export const whyItem = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const whyIcon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.75rem',
  height: '2.75rem',
  borderRadius: vars.radius.full,
  background: colorVars.accent.soft,
  color: colorVars.accent.text,
});

export const planNote = style({
  margin: 0,
  color: colorVars.text.muted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

export const faqList = style({
  margin: 0,
  display: 'grid',
  gap: vars.space.lg,
});

export const faqQuestion = style({
  margin: 0,
  fontWeight: vars.fontWeight.semibold,
});

export const faqAnswer = style({
  margin: 0,
  marginTop: vars.space.xs,
  color: colorVars.text.muted,
  lineHeight: vars.lineHeight.md,
});
