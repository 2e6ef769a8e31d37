import { globalStyle, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { colorVars, vars } from '../../theme/contract.css';

export const card = recipe({
  base: {
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.sm,
    minWidth: 0,
    margin: 0,
    padding: vars.space.sm,
    listStyle: 'none',
    borderRadius: vars.radius.lg,
    border: `1px solid ${colorVars.border.subtle}`,
    background: colorVars.surface.raised,
    color: colorVars.text.primary,
  },
  variants: {
    selected: {
      // Two pixels of the accent: the border and a ring inside it, so nothing moves.
      true: {
        borderColor: colorVars.accent.solid,
        boxShadow: `inset 0 0 0 1px ${colorVars.accent.solid}`,
      },
      false: {},
    },
  },
});

/**
 * The media's frame keeps its shape before the media arrives (no layout shift as pictures load):
 * a fixed aspect ratio, or the media's own height (`auto`: an audio player).
 */
export const frame = recipe({
  base: {
    position: 'relative',
    display: 'block',
    width: '100%',
    padding: 0,
    border: 'none',
    borderRadius: vars.radius.md,
    background: colorVars.surface.sunken,
    color: colorVars.text.muted,
    overflow: 'hidden',
  },
  variants: {
    aspectRatio: {
      square: { aspectRatio: '1 / 1' },
      landscape: { aspectRatio: '4 / 3' },
      portrait: { aspectRatio: '3 / 4' },
      wide: { aspectRatio: '16 / 9' },
      auto: {},
    },
    opens: {
      true: {
        cursor: 'zoom-in',
        outline: 'none',
        selectors: {
          '&:focus-visible': {
            outline: `${vars.focusRingWidth} solid ${colorVars.focusRing}`,
            outlineOffset: '2px',
          },
        },
      },
      false: {},
    },
  },
});

/** A picture or video fills the frame, cropped (`cover`) or whole (`contain`). */
export const fitCover = style({});
export const fitContain = style({});
for (const [fit, objectFit] of [
  [fitCover, 'cover'],
  [fitContain, 'contain'],
] as const) {
  globalStyle(`${fit} > :is(img, video)`, {
    display: 'block',
    width: '100%',
    height: '100%',
    objectFit,
  });
}

/** Text in the frame instead of the media: it failed, or it is still being made. */
export const status = style({
  display: 'grid',
  placeItems: 'center',
  height: '100%',
  minHeight: '4rem',
  padding: vars.space.sm,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  textAlign: 'center',
});

/** The frame while the card loads: its shape, or some height when the media sets its own. */
export const placeholder = style({ height: '100%', minHeight: '4rem' });

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  minWidth: 0,
});

/** A prompt may be one long word: it breaks anywhere rather than widen the card. */
export const title = style({ overflowWrap: 'anywhere' });

/** Beside the menu the title takes the row's room (never in the card's column: it would grow). */
export const titleBesideMenu = style({ flex: '1 1 auto' });

export const menu = style({ flex: 'none', marginBlock: `calc(-1 * ${vars.space.xxs})` });

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: vars.space.sm,
  rowGap: vars.space.xxs,
  margin: 0,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.xs,
  color: colorVars.text.muted,
});

export const term = style({ fontWeight: vars.fontWeight.medium });

export const value = style({
  margin: 0,
  minWidth: 0,
  overflowWrap: 'anywhere',
  color: colorVars.text.primary,
});

/** The actions sit at the bottom, so a row of cards of different heights lines them up. */
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  marginTop: 'auto',
});

/** A term and its value: the wrapper takes no box, so the pair sits in the list's two columns. */
export const detail = style({ display: 'contents' });
