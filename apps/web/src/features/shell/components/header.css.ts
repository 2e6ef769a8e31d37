import { style } from '@vanilla-extract/css';
import { colorVars, shadow, vars } from '@studio/ui';
import { wide } from './layout.css';

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.zIndex.sticky,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space.xs} ${vars.space.sm}`,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderBlockEnd: `1px solid ${colorVars.border.subtle}`,
  background: colorVars.surface.raised,
  boxShadow: shadow.sm,
});

export const sidebarToggle = style({
  '@container': {
    [wide]: { display: 'none' },
  },
});

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.xs,
  borderRadius: vars.radius.md,
  color: colorVars.text.primary,
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.lg,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  selectors: {
    '&:focus-visible': {
      outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

export const brandMark = style({
  display: 'inline-flex',
  color: colorVars.accent.text,
});

/** On small screens the menu groups get a row of their own, scrolling sideways if needed. */
export const nav = style({
  order: 3,
  flexBasis: '100%',
  overflowX: 'auto',
  '@container': {
    [wide]: { order: 0, flexBasis: 'auto', overflowX: 'visible' },
  },
});

export const navList = style({
  display: 'flex',
  gap: vars.space.xxs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.xxs,
  marginInlineStart: 'auto',
});
