import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '../../theme/contract.css';

export const page = style({
  minHeight: '100vh',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.xl,
  background: colorVars.surface.base,
  color: colorVars.text.primary,
});

export const content = style({
  width: '100%',
  maxWidth: '36rem',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.lg,
  textAlign: 'center',
});

export const icon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '3.5rem',
  height: '3.5rem',
  borderRadius: vars.radius.full,
  background: colorVars.status.criticalSoft,
  color: colorVars.status.critical,
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  lineHeight: vars.lineHeight.xxl,
  fontWeight: vars.fontWeight.bold,
});

export const description = style({
  margin: 0,
  color: colorVars.text.muted,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.md,
});

export const details = style({
  width: '100%',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  textAlign: 'start',
});

export const detailsLabel = style({
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.xs,
  fontWeight: vars.fontWeight.semibold,
  color: colorVars.text.muted,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});

export const detailsBox = style({
  margin: 0,
  maxHeight: '12rem',
  overflow: 'auto',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${colorVars.border.subtle}`,
  background: colorVars.surface.sunken,
  color: colorVars.text.primary,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});
