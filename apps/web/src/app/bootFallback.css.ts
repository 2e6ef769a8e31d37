import { keyframes, style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const fallback = style({
  position: 'fixed',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  background: colorVars.surface.base,
});

export const ring = style({
  width: '2.5rem',
  height: '2.5rem',
  borderRadius: vars.radius.full,
  border: `3px solid ${colorVars.border.subtle}`,
  borderTopColor: colorVars.accent.solid,
  animation: `${spin} 0.8s linear infinite`,
});
