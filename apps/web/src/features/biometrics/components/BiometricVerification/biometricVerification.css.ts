import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

/** A panel of the biometric screens: the picker or the manager with what surrounds it. */
export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${colorVars.border.subtle}`,
  background: colorVars.surface.raised,
});

/** The inline "name your new device" form under the picker. */
export const addForm = style({
  paddingTop: vars.space.md,
  borderTop: `1px solid ${colorVars.border.subtle}`,
});
