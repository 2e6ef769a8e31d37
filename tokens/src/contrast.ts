/**
 * WCAG 2.2 contrast, computed from the tokens themselves so a theme that drifts below AA fails
 * the test suite instead of a review.
 */

/** Parses #rgb or #rrggbb into 0..1 channels. Translucent colours are not accepted: contrast
 * against them depends on what is beneath, so the required pairs never use them. */
export function parseHex(color: string): [number, number, number] {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!match?.[1]) throw new Error(`Not an opaque hex colour: ${color}`);
  const hex = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
}

function linearise(channel: number): number {
  return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance as defined by WCAG 2.2. */
export function relativeLuminance(color: string): number {
  const [r, g, b] = parseHex(color).map(linearise) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio between two opaque colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}
