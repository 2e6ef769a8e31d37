import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHex, relativeLuminance } from './contrast.ts';
import { AA_NON_TEXT, AA_TEXT, contrastPairs } from './contrastPairs.ts';
import { themeNames } from './colors.ts';
import { themes } from './themes/index.ts';

describe('contrastRatio', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // #767676 on white is the well-known lightest grey that passes AA for text.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it('is symmetric and accepts short hex', () => {
    expect(contrastRatio('#fff', '#336699')).toBeCloseTo(contrastRatio('#336699', '#ffffff'), 10);
    expect(relativeLuminance('#fff')).toBe(1);
  });

  it('refuses colours it cannot judge', () => {
    expect(() => parseHex('rgba(0,0,0,0.5)')).toThrow(/opaque hex/);
    expect(() => parseHex('#12345')).toThrow();
  });
});

describe('every theme meets WCAG 2.2 AA', () => {
  it('has the six themes of §3 with dark first', () => {
    expect(Object.keys(themes)).toEqual([...themeNames]);
    expect(themeNames[0]).toBe('dark');
  });

  for (const name of themeNames) {
    const theme = themes[name];
    describe(name, () => {
      it('names itself consistently', () => expect(theme.name).toBe(name));
      for (const pair of contrastPairs(theme.colors)) {
        it(`${pair.label} ≥ ${pair.minimum}:1`, () => {
          expect(contrastRatio(pair.foreground, pair.background)).toBeGreaterThanOrEqual(
            pair.minimum,
          );
        });
      }
    });
  }

  it('checks text at 4.5:1 and boundaries at 3:1', () => {
    const pairs = contrastPairs(themes.dark.colors);
    expect(pairs.filter((p) => p.minimum === AA_TEXT).length).toBeGreaterThan(15);
    expect(pairs.filter((p) => p.minimum === AA_NON_TEXT).length).toBeGreaterThan(6);
  });

  it('fails a theme whose muted text is too faint', () => {
    const faint = {
      ...themes.light.colors,
      text: { ...themes.light.colors.text, muted: '#9a9a9a' },
    };
    const failing = contrastPairs(faint).filter(
      (p) => contrastRatio(p.foreground, p.background) < p.minimum,
    );
    expect(failing.map((p) => p.label)).toContain('muted text on surface.base');
  });
});
