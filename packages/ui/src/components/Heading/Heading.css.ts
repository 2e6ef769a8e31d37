import { recipe } from '@vanilla-extract/recipes';
import { breakpoints } from '@studio/tokens';
import { vars } from '../../theme/contract.css';

const desktop = `screen and (min-width: ${breakpoints.desktop}px)`;

/** The four heading steps of the type scale, largest first. */
export const heading = recipe({
  base: {
    margin: 0,
    overflowWrap: 'break-word',
  },
  variants: {
    level: {
      // A page's title: the display size on a desktop's wide screen.
      1: {
        fontSize: vars.fontSize.xxl,
        lineHeight: vars.lineHeight.xxl,
        fontWeight: vars.fontWeight.bold,
        '@media': {
          [desktop]: { fontSize: vars.fontSize.display, lineHeight: vars.lineHeight.display },
        },
      },
      // A section of a page.
      2: {
        fontSize: vars.fontSize.xl,
        lineHeight: vars.lineHeight.xl,
        fontWeight: vars.fontWeight.bold,
      },
      // A card, a panel, a tool's block.
      3: {
        fontSize: vars.fontSize.lg,
        lineHeight: vars.lineHeight.lg,
        fontWeight: vars.fontWeight.semibold,
      },
      // A list's or a notice's title, at the body size.
      4: {
        fontSize: vars.fontSize.md,
        lineHeight: vars.lineHeight.md,
        fontWeight: vars.fontWeight.semibold,
      },
    },
  },
});
