import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const textarea = style({
  resize: 'vertical',
  minHeight: `calc(${vars.lineHeight.sm} * 2)`,
  paddingBlock: 0,
  overflowWrap: 'anywhere',
});

/** A box its caller heightens with its text: capped, then scrolling. */
export const growing = style({ resize: 'none', maxBlockSize: '16rem', overflowY: 'auto' });
