import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

/** §8 unsupported hint and other one-line notes. */
export const note = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: colorVars.surface.sunken,
  color: colorVars.text.primary,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

/** The compact "Add a passkey to confirm payments" entry in the payment step. */
export const entry = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px dashed ${colorVars.border.subtle}`,
});

export const entryText = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs });

export const entryTitle = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const entryBody = style({
  margin: 0,
  color: colorVars.text.muted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

/** The manage sub-view's Back, at its start. */
export const backRow = style({ display: 'flex', justifyContent: 'flex-start' });
