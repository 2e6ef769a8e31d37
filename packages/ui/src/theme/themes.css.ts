import { createGlobalTheme, globalStyle } from '@vanilla-extract/css';
import { defaultThemeName, themeNames, themes } from '@studio/tokens';
import { colorVars } from './contract.css';
import { makeTheme } from './makeTheme';

/**
 * Each theme fills the colour contract under `[data-theme="name"]` (§3: the theme is applied as a
 * data-theme attribute on the document root). The default theme also fills a root without one, so a page with no
 * attribute still has colours. Because the selectors are attributes, a theme can also be scoped to
 * any element, which the per-theme gallery stories use.
 */
// The default fills only a root without the attribute: `:root` weighs as much as an attribute
// selector, so a later :root rule overrode the chosen theme's color-scheme and light themes got
// dark native controls and scrollbars.
const unthemedRoot = ':root:not([data-theme])';
for (const name of themeNames) {
  const theme = themes[name];
  const selector = `[data-theme="${name}"]`;
  createGlobalTheme(
    name === defaultThemeName ? `${unthemedRoot}, ${selector}` : selector,
    colorVars,
    makeTheme(theme),
  );
  globalStyle(selector, { colorScheme: theme.colorScheme });
}
globalStyle(unthemedRoot, { colorScheme: themes[defaultThemeName].colorScheme });
