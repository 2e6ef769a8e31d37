import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { colorVars, shadow, vars } from '../../theme/contract.css';

const rotate = keyframes({ to: { transform: 'rotate(360deg)' } });

export const status = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.sm,
    color: colorVars.text.primary,
  },
  variants: {
    size: {
      small: { fontSize: vars.fontSize.sm, lineHeight: vars.lineHeight.sm },
      medium: { fontSize: vars.fontSize.sm, lineHeight: vars.lineHeight.sm },
      large: {
        flexDirection: 'column',
        gap: vars.space.md,
        fontSize: vars.fontSize.md,
        lineHeight: vars.lineHeight.md,
      },
    },
    // In an overlay the indicator sits on a raised panel: text is never read on the translucent scrim.
    panel: {
      true: {
        flexDirection: 'column',
        gap: vars.space.md,
        maxWidth: 'min(20rem, calc(100% - 2rem))',
        paddingBlock: vars.space.lg,
        paddingInline: vars.space.xl,
        borderRadius: vars.radius.lg,
        background: colorVars.surface.raised,
        border: `1px solid ${colorVars.border.subtle}`,
        boxShadow: shadow.lg,
        textAlign: 'center',
      },
    },
  },
});

export const ring = recipe({
  base: {
    flexShrink: 0,
    display: 'inline-block',
    borderRadius: vars.radius.full,
    borderStyle: 'solid',
    borderColor: colorVars.border.subtle,
    borderTopColor: colorVars.accent.solid,
    animation: `${rotate} 0.8s linear infinite`,
  },
  variants: {
    size: {
      small: { width: '1rem', height: '1rem', borderWidth: '2px' },
      medium: { width: '1.5rem', height: '1.5rem', borderWidth: '3px' },
      large: { width: '2.5rem', height: '2.5rem', borderWidth: '4px' },
    },
  },
});

export const label = style({ overflowWrap: 'anywhere' });

export const overlay = recipe({
  base: {
    inset: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    background: colorVars.overlay,
    zIndex: vars.zIndex.overlay,
  },
  variants: {
    scope: {
      // Covers the nearest positioned ancestor (give the parent position: relative).
      parent: { position: 'absolute', borderRadius: 'inherit' },
      fullscreen: { position: 'fixed' },
    },
  },
});
