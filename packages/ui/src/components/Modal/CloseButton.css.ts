import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '../../theme/contract.css';
import { focusRing } from '../../styles/shared.css';

export const closeButton = style([
  focusRing,
  {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    width: vars.controlHeight.sm,
    height: vars.controlHeight.sm,
    padding: 0,
    border: '1px solid transparent',
    borderRadius: vars.radius.md,
    background: 'transparent',
    color: colorVars.text.muted,
    cursor: 'pointer',
    transition: `background-color ${vars.duration.fast} ${vars.easing.standard}, color ${vars.duration.fast} ${vars.easing.standard}`,
    selectors: {
      '&:hover': { background: colorVars.surface.hover, color: colorVars.text.primary },
    },
  },
]);
