import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '../../theme/contract.css';
import { focusRing } from '../../styles/shared.css';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const title = style({
  margin: 0,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.lg,
  fontWeight: vars.fontWeight.semibold,
});

export const description = style({
  margin: `${vars.space.xxs} 0 0`,
  color: colorVars.text.muted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

const notice = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'flex-start',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

export const warning = style([
  notice,
  { background: colorVars.status.warningSoft, color: colorVars.status.warning },
]);
export const critical = style([
  notice,
  { background: colorVars.status.criticalSoft, color: colorVars.status.critical },
]);
export const success = style([
  notice,
  { background: colorVars.status.successSoft, color: colorVars.status.success },
]);
export const info = style([
  notice,
  { background: colorVars.surface.sunken, color: colorVars.text.primary },
]);

export const fieldset = style({ border: 0, margin: 0, padding: 0, minWidth: 0 });

export const legend = style({
  padding: 0,
  marginBottom: vars.space.sm,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const options = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const option = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${colorVars.border.control}`,
  background: colorVars.surface.raised,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': {
      borderColor: colorVars.accent.solid,
      background: colorVars.accent.soft,
      boxShadow: `inset 0 0 0 1px ${colorVars.accent.solid}`,
    },
    '&:has(input:focus-visible)': {
      outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
      outlineOffset: '2px',
    },
    '&:has(input:disabled)': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

export const radio = style({
  margin: 0,
  width: '1.125rem',
  height: '1.125rem',
  flexShrink: 0,
  accentColor: colorVars.accent.solid,
});

export const optionText = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });
export const optionName = style({ fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });
export const optionMeta = style({
  color: colorVars.text.muted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  overflowWrap: 'anywhere',
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  justifyContent: 'space-between',
  alignItems: 'center',
});

export const footerGroup = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const textButton = style([
  focusRing,
  {
    background: 'none',
    border: 0,
    padding: `${vars.space.xs} 0`,
    color: colorVars.accent.text,
    fontWeight: vars.fontWeight.medium,
    fontSize: vars.fontSize.sm,
    cursor: 'pointer',
    textDecoration: 'underline',
    textUnderlineOffset: '0.2em',
  },
]);

export const submitRow = style({ display: 'flex', marginTop: vars.space.lg });
