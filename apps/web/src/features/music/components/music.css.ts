import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

/*
 * Layout glue only: the pieces are @studio/ui's. A panel frames the description, the settings,
 * the job and the results the way the voice and image tools frame theirs; the model list's rows
 * and the instrument grid are native inputs laid out here.
 */

/** Holds the screen while the models load, so the list below does not jump. */
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

export const group = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  border: 0,
  minInlineSize: 0,
});

export const legend = style({
  padding: 0,
  marginBlockEnd: vars.space.xs,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: colorVars.text.primary,
});

export const option = style({
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
    '&:has(input:disabled)': { cursor: 'not-allowed', opacity: 0.7 },
  },
});

export const input = style({
  flex: 'none',
  marginBlockStart: vars.space.xxs,
  accentColor: colorVars.accent.solid,
});

export const instrumentGrid = style({
  display: 'grid',
  gap: vars.space.xs,
  gridTemplateColumns: 'repeat(auto-fill, minmax(10rem, 1fr))',
});

export const sectionList = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const sectionRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  paddingInlineStart: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${colorVars.border.subtle}`,
});

export const grow = style({ flex: '1 1 auto', minInlineSize: 0 });

/** Two or three fields a row where there is room, one on a phone. */
export const fieldRow = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(11rem, 1fr))',
  alignItems: 'start',
});

/** A field with a button at its end (the seed and its dice, a section and Add). */
export const withButton = style({
  display: 'flex',
  alignItems: 'flex-end',
  gap: vars.space.xs,
});
