import { languageCodes } from '@studio/contracts/options';
import { defaultThemeName, themeNames } from '@studio/tokens';
import { firstScreenBlockAttribute } from '../components/FirstScreen';
import { topProperty } from '../components/firstScreen.css';
import { COUNTRY_CACHE_MS } from '../lib/country';
import { storageKeys } from '../lib/storage';
import bootSource from './boot.js?raw';
import layoutSource from './layout.js?raw';
import { prerenderedElementId } from './paths';

/**
 * A prerendered page's two inline scripts, with what they need from the app written in: the
 * boot script in its head (boot.js) and the layout script after the picture (layout.js). The
 * API allows each by its hash in the page's Content-Security-Policy.
 */
export const prerenderScripts = {
  boot: bootSource
    .replace('__THEMES__', JSON.stringify(themeNames))
    .replace('__DEFAULT_THEME__', JSON.stringify(defaultThemeName))
    .replace('__KEYS__', JSON.stringify(storageKeys))
    .replace('__LANGUAGES__', JSON.stringify(languageCodes))
    .replace('__COUNTRY_CACHE_MS__', String(COUNTRY_CACHE_MS))
    .trim(),
  layout: layoutSource
    .replace('__ELEMENT__', prerenderedElementId)
    .replace('__BLOCK__', firstScreenBlockAttribute)
    .replace('__TOP__', topProperty)
    .trim(),
};
