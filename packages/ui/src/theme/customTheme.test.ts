import { themes } from '@studio/tokens';
import { colorVars } from './contract.css';
import { themeProperties, themeStylesheet } from './customTheme';

const leaves = (value: object): string[] =>
  Object.values(value).flatMap((v: unknown) => (typeof v === 'string' ? [v] : leaves(v as object)));

describe('a theme of a product’s own', () => {
  it('fills every role of the contract with the theme’s colours', () => {
    const properties = themeProperties(themes.forest.colors);
    expect(Object.keys(properties)).toHaveLength(leaves(colorVars).length);
    for (const name of Object.keys(properties)) expect(name).toMatch(/^--/);
    expect(Object.values(properties)).toEqual(leaves(themes.forest.colors));
  });

  it('is applied as the six are, by data-theme, and sets the page’s colours', () => {
    const css = themeStylesheet('ocean', { colors: themes.light.colors, colorScheme: 'light' });
    expect(css.startsWith('[data-theme="ocean"]{--')).toBe(true);
    expect(css.endsWith(';color-scheme:light}')).toBe(true);
    const style = document.createElement('style');
    style.textContent = css;
    document.head.append(style);
    const element = document.createElement('div');
    element.dataset['theme'] = 'ocean';
    document.body.append(element);
    const [first] = Object.entries(themeProperties(themes.light.colors));
    if (!first) throw new Error('no properties');
    expect(getComputedStyle(element).getPropertyValue(first[0]).trim()).toBe(first[1]);
    style.remove();
    element.remove();
  });

  it('refuses a name that could break out of its selector, and a theme missing a colour', () => {
    expect(() =>
      themeStylesheet('x"]{}', { colors: themes.light.colors, colorScheme: 'light' }),
    ).toThrow('A theme name holds letters');
    const surface: Partial<typeof themes.light.colors.surface> = {
      ...themes.light.colors.surface,
    };
    delete surface.base;
    expect(() => themeProperties({ ...themes.light.colors, surface } as never)).toThrow(
      'the theme has no colour for "base"',
    );
  });
});
