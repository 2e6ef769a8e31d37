import { createGlobalTheme, globalStyle } from '@vanilla-extract/css';
import { defaultThemeName, themeNames, themes } from '@studio/tokens';
import { colorVars } from './contract.css';
import { makeTheme } from './makeTheme';

/**
 * Each theme fills the colour contract under `[data-theme="name"]` (§3: the theme is applied as a
 * data-theme attribute on the document root). The default theme also fills :root so a page with no
 * attribute still has colours. Because the selectors are attributes, a theme can also be scoped to
 * any element, which the per-theme gallery stories use.
 */
for (const name of themeNames) {
  const theme = themes[name];
  const selector =
    name === defaultThemeName ? `:root, [data-theme="${name}"]` : `[data-theme="${name}"]`;
  createGlobalTheme(selector, colorVars, makeTheme(theme));
  globalStyle(`[data-theme="${name}"]`, { colorScheme: theme.colorScheme });
}
globalStyle(':root', { colorScheme: themes[defaultThemeName].colorScheme });
