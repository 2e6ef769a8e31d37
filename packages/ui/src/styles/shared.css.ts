import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '../theme/contract.css';

/** The one keyboard focus indicator: 2 px ring in the theme's focus colour, offset from the edge. */
export const focusRing = style({
  outline: 'none',
  selectors: {
    '&:focus-visible': {
      outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

/**
 * Hidden on screen, still read by assistive technology. The rules are exported too, for a page
 * that hides something only at some sizes (inside its own @media or @container query).
 */
export const visuallyHiddenRules = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

export const visuallyHidden = style(visuallyHiddenRules);
