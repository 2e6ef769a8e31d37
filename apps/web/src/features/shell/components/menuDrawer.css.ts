import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

export const groups = style({
  display: 'grid',
  gap: vars.space.lg,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const preferences = style({
  display: 'grid',
  gap: vars.space.lg,
  paddingBlockStart: vars.space.lg,
  borderBlockStart: `1px solid ${colorVars.border.subtle}`,
});

export const preferencesTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.md,
  fontWeight: vars.fontWeight.semibold,
});

export const languages = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
});

export const legend = style({
  padding: 0,
  marginBlockEnd: vars.space.xs,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  fontWeight: vars.fontWeight.medium,
});

export const language = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.controlHeight.sm,
  cursor: 'pointer',
});

export const radio = style({
  inlineSize: '1.125rem',
  blockSize: '1.125rem',
  margin: 0,
  accentColor: colorVars.accent.solid,
  selectors: {
    '&:focus-visible': {
      outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
      outlineOffset: '2px',
    },
  },
});
