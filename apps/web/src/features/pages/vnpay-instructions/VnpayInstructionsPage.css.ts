import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

export const steps = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  counterReset: 'step',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
});

export const step = style({
  counterIncrement: 'step',
  display: 'grid',
  gridTemplateColumns: '2.5rem minmax(0, 1fr)',
  gap: vars.space.lg,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `1px solid ${colorVars.border.subtle}`,
  background: colorVars.surface.raised,
  selectors: {
    // The number is drawn from the list's own counter, so it always matches the <ol> order.
    '&::before': {
      content: 'counter(step)',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: '2.5rem',
      height: '2.5rem',
      borderRadius: vars.radius.full,
      background: colorVars.accent.solid,
      color: colorVars.accent.onSolid,
      fontWeight: vars.fontWeight.bold,
    },
  },
});

export const stepBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
  lineHeight: vars.lineHeight.md,
});

export const options = style({
  margin: 0,
  paddingInlineStart: vars.space.xl,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const warning = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: colorVars.status.warningSoft,
  color: colorVars.text.primary,
});
