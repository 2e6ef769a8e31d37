import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { colorVars, vars } from '../theme/contract.css';

/*
 * The docs page is Storybook's own light page whatever the toolbar's theme, so the notes are drawn
 * in the light theme (DocsPage sets data-theme="light" on them): the contract's status colours
 * then meet their contrast on the page's white.
 */

export const sectionHeading = style({
  marginTop: '2.5rem',
  fontSize: '1.25rem',
  fontWeight: 700,
});

export const doDont = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))',
  gap: '1rem',
  margin: '1rem 0 2rem',
});

const column = style({
  borderRadius: vars.radius.lg,
  border: `1px solid ${colorVars.border.subtle}`,
  borderTopWidth: 4,
  padding: '0.75rem 1rem',
});

export const noteColumn = styleVariants({
  do: [column, { borderTopColor: colorVars.status.success }],
  dont: [column, { borderTopColor: colorVars.status.critical }],
});

const noteHeadingBase = style({ margin: '0 0 0.5rem', fontSize: '1rem', fontWeight: 700 });

export const noteHeading = styleVariants({
  do: [noteHeadingBase, { color: colorVars.status.success }],
  dont: [noteHeadingBase, { color: colorVars.status.critical }],
});

export const noteList = style({ margin: 0, paddingLeft: '1.25rem' });

// Each note is a Markdown block, which wraps its text in a paragraph.
globalStyle(`${noteList} p`, { margin: 0 });

// A themed element paints its theme's surface: the notes keep the docs page's own background.
export const usage = style({ background: 'transparent' });
