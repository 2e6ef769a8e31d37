import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

/** A panel over the list: the move offer and its outcome, a failure, the visitor's note. */
export const notice = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  border: `1px solid ${colorVars.border.subtle}`,
  background: colorVars.surface.raised,
});

/** The move's progress, as wide as the panel. */
export const progress = style({ width: '100%', accentColor: colorVars.accent.solid });

/** The things not moved, each with why. */
export const failures = style({
  margin: 0,
  paddingInlineStart: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});

/** The kind tabs and the search: side by side when there is room, stacked on a phone. */
export const filters = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const search = style({ flex: '1 1 16rem', maxWidth: '24rem' });

/** A picture shown large. */
export const largePicture = style({
  display: 'block',
  width: '100%',
  height: 'auto',
  maxHeight: '70vh',
  objectFit: 'contain',
  borderRadius: vars.radius.md,
});

/** A document's start where a picture or a player would be: a page of words on a sunken sheet. */
export const documentPreview = style({
  padding: vars.space.md,
  minBlockSize: '6.5rem',
  background: colorVars.surface.sunken,
  borderBlockEnd: `1px solid ${colorVars.border.subtle}`,
});
