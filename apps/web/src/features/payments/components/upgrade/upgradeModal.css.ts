import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

/** One step's content: the pieces one under the other. */
export const step = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
});

export const stepHeading = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.md,
  fontWeight: vars.fontWeight.semibold,
});

export const note = style({
  margin: 0,
  color: colorVars.text.muted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

/** 'Please sign in to continue to payment.', the exceeded message, a failed load. */
export const alert = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${colorVars.status.critical}`,
  background: colorVars.status.criticalSoft,
  color: colorVars.text.primary,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

/** The attempts info line: a warning, not an error yet. */
export const info = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${colorVars.status.warning}`,
  background: colorVars.status.warningSoft,
  color: colorVars.text.primary,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

/** Monthly / Yearly: two radios drawn as one segmented control. */
export const periodSwitch = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  margin: 0,
  padding: vars.space.xs,
  border: `1px solid ${colorVars.border.subtle}`,
  borderRadius: vars.radius.full,
  background: colorVars.surface.sunken,
  minInlineSize: 0,
  alignSelf: 'flex-start',
});

export const periodLegend = style({
  // The legend names the group for assistive technology; the step heading already says it.
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});

export const periodOption = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.full,
  color: colorVars.text.muted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': {
      background: colorVars.accent.solid,
      color: colorVars.accent.onSolid,
    },
    '&:has(input:focus-visible)': {
      outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

/** The native radio stays in the page (keyboard, screen readers) but the pill is what shows. */
export const periodInput = style({
  position: 'absolute',
  inset: 0,
  margin: 0,
  opacity: 0,
  cursor: 'pointer',
});

export const summaryHeading = style({
  margin: 0,
  marginBlockEnd: `calc(-1 * ${vars.space.sm})`,
  color: colorVars.text.muted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  fontWeight: vars.fontWeight.medium,
});

export const summary = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${colorVars.border.subtle}`,
  background: colorVars.surface.sunken,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

export const summaryTerm = style({
  color: colorVars.text.muted,
});

export const summaryValue = style({
  margin: 0,
  fontWeight: vars.fontWeight.semibold,
  textAlign: 'end',
});

export const headingRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});

export const providers = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const provider = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});
