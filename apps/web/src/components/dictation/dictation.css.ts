import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

/** The session sits where the microphone was, in the composer's tool row: one line, no jump. */
export const session = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '2.5rem',
  flexWrap: 'wrap',
});

export const meter = style({
  width: '3rem',
  height: '0.375rem',
  overflow: 'hidden',
  borderRadius: vars.radius.full,
  background: colorVars.surface.sunken,
  border: `1px solid ${colorVars.border.subtle}`,
});

export const meterFill = style({
  height: '100%',
  background: colorVars.status.critical,
  transformOrigin: 'left',
  transition: 'transform 90ms linear',
});

export const time = style({
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
  color: colorVars.text.muted,
});

export const message = style({
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  maxWidth: '22rem',
});
