import { style } from '@vanilla-extract/css';
import { colorVars, shadow, vars } from '@studio/ui';
import { medium, wide } from './layout.css';

/**
 * Two headers in one, switched at the shell's `wide` width (1024 px, where the sidebar appears):
 * above it the full §2 header (menu groups, preferences, help); below it one compact row (logo,
 * Pro, sign-in or account, and a menu button opening the drawer), since the full header needs
 * about 1,200 px (English) to 1,280 px (Vietnamese) and took three rows on a phone.
 */
export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.zIndex.sticky,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderBlockEnd: `1px solid ${colorVars.border.subtle}`,
  background: colorVars.surface.raised,
  boxShadow: shadow.sm,
  '@container': {
    [wide]: { flexWrap: 'wrap', gap: `${vars.space.xs} ${vars.space.sm}` },
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

/** On a phone the mark alone: the link keeps its name, the row keeps room for Pro and sign-in. */
export const brandName = style({
  display: 'none',
  '@container': {
    [medium]: { display: 'inline' },
  },
});

/** Only in the full header. */
export const wideOnly = style({
  display: 'none',
  '@container': {
    [wide]: { display: 'contents' },
  },
});

/** Only in the compact header. */
export const compactOnly = style({
  display: 'contents',
  '@container': {
    [wide]: { display: 'none' },
  },
});

// Not `display: contents`: the element must keep its navigation landmark in every browser.
/** Texts for one header or the other, on a control both share (the Pro button). */
export const wideText = style({
  display: 'none',
  '@container': {
    [wide]: { display: 'inline' },
  },
});

export const compactText = style({
  '@container': {
    [wide]: { display: 'none' },
  },
});

export const nav = style({
  display: 'none',
  '@container': {
    [wide]: { display: 'block' },
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
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.xxs,
  marginInlineStart: 'auto',
  minWidth: 0,
  '@container': {
    [wide]: { flexWrap: 'wrap' },
  },
});
