import { style } from '@vanilla-extract/css';

/** The message's own text, line breaks kept, while the renderer loads. */
export const plainText = style({
  margin: 0,
  whiteSpace: 'pre-wrap',
});
