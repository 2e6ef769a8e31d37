import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '../../theme/contract.css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  fontFamily: vars.font.body,
});

export const row = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
});

/** Holds the real input (transparent, on top, so it takes clicks) and the drawn box under it. */
export const control = style({
  position: 'relative',
  display: 'inline-flex',
  flexShrink: 0,
  width: '1.25rem',
  // The label's line height, so the box sits centred on its first line.
  height: '1.25rem',
});

export const input = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  margin: 0,
  opacity: 0,
  cursor: 'pointer',
  zIndex: 1,
  selectors: { '&:disabled': { cursor: 'not-allowed' } },
});

export const box = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '100%',
  height: '100%',
  boxSizing: 'border-box',
  border: `2px solid ${colorVars.border.control}`,
  borderRadius: vars.radius.sm,
  background: colorVars.surface.sunken,
  color: colorVars.accent.onSolid,
  transition: `background-color ${vars.duration.fast} ${vars.easing.standard}, border-color ${vars.duration.fast} ${vars.easing.standard}`,
  selectors: {
    [`${input}:hover:not(:disabled) + &`]: { borderColor: colorVars.text.muted },
    [`${input}:checked + &`]: {
      background: colorVars.accent.solid,
      borderColor: colorVars.accent.solid,
    },
    [`${input}:checked:hover:not(:disabled) + &`]: {
      background: colorVars.accent.solidHover,
      borderColor: colorVars.accent.solidHover,
    },
    [`${input}[aria-invalid="true"]:not(:checked) + &`]: {
      borderColor: colorVars.status.critical,
    },
    [`${input}:focus-visible + &`]: {
      outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
      outlineOffset: '2px',
    },
    [`${input}:disabled + &`]: { opacity: 0.55 },
  },
});

export const check = style({
  display: 'inline-flex',
  opacity: 0,
  transform: 'scale(0.6)',
  transition: `opacity ${vars.duration.fast} ${vars.easing.standard}, transform ${vars.duration.fast} ${vars.easing.standard}`,
  selectors: {
    [`${input}:checked + ${box} &`]: { opacity: 1, transform: 'scale(1)' },
  },
});

export const label = style({
  color: colorVars.text.primary,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  cursor: 'pointer',
  overflowWrap: 'anywhere',
  selectors: {
    [`${row}:has(${input}:disabled) &`]: { cursor: 'not-allowed' },
  },
});

/** Hint and error line up with the label text, not with the box. */
export const messages = style({
  display: 'flex',
  flexDirection: 'column',
  paddingInlineStart: `calc(1.25rem + ${vars.space.sm})`,
});

/** The hint sits under the label here (the field layout puts it above the control). */
export const hint = style({
  selectors: { [`${messages} > &`]: { marginTop: vars.space.xs, marginBottom: 0 } },
});
