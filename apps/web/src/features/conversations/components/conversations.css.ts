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

export const loadError = style({
  display: 'grid',
  justifyItems: 'start',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: colorVars.status.criticalSoft,
  color: colorVars.text.primary,
});

export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
});

export const grow = style({ flex: '1 1 12rem', minWidth: 0 });

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
