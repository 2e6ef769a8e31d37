import { style } from '@vanilla-extract/css';
import { colorVars, vars, visuallyHiddenRules } from '@studio/ui';
import { narrowChat } from '../chat.css';

const focusRing = {
  outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
  outlineOffset: '2px',
};

export const settings = style({
  display: 'grid',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
});

export const legend = style({
  padding: 0,
  marginBlockEnd: vars.space.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const hiddenLegend = style(visuallyHiddenRules);

/** The button's name: in a narrow chat only read out, so the button fits beside the model. */
export const buttonTitle = style({
  '@container': { [narrowChat]: visuallyHiddenRules },
});

/** "On" or "Off" after the button's name. */
export const state = style({
  paddingInlineStart: vars.space.xs,
  color: colorVars.text.muted,
  fontWeight: vars.fontWeight.regular,
});

export const select = style({
  width: '100%',
  minHeight: vars.controlHeight.md,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${colorVars.border.control}`,
  background: colorVars.surface.base,
  color: colorVars.text.primary,
  font: 'inherit',
  selectors: {
    '&:focus-visible': focusRing,
    '&:disabled': { opacity: 0.6, cursor: 'not-allowed' },
  },
});

export const slider = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  alignItems: 'center',
  gap: `${vars.space.xs} ${vars.space.md}`,
});

export const sliderLabel = style({
  fontWeight: vars.fontWeight.medium,
});

export const sliderValue = style({
  fontVariantNumeric: 'tabular-nums',
  color: colorVars.text.muted,
});

export const range = style({
  gridColumn: '1 / -1',
  width: '100%',
  accentColor: colorVars.accent.solid,
  selectors: { '&:focus-visible': focusRing, '&:disabled': { opacity: 0.6 } },
});

export const scale = style({
  gridColumn: '1 / -1',
  display: 'flex',
  justifyContent: 'space-between',
  color: colorVars.text.muted,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.xs,
});

export const note = style({
  margin: 0,
  color: colorVars.text.muted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

export const alert = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: colorVars.status.criticalSoft,
  color: colorVars.text.primary,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

export const player = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xxs} ${vars.space.sm} ${vars.space.xxs} ${vars.space.xxs}`,
  borderRadius: vars.radius.full,
  border: `1px solid ${colorVars.border.subtle}`,
  background: colorVars.surface.raised,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

export const playerState = style({
  color: colorVars.text.muted,
});
