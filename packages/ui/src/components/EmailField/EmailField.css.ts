import { style } from '@vanilla-extract/css';

/** Addresses are read left to right even inside a right-to-left page. */
export const input = style({ direction: 'ltr' });
