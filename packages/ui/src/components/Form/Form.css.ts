import { style } from '@vanilla-extract/css';
import { colorVars, vars } from '../../theme/contract.css';

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  minWidth: 0,
});

export const compact = style({
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: vars.space.sm,
});

export const banner = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${colorVars.status.critical}`,
  borderRadius: vars.radius.md,
  background: colorVars.status.criticalSoft,
  color: colorVars.status.critical,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  overflowWrap: 'anywhere',
});

export const bannerIcon = style({
  display: 'inline-flex',
  flexShrink: 0,
  // Centres the 16 px icon on the first line of text.
  marginTop: '0.125rem',
});

export const bannerBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  minWidth: 0,
});

export const bannerTitle = style({
  margin: 0,
  fontWeight: vars.fontWeight.semibold,
});

export const bannerText = style({ margin: 0 });
