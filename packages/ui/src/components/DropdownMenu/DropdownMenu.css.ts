import { keyframes, style } from '@vanilla-extract/css';
import { colorVars, shadow, vars } from '../../theme/contract.css';

const enter = keyframes({
  from: { opacity: 0, transform: 'translateY(-0.25rem) scale(0.98)' },
  to: { opacity: 1, transform: 'translateY(0) scale(1)' },
});

export const content = style({
  minWidth: '12rem',
  maxWidth: 'min(22rem, calc(100vw - 1rem))',
  maxHeight: 'var(--radix-dropdown-menu-content-available-height)',
  overflowY: 'auto',
  padding: vars.space.xs,
  background: colorVars.surface.raised,
  color: colorVars.text.primary,
  border: `1px solid ${colorVars.border.subtle}`,
  borderRadius: vars.radius.lg,
  boxShadow: shadow.lg,
  zIndex: vars.zIndex.dropdown,
  transformOrigin: 'var(--radix-dropdown-menu-content-transform-origin)',
  '@media': {
    '(prefers-reduced-motion: no-preference)': {
      selectors: {
        '&[data-state="open"]': {
          animation: `${enter} ${vars.duration.fast} ${vars.easing.enter}`,
        },
      },
    },
  },
});

export const item = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  minHeight: vars.controlHeight.sm,
  padding: `${vars.space.sm} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  color: colorVars.text.primary,
  cursor: 'pointer',
  userSelect: 'none',
  outline: 'none',
  selectors: {
    '&[data-highlighted]': { background: colorVars.surface.hover },
    '&:focus-visible': {
      outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
      outlineOffset: `calc(-1 * ${vars.focusRingWidth})`,
    },
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.55 },
  },
});

/** Checkbox and radio items keep a column for their check mark so labels line up. */
export const itemWithIndicator = style({ paddingInlineStart: vars.space.xxl });

export const indicator = style({
  position: 'absolute',
  insetInlineStart: vars.space.sm,
  top: vars.space.sm,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '1rem',
  height: vars.lineHeight.sm,
  color: colorVars.accent.text,
});

export const icon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  minWidth: '1rem',
  height: vars.lineHeight.sm,
  color: colorVars.text.muted,
  selectors: { [`${item}[data-highlighted] &`]: { color: colorVars.text.primary } },
});

export const text = style({
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  flex: '1 1 auto',
  overflowWrap: 'anywhere',
});

export const description = style({
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.xs,
  color: colorVars.text.muted,
});

export const label = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.xs,
  fontWeight: vars.fontWeight.semibold,
  color: colorVars.text.muted,
  overflowWrap: 'anywhere',
});

export const separator = style({
  height: '1px',
  margin: `${vars.space.xs} ${vars.space.xs}`,
  background: colorVars.border.subtle,
});
