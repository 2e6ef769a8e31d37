import { style } from '@vanilla-extract/css';
import { vars } from '@studio/ui';

/** A piece's family: one member a row. */
export const familyList = style({ display: 'grid', gap: vars.space.sm, margin: 0, padding: 0 });

/** A family member, indented under its parent (by its depth, set inline). */
export const familyItem = style({ listStyle: 'none', minInlineSize: 0 });
