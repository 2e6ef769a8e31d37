import { style } from '@vanilla-extract/css';
import { breakpoints } from '@studio/tokens';
import { colorVars, vars } from '@studio/ui';

const desktop = `screen and (min-width: ${breakpoints.desktop}px)`;

/** Contents above the text on small screens; a sticky column beside it on desktops. */
export const layout = style({
  display: 'grid',
  gap: vars.space.xxl,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': {
    [desktop]: { gridTemplateColumns: '16rem minmax(0, 1fr)', alignItems: 'start' },
  },
});

export const toc = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: colorVars.surface.raised,
  border: `1px solid ${colorVars.border.subtle}`,
  '@media': {
    [desktop]: { position: 'sticky', top: vars.space.lg },
  },
});

export const tocTitle = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  fontWeight: vars.fontWeight.semibold,
  color: colorVars.text.muted,
});

export const tocList = style({
  margin: 0,
  paddingInlineStart: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxl,
});

export const meta = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: colorVars.text.muted,
});

export const related = style({
  paddingTop: vars.space.xl,
  borderTop: `1px solid ${colorVars.border.subtle}`,
});
