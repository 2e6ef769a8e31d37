import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '../theme/contract.css';

export const columns = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
  gap: vars.space.lg,
});

export const themeColumn = style({
  borderRadius: vars.radius.lg,
  border: `1px solid ${colorVars.border.control}`,
  padding: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const heading = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.lg,
});

export const swatchRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

export const swatch = style({
  width: '2rem',
  height: '2rem',
  borderRadius: vars.radius.sm,
  border: `1px solid ${colorVars.border.control}`,
});

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.xs,
});

export const cell = style({
  textAlign: 'left',
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  borderBottom: `1px solid ${colorVars.border.subtle}`,
  verticalAlign: 'middle',
});

export const sample = style({
  display: 'inline-block',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const pass = style({
  color: colorVars.status.success,
  fontWeight: vars.fontWeight.semibold,
});
export const fail = style({ color: colorVars.status.critical, fontWeight: vars.fontWeight.bold });

export const scaleRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.lg,
  paddingBlock: vars.space.xs,
});

export const label = style({
  width: '7rem',
  color: colorVars.text.muted,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
});

export const bar = style({
  background: colorVars.accent.solid,
  height: '0.75rem',
  borderRadius: vars.radius.sm,
});

export const box = style({
  width: '5rem',
  height: '3rem',
  background: colorVars.surface.raised,
  border: `1px solid ${colorVars.border.control}`,
});

export const gallery = style({ maxWidth: '60rem' });

export const formGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(16rem, 1fr))',
  gap: vars.space.lg,
  alignItems: 'start',
  paddingTop: vars.space.lg,
});
