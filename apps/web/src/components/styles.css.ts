import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

/** Hidden on screen, still read by assistive technology. */
export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

/** The one keyboard focus indicator, as in @studio/ui. */
export const focusRing = style({
  outline: 'none',
  selectors: {
    '&:focus-visible': {
      outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

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
});

export const pageIntro = style({
  margin: 0,
  color: colorVars.text.muted,
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.lg,
});

export const narrowPage = style([page, { maxWidth: '28rem' }]);
