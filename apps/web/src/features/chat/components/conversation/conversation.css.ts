import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

export const call = style({
  display: 'grid',
  gap: vars.space.lg,
  justifyItems: 'center',
  textAlign: 'center',
});

const pulse = keyframes({
  '0%': { transform: 'scale(1)' },
  '50%': { transform: 'scale(1.08)' },
  '100%': { transform: 'scale(1)' },
});

/** The round indicator: its colour says who has the floor; it never changes size in the layout. */
const orbBase = style({
  width: '7rem',
  height: '7rem',
  borderRadius: vars.radius.full,
  display: 'grid',
  placeItems: 'center',
  border: `2px solid ${colorVars.border.subtle}`,
  transition: 'background-color 150ms ease',
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none !important' } },
});

export const orb = styleVariants({
  idle: [orbBase, { background: colorVars.surface.sunken, color: colorVars.text.muted }],
  user: [
    orbBase,
    {
      background: colorVars.status.criticalSoft,
      color: colorVars.status.critical,
      animation: `${pulse} 1.2s ease-in-out infinite`,
    },
  ],
  busy: [orbBase, { background: colorVars.surface.sunken, color: colorVars.text.primary }],
  assistant: [
    orbBase,
    {
      background: colorVars.accent.soft,
      color: colorVars.accent.text,
      animation: `${pulse} 1.6s ease-in-out infinite`,
    },
  ],
});

export const phase = style({
  fontSize: vars.fontSize.lg,
  fontWeight: 600,
  minHeight: '1.75rem',
});

export const captions = style({
  display: 'grid',
  gap: vars.space.sm,
  width: '100%',
  minHeight: '6rem',
  textAlign: 'start',
});

export const caption = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: colorVars.surface.sunken,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

export const controls = style({
  display: 'flex',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  justifyContent: 'center',
});
