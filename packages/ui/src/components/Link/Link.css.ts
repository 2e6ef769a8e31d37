import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '../../theme/contract.css';
import { focusRing } from '../../styles/shared.css';

/**
 * The link look, for <Link> and for a router's own link component. Underlined by default: inside
 * a sentence a link must not be told apart by colour alone (WCAG 1.4.1).
 */
export const linkStyles = style([
  focusRing,
  {
    color: colorVars.accent.text,
    fontWeight: vars.fontWeight.medium,
    textDecorationLine: 'underline',
    textDecorationThickness: '1px',
    // Clears Vietnamese dots below (ụ, ị) as well as descenders.
    textUnderlineOffset: '0.25em',
    textDecorationSkipInk: 'auto',
    borderRadius: vars.radius.sm,
    cursor: 'pointer',
    overflowWrap: 'anywhere',
    transition: `text-decoration-thickness ${vars.duration.fast} ${vars.easing.standard}`,
    selectors: {
      '&:hover, &:focus-visible': { textDecorationThickness: '2px' },
    },
  },
]);

/** For links that stand alone (not inside running text): the underline appears on hover/focus. */
export const underlineOnHover = style({
  selectors: {
    [`${linkStyles}&`]: { textDecorationLine: 'none' },
    [`${linkStyles}&:hover, ${linkStyles}&:focus-visible`]: { textDecorationLine: 'underline' },
  },
});

export const externalIcon = style({
  display: 'inline-block',
  marginInlineStart: '0.2em',
  verticalAlign: '-0.125em',
});
