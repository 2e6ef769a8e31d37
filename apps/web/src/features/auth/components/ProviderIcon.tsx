import type { DomainHint } from '@studio/contracts';
import type { ReactNode } from 'react';
import { Glyph } from '../../../components/Glyph';

/** Simple one-colour marks for the three providers, drawn in the current text colour. */
const marks: Record<DomainHint, ReactNode> = {
  microsoft: (
    <Glyph size={18}>
      <rect x="3.5" y="3.5" width="7.5" height="7.5" />
      <rect x="13" y="3.5" width="7.5" height="7.5" />
      <rect x="3.5" y="13" width="7.5" height="7.5" />
      <rect x="13" y="13" width="7.5" height="7.5" />
    </Glyph>
  ),
  google: (
    <Glyph size={18}>
      <path d="M20 12.2c0 4.6-3.4 8-8 8a8.2 8.2 0 1 1 5.6-14.2" />
      <path d="M20 12h-7.5" />
    </Glyph>
  ),
  apple: (
    <Glyph size={18}>
      <path d="M12 7.5c-1.3-.9-2.6-1.1-3.8-.7C5.9 7.6 4.8 10.4 5.4 13.6c.6 3.4 2.7 6.4 4.6 6.4.9 0 1.3-.5 2-.5s1.1.5 2 .5c1.9 0 4-3 4.6-6.4.6-3.2-.5-6-2.8-6.8-1.2-.4-2.5-.2-3.8.7Z" />
      <path d="M12 7.5c0-2 1-3.5 3-4" />
    </Glyph>
  ),
};

export function ProviderIcon({ provider }: { provider: DomainHint }) {
  return marks[provider];
}
