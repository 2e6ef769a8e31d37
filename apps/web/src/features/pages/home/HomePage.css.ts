import { globalStyle, style } from '@vanilla-extract/css';
import { breakpoints } from '@studio/tokens';
import { colorVars, shadow, vars } from '@studio/ui';
import { gapProperty } from '../../../components/firstScreen.css';
import * as pageStyles from '../shared/pages.css';

const tablet = `screen and (min-width: ${breakpoints.tablet}px)`;
const desktop = `screen and (min-width: ${breakpoints.desktop}px)`;

/**
 * The home page's column: on a phone the shell's own padding is enough, so the hero (and the
 * chat in it) gets the whole width.
 */
export const page = style([
  pageStyles.page,
  {
    paddingInline: 0,
    paddingBlockStart: 0,
    '@media': {
      [tablet]: { paddingInline: vars.space.xl },
    },
  },
]);

/** A card from tablets up; on a phone the plain page, so nothing narrows the chat. */
export const hero = style({
  containerType: 'inline-size',
  '@media': {
    [tablet]: {
      padding: vars.space.xl,
      borderRadius: vars.radius.xl,
      background: colorVars.surface.raised,
      border: `1px solid ${colorVars.border.subtle}`,
      boxShadow: shadow.md,
    },
  },
});

export const heroAlone = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  '@media': {
    [desktop]: { padding: vars.space.xl },
  },
});

/** Stacked (title, chat, pitch) until the hero is wide enough for the pitch beside the chat. */
export const heroWithChat = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gridTemplateAreas: '"title" "chat" "pitch"',
  gap: vars.space.lg,
  '@container': {
    '(min-width: 56rem)': {
      gridTemplateColumns: 'minmax(15rem, 20rem) minmax(0, 1fr)',
      gridTemplateRows: 'auto 1fr',
      gridTemplateAreas: '"title chat" "pitch chat"',
      columnGap: vars.space.xxl,
    },
  },
});

export const heroTitle = style({ gridArea: 'title' });

// On a phone a smaller title keeps the chat's composer on the first screen.
globalStyle(`${heroTitle} h1`, {
  '@media': {
    'screen and (max-width: 639.98px)': {
      fontSize: vars.fontSize.xl,
      lineHeight: vars.lineHeight.xl,
    },
  },
});

/**
 * The chat reaches to the bottom of the first screen: on a phone a little above the edge, from
 * tablets up with the hero card's padding and border (and a little air) still in view under it.
 */
export const heroChat = style({
  gridArea: 'chat',
  minWidth: 0,
  vars: { [gapProperty]: vars.space.md },
  '@media': {
    [tablet]: { vars: { [gapProperty]: `calc(${vars.space.xl} + 1px + ${vars.space.md})` } },
  },
});

export const heroPitch = style({
  gridArea: 'pitch',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.lg,
});
