import { styleVariants } from '@vanilla-extract/css';

/**
 * Room kept while a tool's catalogue loads, about the height of the form that replaces the
 * spinner, so what is below it does not jump when the form arrives.
 */
export const reserve = styleVariants({
  short: { minHeight: '16rem' },
  medium: { minHeight: '22rem' },
  tall: { minHeight: '28rem' },
});
