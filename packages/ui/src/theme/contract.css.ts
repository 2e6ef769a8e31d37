import { createGlobalTheme, createThemeContract } from '@vanilla-extract/css';
import {
  defaultThemeName,
  controlHeight,
  focusRingWidth,
  fontFamily,
  fontSize,
  fontWeight,
  motion,
  radius,
  shadowGeometry,
  space,
  themes,
  zIndex,
} from '@studio/tokens';
import { contractShape, makeTheme } from './makeTheme';

/**
 * The one contract every component reads. Colour slots are filled per theme (see themes.css.ts);
 * the other scales are the same for every theme and are set once on :root. The colour slots are
 * the default theme's shape, derived rather than listed, so the contract cannot miss a role.
 */
export const colorVars = createThemeContract(contractShape(makeTheme(themes[defaultThemeName])));

export const vars = createGlobalTheme(':root', {
  font: { body: fontFamily.body, mono: fontFamily.mono },
  fontWeight,
  fontSize: Object.fromEntries(Object.entries(fontSize).map(([k, v]) => [k, v.size])) as {
    [K in keyof typeof fontSize]: string;
  },
  lineHeight: Object.fromEntries(Object.entries(fontSize).map(([k, v]) => [k, v.lineHeight])) as {
    [K in keyof typeof fontSize]: string;
  },
  space,
  radius,
  zIndex,
  controlHeight,
  focusRingWidth,
  duration: motion.duration,
  easing: motion.easing,
});

/** Shadows combine the shared geometry with the theme's shadow colour. */
export const shadow = {
  sm: `${shadowGeometry.sm} ${colorVars.shadow}`,
  md: `${shadowGeometry.md} ${colorVars.shadow}`,
  lg: `${shadowGeometry.lg} ${colorVars.shadow}`,
} as const;
