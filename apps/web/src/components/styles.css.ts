import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

/** A page's readable column. */
export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
  maxWidth: '60rem',
  marginInline: 'auto',
  width: '100%',
});

export const pageTitle = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  lineHeight: vars.lineHeight.xxl,
  fontWeight: vars.fontWeight.bold,
  // A greeting may hold a name with no break in it (an e-mail address): it must not widen a phone.
  overflowWrap: 'anywhere',
});

export const pageIntro = style({
  margin: 0,
  color: colorVars.text.muted,
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.lg,
});

export const narrowPage = style([page, { maxWidth: '28rem' }]);
