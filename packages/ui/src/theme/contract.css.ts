import { createGlobalTheme, createThemeContract } from '@vanilla-extract/css';
import {
  controlHeight,
  focusRingWidth,
  fontFamily,
  fontSize,
  fontWeight,
  motion,
  radius,
  shadowGeometry,
  space,
  zIndex,
  type ThemeColors,
} from '@studio/tokens';

/**
 * The one contract every component reads. Colour slots are filled per theme (see themes.css.ts);
 * the other scales are the same for every theme and are set once on :root.
 */
const colorSlots = {
  surface: { base: null, raised: null, sunken: null, hover: null },
  text: { primary: null, muted: null },
  border: { subtle: null, control: null },
  accent: { solid: null, solidHover: null, onSolid: null, text: null, soft: null },
  focusRing: null,
  status: {
    success: null,
    successSoft: null,
    warning: null,
    warningSoft: null,
    critical: null,
    criticalSoft: null,
    criticalSolid: null,
    onCriticalSolid: null,
  },
  overlay: null,
  shadow: null,
} satisfies Record<keyof ThemeColors, unknown>;

export const colorVars = createThemeContract(colorSlots);

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

export const theme = { ...vars, color: colorVars, shadow };
