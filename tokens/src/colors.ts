/**
 * The colour roles every theme fills. Roles are semantic (what a colour is for), never palette
 * names, so the six themes can differ freely while components stay the same.
 */
export interface ThemeColors {
  surface: {
    /** Page background. */
    base: string;
    /** Cards, menus, modals: anything that sits above the page. */
    raised: string;
    /** Input wells, code and error boxes. */
    sunken: string;
    /** Hovered rows and menu items. */
    hover: string;
  };
  text: {
    primary: string;
    /** Secondary text; still meets 4.5:1 because it carries information. */
    muted: string;
  };
  border: {
    /** Decorative dividers between regions (no contrast requirement: not a control boundary). */
    subtle: string;
    /** Boundaries of inputs, checkboxes and outlined buttons (WCAG 1.4.11: 3:1). */
    control: string;
  };
  accent: {
    /** Filled primary buttons, the selected step, switches. */
    solid: string;
    solidHover: string;
    /** Text and icons on `solid`. */
    onSolid: string;
    /** Links and accent-coloured text on surfaces. */
    text: string;
    /** Selected rows and tinted backgrounds; primary text stays readable on it. */
    soft: string;
  };
  focusRing: string;
  status: {
    success: string;
    successSoft: string;
    warning: string;
    warningSoft: string;
    critical: string;
    criticalSoft: string;
    /** Destructive buttons. */
    criticalSolid: string;
    onCriticalSolid: string;
  };
  /** Scrim behind modals (may be translucent: no text is read on it directly). */
  overlay: string;
  /** Colour of drop shadows. */
  shadow: string;
}

export interface Theme {
  name: ThemeName;
  /** Tells the browser which native controls and scrollbars to draw. */
  colorScheme: 'dark' | 'light';
  colors: ThemeColors;
}

export const themeNames = ['dark', 'light', 'cherry', 'eggplant', 'apricot', 'forest'] as const;
export type ThemeName = (typeof themeNames)[number];
export const defaultThemeName: ThemeName = 'dark';

export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && (themeNames as readonly string[]).includes(value);
}
