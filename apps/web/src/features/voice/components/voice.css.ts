import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

/*
 * Layout glue only: the pieces are @studio/ui's. A panel frames the form, the job and the result
 * the way the image tools frame theirs; the voice list's rows are native radios laid out here.
 */

/** Holds the screen while the voices load, so the clip list below does not jump. */
export const panel = style({
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: colorVars.surface.raised,
  border: `1px solid ${colorVars.border.subtle}`,
  minInlineSize: 0,
  '@media': { '(max-width: 30em)': { padding: vars.space.md } },
});

export const voiceGroup = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  border: 0,
  minInlineSize: 0,
});

export const voiceOption = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${colorVars.border.subtle}`,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': {
      borderColor: colorVars.accent.solid,
      boxShadow: `inset 0 0 0 1px ${colorVars.accent.solid}`,
    },
    '&:has(input:focus-visible)': {
      outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

export const voiceRadio = style({
  flex: 'none',
  marginBlockStart: vars.space.xxs,
  accentColor: colorVars.accent.solid,
});
