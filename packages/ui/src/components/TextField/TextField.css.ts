import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

/** Native number spinners and search clear buttons clash with the well; the field stays plain. */
export const input = style({
  height: '100%',
  paddingBlock: vars.space.xs,
  selectors: {
    '&::-webkit-search-cancel-button': { appearance: 'none' },
  },
});
