import type { ThemeColors } from './colors.ts';

/** AA minimums: 4.5:1 for text (1.4.3), 3:1 for control boundaries and focus indicators (1.4.11). */
export const AA_TEXT = 4.5;
export const AA_NON_TEXT = 3;

export interface ContrastPair {
  /** What the pair is used for, shown in the tokens docs page. */
  label: string;
  foreground: string;
  background: string;
  minimum: number;
}

/**
 * Every foreground/background combination the components actually draw. Adding a combination to a
 * component means adding it here, so the contrast test covers it.
 */
export function contrastPairs(c: ThemeColors): ContrastPair[] {
  const pairs: ContrastPair[] = [];
  const text = (label: string, foreground: string, background: string) =>
    pairs.push({ label, foreground, background, minimum: AA_TEXT });
  const nonText = (label: string, foreground: string, background: string) =>
    pairs.push({ label, foreground, background, minimum: AA_NON_TEXT });

  const surfaces = Object.entries(c.surface) as [keyof ThemeColors['surface'], string][];
  for (const [name, background] of surfaces) {
    text(`text on surface.${name}`, c.text.primary, background);
    text(`muted text on surface.${name}`, c.text.muted, background);
  }
  for (const name of ['base', 'raised'] as const) {
    const background = c.surface[name];
    text(`link on surface.${name}`, c.accent.text, background);
    text(`success text on surface.${name}`, c.status.success, background);
    text(`warning text on surface.${name}`, c.status.warning, background);
    text(`critical text on surface.${name}`, c.status.critical, background);
    nonText(`control border on surface.${name}`, c.border.control, background);
    nonText(`focus ring on surface.${name}`, c.focusRing, background);
    nonText(`accent control on surface.${name}`, c.accent.solid, background);
  }
  nonText('control border on surface.sunken', c.border.control, c.surface.sunken);
  nonText('focus ring on surface.sunken', c.focusRing, c.surface.sunken);
  text('text on accent', c.accent.onSolid, c.accent.solid);
  text('text on hovered accent', c.accent.onSolid, c.accent.solidHover);
  text('text on accent.soft', c.text.primary, c.accent.soft);
  text('success text on its tint', c.status.success, c.status.successSoft);
  text('warning text on its tint', c.status.warning, c.status.warningSoft);
  text('critical text on its tint', c.status.critical, c.status.criticalSoft);
  text('text on destructive button', c.status.onCriticalSolid, c.status.criticalSolid);
  return pairs;
}
