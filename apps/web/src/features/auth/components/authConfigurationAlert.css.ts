import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

export const alert = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.lg}`,
  background: colorVars.status.criticalSoft,
  color: colorVars.text.primary,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

// The text wraps beside its icon rather than dropping under it (a long line at 1024 px did).
export const text = style({ margin: 0, minWidth: 0 });
