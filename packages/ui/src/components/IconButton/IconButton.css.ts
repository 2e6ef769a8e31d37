import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

/** Squares Button's shape: as wide as it is tall, no side padding. */
export const iconButton = recipe({
  base: { paddingInline: 0, flexShrink: 0 },
  variants: {
    size: {
      sm: { width: vars.controlHeight.sm, minWidth: vars.controlHeight.sm },
      md: { width: vars.controlHeight.md, minWidth: vars.controlHeight.md },
      lg: { width: vars.controlHeight.lg, minWidth: vars.controlHeight.lg },
    },
  },
  defaultVariants: { size: 'md' },
});

export const icon = style({ display: 'inline-flex' });
