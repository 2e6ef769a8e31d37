import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@studio/ui';

/** The printable part: wraps the dialog's heading and the receipt, not its buttons. */
export const printable = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

/*
 * Printing with a receipt open shows the receipt alone: everything else on the page is hidden
 * (visibility, so the receipt's ancestors keep their boxes), and the receipt is laid at the top
 * of the sheet. Only while a receipt is on the page: this stylesheet stays loaded afterwards, and
 * printing any other page must still print that page.
 */
globalStyle(`body:has(${printable}) *`, {
  '@media': { print: { visibility: 'hidden' } },
});
globalStyle(`${printable}, ${printable} *`, {
  '@media': { print: { visibility: 'visible' } },
});
globalStyle(printable, {
  '@media': {
    print: { position: 'fixed', insetBlockStart: 0, insetInlineStart: 0, width: '100%' },
  },
});
// The dialog's buttons (close, print) are not part of the paper.
globalStyle(`${printable} button`, {
  '@media': { print: { display: 'none' } },
});
