import { style } from '@vanilla-extract/css';
import { vars } from '@studio/ui';
import { gapProperty } from '../components/firstScreen.css';

/** /home: the conversation list beside the chat; under it on narrow screens. */
export const workspace = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.lg,
  width: '100%',
  alignItems: 'start',
  '@media': {
    'screen and (min-width: 56rem)': {
      gridTemplateColumns: 'minmax(14rem, 18rem) minmax(0, 1fr)',
      gridTemplateAreas: '"list chat"',
    },
  },
});

export const chat = style({
  minWidth: 0,
  // A little air under the composer at the bottom of the first screen.
  vars: { [gapProperty]: vars.space.lg },
  '@media': {
    'screen and (min-width: 56rem)': { gridArea: 'chat' },
  },
});

export const list = style({
  minWidth: 0,
  '@media': {
    'screen and (min-width: 56rem)': { gridArea: 'list' },
  },
});
