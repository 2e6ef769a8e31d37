import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

export const search = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  maxWidth: '36rem',
});

export const resultCount = style({
  margin: 0,
  minHeight: vars.lineHeight.sm,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  color: colorVars.text.muted,
});

export const topics = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});

export const topicLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.controlHeight.sm,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.full,
  border: `1px solid ${colorVars.border.control}`,
  background: colorVars.surface.raised,
  color: colorVars.text.primary,
  fontSize: vars.fontSize.sm,
  textDecoration: 'none',
  outline: 'none',
  selectors: {
    '&:hover': { background: colorVars.surface.hover },
    '&:focus-visible': {
      outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

export const questionList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  borderRadius: vars.radius.lg,
  border: `1px solid ${colorVars.border.subtle}`,
  background: colorVars.surface.raised,
  overflow: 'hidden',
});

export const questionItem = style({
  scrollMarginTop: vars.space.xxl,
  selectors: {
    '& + &': { borderTop: `1px solid ${colorVars.border.subtle}` },
  },
});

export const questionHeading = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.md,
  fontWeight: vars.fontWeight.semibold,
});

export const questionButton = style({
  display: 'flex',
  width: '100%',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: vars.space.lg,
  border: 'none',
  background: 'transparent',
  color: colorVars.text.primary,
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&:hover': { background: colorVars.surface.hover },
    '&:focus-visible': {
      outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
      outlineOffset: `calc(-1 * ${vars.focusRingWidth})`,
    },
  },
});

export const chevron = style({
  flexShrink: 0,
  color: colorVars.text.muted,
  transition: `transform ${vars.duration.fast} ${vars.easing.standard}`,
  selectors: {
    '[aria-expanded="true"] > &': { transform: 'rotate(180deg)' },
  },
});

export const answer = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  paddingInline: vars.space.lg,
  paddingBottom: vars.space.lg,
  maxWidth: '70ch',
  lineHeight: vars.lineHeight.md,
});

export const permalink = style({
  fontSize: vars.fontSize.sm,
});
