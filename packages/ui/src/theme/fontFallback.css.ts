import { globalFontFace } from '@vanilla-extract/css';
import { fallbackFontFamily } from '@studio/tokens';

/*
 * What the text is drawn in until the UI font has arrived (its faces say font-display: swap): a
 * local Arial (Liberation Sans and Arimo are metric-compatible with it; Roboto on Android is
 * close) resized to the UI font's width and set on its ascent and descent, so that the swap to
 * Be Vietnam Pro changes the letters but not where the lines break: nothing moves.
 *
 * Measured in Chromium with canvas measureText at 100 px on a Latin and Vietnamese sample:
 * Be Vietnam Pro is 0.925 of Arial's width (400: 4218 / 4557 px, 600: 4425 / 4848 px) and its
 * font box is 89 px above the baseline and 22 px below; the overrides are those over 0.925.
 */
globalFontFace(`'${fallbackFontFamily}'`, {
  src: "local('Arial'), local('Liberation Sans'), local('Arimo'), local('Helvetica'), local('Roboto')",
  sizeAdjust: '92.5%',
  ascentOverride: '96.2%',
  descentOverride: '23.8%',
  lineGapOverride: '0%',
});
