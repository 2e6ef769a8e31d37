import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

export const socialGroup = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  border: 'none',
  minInlineSize: 0,
});

export const socialHeading = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: 0,
  // A legend stands outside the fieldset's flex gap.
  marginBlockEnd: vars.space.sm,
  color: colorVars.text.muted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

export const note = style({
  margin: 0,
  color: colorVars.text.muted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

/** "or use your e-mail", between two rules. */
export const divider = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  margin: 0,
  color: colorVars.text.muted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  '::before': { content: '""', flex: 1, borderBlockStart: `1px solid ${colorVars.border.subtle}` },
  '::after': { content: '""', flex: 1, borderBlockStart: `1px solid ${colorVars.border.subtle}` },
});

/** Secondary actions under a form (forgot password, switch mode), side by side when they fit. */
export const links = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

/** A button drawn as a link: it changes the form, it goes nowhere. */
export const linkButton = style({
  padding: 0,
  border: 'none',
  background: 'none',
  color: colorVars.accent.text,
  font: 'inherit',
  textDecoration: 'underline',
  textUnderlineOffset: '0.15em',
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': {
      outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
      outlineOffset: '2px',
      borderRadius: vars.radius.sm,
    },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.55 },
  },
});

/** A page-state panel's column on the narrow auth pages. */
export const stack = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
});
