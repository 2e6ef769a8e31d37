import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';
import { medium } from './layout.css';

export const banner = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xxs} ${vars.space.sm} ${vars.space.xxs} ${vars.space.lg}`,
  background: colorVars.status.warningSoft,
  color: colorVars.text.primary,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  '@container': {
    [medium]: { padding: `${vars.space.xs} ${vars.space.lg}` },
  },
});

export const icon = style({ flex: 'none' });

/** One line on a phone until unfolded; whole from the medium width up. */
export const text = style({
  flex: '0 1 auto',
  minWidth: 0,
  margin: 0,
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  textOverflow: 'ellipsis',
  selectors: {
    '&[data-expanded="true"]': { whiteSpace: 'normal' },
  },
  '@container': {
    [medium]: { whiteSpace: 'normal', overflow: 'visible' },
  },
});

export const toggle = style({
  flex: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  // A 24 px target at least (WCAG 2.5.8), kept inside the one-line strip.
  inlineSize: vars.controlHeight.sm,
  blockSize: vars.controlHeight.sm,
  padding: 0,
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: colorVars.surface.hover },
    '&:focus-visible': {
      outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
      outlineOffset: '-2px',
    },
  },
  '@container': {
    [medium]: { display: 'none' },
  },
});

export const chevron = style({
  transition: `transform ${vars.duration.fast} ${vars.easing.standard}`,
  selectors: {
    [`${toggle}[aria-expanded="true"] &`]: { transform: 'rotate(180deg)' },
  },
});
