import { style, styleVariants } from '@vanilla-extract/css';
import { colorVars, vars } from '../../theme/contract.css';

const markerSize = vars.controlHeight.sm;

export const root = style({ width: '100%' });

export const position = style({
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.xs,
  fontWeight: vars.fontWeight.medium,
  color: colorVars.text.muted,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});

export const list = style({
  display: 'flex',
  alignItems: 'flex-start',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const step = style({
  position: 'relative',
  flex: '1 1 0',
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
  paddingInline: vars.space.xs,
  textAlign: 'center',
});

/** The line to the next step, from the edge of this marker to the edge of the next one. */
export const connector = style({
  position: 'absolute',
  top: `calc(${markerSize} / 2 - 1px)`,
  insetInlineStart: `calc(50% + ${markerSize} / 2 + ${vars.space.xs})`,
  insetInlineEnd: `calc(-50% + ${markerSize} / 2 + ${vars.space.xs})`,
  height: '2px',
  borderRadius: vars.radius.full,
});

export const connectorStatus = styleVariants({
  completed: { background: colorVars.accent.solid },
  current: { background: colorVars.border.control },
  upcoming: { background: colorVars.border.control },
});

export const marker = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: markerSize,
  height: markerSize,
  borderRadius: vars.radius.full,
  borderWidth: '2px',
  borderStyle: 'solid',
  fontSize: vars.fontSize.sm,
  lineHeight: 1,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
});

export const markerStatus = styleVariants({
  completed: {
    background: colorVars.accent.solid,
    borderColor: colorVars.accent.solid,
    color: colorVars.accent.onSolid,
  },
  current: {
    background: 'transparent',
    borderColor: colorVars.accent.solid,
    color: colorVars.accent.text,
    // A soft halo makes "you are here" obvious without relying on colour alone.
    boxShadow: `0 0 0 4px ${colorVars.accent.soft}`,
  },
  upcoming: {
    background: 'transparent',
    borderColor: colorVars.border.control,
    color: colorVars.text.muted,
  },
});

export const label = style({
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  overflowWrap: 'anywhere',
});

export const labelStatus = styleVariants({
  completed: { color: colorVars.text.primary },
  current: { color: colorVars.text.primary, fontWeight: vars.fontWeight.semibold },
  upcoming: { color: colorVars.text.muted },
});
