import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { colorVars, vars } from '../../theme/contract.css';
import { focusRing } from '../../styles/shared.css';

/**
 * The slider: a fixed height whatever it shows (bars, a plain bar, the loading state), so nothing
 * around it moves when the peaks arrive.
 */
export const waveform = recipe({
  base: [
    focusRing,
    {
      position: 'relative',
      display: 'block',
      width: '100%',
      minWidth: 0,
      borderRadius: vars.radius.sm,
      cursor: 'pointer',
      touchAction: 'none',
      userSelect: 'none',
      color: colorVars.border.control,
      selectors: {
        '&[aria-disabled="true"]': { cursor: 'default' },
      },
    },
  ],
  variants: {
    size: {
      sm: { height: '2rem' },
      md: { height: '3rem' },
    },
  },
});

export const bars = style({ display: 'block', width: '100%', height: '100%' });

/** A bar already heard: the accent; those still to come: the control border's colour. */
export const played = style({ fill: colorVars.accent.solid });
export const unplayed = style({ fill: colorVars.border.control });

const pulse = keyframes({ '0%, 100%': { opacity: 0.45 }, '50%': { opacity: 1 } });

/** Placeholder bars while the sound is decoded (motion only for those who allow it). */
export const loadingBar = style({
  fill: colorVars.border.subtle,
  '@media': {
    '(prefers-reduced-motion: no-preference)': {
      animation: `${pulse} 1.4s ${vars.easing.standard} infinite`,
    },
  },
});

/** No picture of the sound (it could not be decoded): a plain progress bar, centred. */
export const track = style({
  position: 'absolute',
  insetInline: 0,
  top: '50%',
  height: '0.375rem',
  transform: 'translateY(-50%)',
  borderRadius: vars.radius.full,
  background: colorVars.border.control,
  overflow: 'hidden',
});

export const fill = style({
  height: '100%',
  background: colorVars.accent.solid,
});

/** A named place (a section's start): a thin line over the bars, its name at the top. */
export const marker = style({
  position: 'absolute',
  insetBlock: 0,
  borderInlineStart: `1px dashed ${colorVars.text.muted}`,
  pointerEvents: 'none',
  // The label's room is the marker's width (to the next marker): measured by the query below.
  containerType: 'inline-size',
});

export const markerLabel = style({
  position: 'absolute',
  top: 0,
  insetInlineStart: '2px',
  paddingInline: '2px',
  borderRadius: vars.radius.sm,
  background: colorVars.surface.raised,
  color: colorVars.text.muted,
  fontSize: '0.625rem',
  lineHeight: 1.2,
  whiteSpace: 'nowrap',
  maxWidth: 'min(8em, calc(100% - 4px))',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  '@container': {
    // Too little room for a word's start: no label (the slider's value text still names it).
    '(max-width: 2.25rem)': { display: 'none' },
  },
});
