import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '../../theme/contract.css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  minWidth: 0,
});

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.lg,
  fontWeight: vars.fontWeight.semibold,
});

export const description = style({
  margin: `${vars.space.xxs} 0 0`,
  color: colorVars.text.muted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  maxWidth: '40rem',
});

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const row = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.lg,
  background: colorVars.surface.raised,
  border: `1px solid ${colorVars.border.subtle}`,
  borderRadius: vars.radius.lg,
  '@media': {
    'screen and (max-width: 639px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});

export const nameLine = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  minWidth: 0,
});

export const name = style({
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
});

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: vars.space.xl,
  rowGap: vars.space.xxs,
  margin: `${vars.space.xs} 0 0`,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

export const metaItem = style({ display: 'flex', gap: vars.space.xs, minWidth: 0 });
export const metaTerm = style({ color: colorVars.text.muted });
export const metaValue = style({ margin: 0, overflowWrap: 'anywhere' });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  justifyContent: 'flex-end',
});

export const nameForm = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
  gridColumn: '1 / -1',
});

export const nameFormField = style({ flex: '1 1 16rem', minWidth: 0 });

export const addPanel = style({
  padding: vars.space.lg,
  background: colorVars.surface.raised,
  border: `1px solid ${colorVars.border.subtle}`,
  borderRadius: vars.radius.lg,
});

export const errorPanel = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: colorVars.status.criticalSoft,
  color: colorVars.status.critical,
});

export const setting = style({
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `1px solid ${colorVars.border.subtle}`,
});
