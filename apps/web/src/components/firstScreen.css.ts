import { globalStyle, style } from '@vanilla-extract/css';

/** Set on the block by FirstScreen: how far down the page it starts, in px. */
export const topProperty = '--first-screen-top';
/**
 * Set by a page on the block or around it: the room to leave under it on the first screen (the
 * padding and border of a card it sits in, say). None by default.
 */
export const gapProperty = '--first-screen-gap';

const reaching = (viewport: string) =>
  `calc(${viewport} - var(${topProperty}, 0px) - var(${gapProperty}, 0px))`;

export const firstScreen = style({
  display: 'flex',
  flexDirection: 'column',
  minInlineSize: 0,
  // 100vh first for browsers without dynamic viewport units; 100dvh follows a phone's toolbar.
  blockSize: [reaching('100vh'), reaching('100dvh')],
  // A screen too short for it (a phone held sideways) keeps a usable block; the page scrolls.
  minBlockSize: '22rem',
});

// What it holds (one element: the chat, or its loading placeholder) takes all of it.
globalStyle(`${firstScreen} > *`, {
  flex: '1 1 auto',
  minBlockSize: 0,
});
