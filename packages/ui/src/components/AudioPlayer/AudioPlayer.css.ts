import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '../../theme/contract.css';

/**
 * One row of a fixed height: play/pause, the waveform taking the room, the clock, the download
 * slot. Nothing in it changes size as the sound loads or plays (a fixed-width clock in tabular
 * figures), so a list of players never moves.
 */
export const player = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minWidth: 0,
  padding: vars.space.xs,
});

export const wave = style({ flex: '1 1 auto', minWidth: 0 });

export const clock = style({
  flex: 'none',
  minWidth: '5.5em',
  textAlign: 'end',
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.xs,
  fontVariantNumeric: 'tabular-nums',
  color: colorVars.text.muted,
  whiteSpace: 'nowrap',
});

export const download = style({ flex: 'none', display: 'flex', alignItems: 'center' });

/** The sound cannot be played: said in the waveform's place, at its height. */
export const failed = style({
  flex: '1 1 auto',
  minWidth: 0,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  color: colorVars.status.critical,
});
