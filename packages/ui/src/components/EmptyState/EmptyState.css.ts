import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { colorVars, vars } from '../../theme/contract.css';

export const root = recipe({
  base: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: vars.space.md,
    paddingBlock: vars.space.xxl,
    paddingInline: vars.space.xl,
    textAlign: 'center',
    color: colorVars.text.primary,
  },
  variants: {
    bordered: {
      true: {
        border: `1px dashed ${colorVars.border.control}`,
        borderRadius: vars.radius.lg,
      },
    },
  },
});

export const icon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '3rem',
  height: '3rem',
  marginBottom: vars.space.xs,
  borderRadius: vars.radius.full,
  background: colorVars.accent.soft,
  color: colorVars.text.primary,
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.lg,
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
});

export const description = style({
  margin: 0,
  maxWidth: '28rem',
  color: colorVars.text.muted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  overflowWrap: 'anywhere',
});

export const action = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.sm,
  marginTop: vars.space.sm,
});
