import { globalStyle, style } from '@vanilla-extract/css';
import { colorVars, vars } from '@studio/ui';

export const markdown = style({
  display: 'grid',
  gap: vars.space.sm,
  lineHeight: vars.lineHeight.md,
});

globalStyle(`${markdown} > *`, { margin: 0 });
globalStyle(`${markdown} a`, { color: colorVars.accent.text });
globalStyle(`${markdown} table`, {
  borderCollapse: 'collapse',
  display: 'block',
  overflowX: 'auto',
});
globalStyle(`${markdown} th, ${markdown} td`, {
  border: `1px solid ${colorVars.border.subtle}`,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  textAlign: 'start',
});
globalStyle(`${markdown} :not(pre) > code`, {
  fontFamily: vars.font.mono,
  fontSize: '0.9em',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  background: colorVars.surface.sunken,
});
globalStyle(`${markdown} blockquote`, {
  paddingInlineStart: vars.space.md,
  borderInlineStart: `3px solid ${colorVars.border.control}`,
  color: colorVars.text.muted,
});

export const codeBlock = style({
  borderRadius: vars.radius.md,
  border: `1px solid ${colorVars.border.subtle}`,
  background: colorVars.surface.sunken,
  overflow: 'hidden',
});

export const codeHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  paddingInline: vars.space.sm,
  paddingBlock: vars.space.xxs,
  borderBlockEnd: `1px solid ${colorVars.border.subtle}`,
  color: colorVars.text.muted,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.xs,
});

export const pre = style({
  margin: 0,
  padding: vars.space.md,
  overflowX: 'auto',
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
});

// Highlighting (rehype-highlight's hljs classes) in theme roles, so every theme keeps contrast.
globalStyle(
  `${pre} .hljs-keyword, ${pre} .hljs-built_in, ${pre} .hljs-selector-tag, ${pre} .hljs-literal`,
  { color: colorVars.accent.text, fontWeight: vars.fontWeight.semibold },
);
globalStyle(`${pre} .hljs-string, ${pre} .hljs-attr, ${pre} .hljs-regexp`, {
  color: colorVars.status.success,
});
globalStyle(`${pre} .hljs-number, ${pre} .hljs-title, ${pre} .hljs-type`, {
  color: colorVars.status.warning,
});
globalStyle(`${pre} .hljs-comment, ${pre} .hljs-meta`, {
  color: colorVars.text.muted,
  fontStyle: 'italic',
});
