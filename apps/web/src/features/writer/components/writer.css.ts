import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

/*
 * Layout glue only: the pieces are @studio/ui's. The settings beside the editor on a wide
 * screen, the editor beside its preview, the versions' comparison side by side; one column on a
 * phone. The diff's marks are the only colours, and they are roles.
 */

const phone = '(max-width: 48em)';

export const page = style({ display: 'grid', gap: vars.space.xl, minInlineSize: 0 });

/** Holds the screen while the catalogue loads, so what follows does not jump. */
export const workspace = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(16rem, 22rem) minmax(0, 1fr)',
  gap: vars.space.lg,
  alignItems: 'start',
  '@media': { [phone]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const panel = style({
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: colorVars.surface.raised,
  border: `1px solid ${colorVars.border.subtle}`,
  minInlineSize: 0,
  // Brought into view as writing starts (WriterPage): clear of the sticky header's row (about
  // 3.5rem: its controls and padding) with a gap.
  scrollMarginTop: `calc(3.5rem + ${vars.space.md})`,
  '@media': { '(max-width: 30em)': { padding: vars.space.md } },
});

export const sideBySide = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.md,
  minInlineSize: 0,
  '@media': { [phone]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const preview = style({
  minBlockSize: '16rem',
  maxBlockSize: '32rem',
  overflow: 'auto',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${colorVars.border.subtle}`,
  background: colorVars.surface.base,
});

export const versionText = style([preview, { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }]);

export const list = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${colorVars.border.subtle}`,
});

export const current = style({ borderColor: colorVars.accent.solid });

export const added = style({
  background: colorVars.status.successSoft,
  color: colorVars.status.success,
  textDecoration: 'none',
});

export const removed = style({
  background: colorVars.status.criticalSoft,
  color: colorVars.status.critical,
  textDecoration: 'line-through',
});
