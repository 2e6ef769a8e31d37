import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';
import { breakpoints } from '@studio/tokens';

const small = `screen and (max-width: ${breakpoints.tablet - 0.02}px)`;
const tablet = `screen and (min-width: ${breakpoints.tablet}px)`;

const focusRing = {
  outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
  outlineOffset: '2px',
};

export const sidebar = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minWidth: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  border: `1px solid ${colorVars.border.subtle}`,
  background: colorVars.surface.raised,
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
});

export const heading = style({
  flex: 1,
  margin: 0,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.md,
  fontWeight: vars.fontWeight.semibold,
});

/** Only small screens fold the list away; wider ones always show it. */
export const collapseToggle = style({
  display: 'contents',
  '@media': { [tablet]: { display: 'none' } },
});

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minWidth: 0,
  '@media': {
    [small]: { selectors: { '&[data-collapsed="true"]': { display: 'none' } } },
  },
});

export const list = style({
  display: 'grid',
  gap: vars.space.xxs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  selectors: { '&:focus-visible': focusRing },
});

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  borderRadius: vars.radius.md,
  selectors: {
    '&:hover': { background: colorVars.surface.hover },
  },
});

export const activeItem = style({
  background: colorVars.accent.soft,
  selectors: {
    '&:hover': { background: colorVars.accent.soft },
  },
});

export const itemButton = style({
  display: 'grid',
  flex: 1,
  minWidth: 0,
  gap: vars.space.xxs,
  padding: `${vars.space.sm} ${vars.space.sm}`,
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: colorVars.text.primary,
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  selectors: { '&:focus-visible': focusRing },
});

export const itemTitle = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontWeight: vars.fontWeight.medium,
});

export const itemMeta = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  color: colorVars.text.muted,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.xs,
});

export const renameForm = style({
  display: 'flex',
  flex: 1,
  minWidth: 0,
  padding: vars.space.xxs,
});

export const loadError = style({
  display: 'grid',
  justifyItems: 'start',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: colorVars.status.criticalSoft,
  color: colorVars.text.primary,
});

export const errorTitle = style({
  margin: 0,
  fontWeight: vars.fontWeight.semibold,
});

export const muted = style({
  margin: 0,
  color: colorVars.text.muted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

export const stack = style({
  display: 'grid',
  gap: vars.space.md,
});

export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
});

export const grow = style({ flex: '1 1 12rem', minWidth: 0 });

export const linkList = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  selectors: { '&:focus-visible': focusRing },
});

export const linkItem = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${colorVars.border.subtle}`,
});

export const linkText = style({
  display: 'grid',
  gap: vars.space.xxs,
  minWidth: 0,
});

export const linkTitle = style({
  margin: 0,
  fontWeight: vars.fontWeight.medium,
  overflowWrap: 'anywhere',
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
});

/** "Open" beside buttons: a real link (new tab), sized like a small secondary button. */
export const openLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: vars.controlHeight.sm,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${colorVars.border.control}`,
  color: colorVars.accent.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  selectors: {
    '&:hover': { background: colorVars.surface.hover },
    '&:focus-visible': focusRing,
  },
});
