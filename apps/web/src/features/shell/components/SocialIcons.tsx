import { Glyph } from '../../../components/Glyph';

/** Simple glyphs for the five networks (§2), drawn in the current text colour. */
export const socialIcons = {
  discord: (
    <Glyph size={20}>
      <path d="M7 6.5c1.6-.7 3.2-1 5-1s3.4.3 5 1c1.6 2.4 2.5 5 2.5 8.3-1.5 1.3-3.1 2.1-4.8 2.7l-1-1.8M7 6.5C5.4 8.9 4.5 11.5 4.5 14.8c1.5 1.3 3.1 2.1 4.8 2.7l1-1.8M8 15.3c2.6 1.1 5.4 1.1 8 0" />
      <circle cx="9.5" cy="12" r="1" fill="currentColor" />
      <circle cx="14.5" cy="12" r="1" fill="currentColor" />
    </Glyph>
  ),
  telegram: (
    <Glyph size={20}>
      <path d="M21 4.5 3.5 11.3l5.6 2.1L19 7l-7.8 8 .1 4.5 3-3.2 4 3L21 4.5z" />
    </Glyph>
  ),
  tiktok: (
    <Glyph size={20}>
      <path d="M13.5 4v10.5a3.5 3.5 0 1 1-3.5-3.5M13.5 4c.4 2.6 2.2 4.3 4.8 4.5" />
    </Glyph>
  ),
  twitter: (
    <Glyph size={20}>
      <path d="M5 4.5h3.8l10.2 15H15.2L5 4.5zM19 4.5l-5.8 6.4M5 19.5l5.8-6.4" />
    </Glyph>
  ),
  instagram: (
    <Glyph size={20}>
      <rect x="4" y="4" width="16" height="16" rx="4.5" />
      <circle cx="12" cy="12" r="3.6" />
      <circle cx="16.8" cy="7.2" r="0.6" fill="currentColor" />
    </Glyph>
  ),
} as const;

export type SocialNetwork = keyof typeof socialIcons;
