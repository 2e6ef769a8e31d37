/** Scales shared by every theme: only colours change from theme to theme. */

/**
 * The UI font ships with the app as an npm package (@fontsource/be-vietnam-pro): it covers Latin
 * and Vietnamese, needs no font CDN, and renders the same on every machine, which keeps visual
 * baselines stable.
 */
export const fontFamily = {
  body: "'Be Vietnam Pro', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  mono: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', monospace",
} as const;

export const fontWeight = { regular: '400', medium: '500', semibold: '600', bold: '700' } as const;

/** Font size and line height pairs (rem, based on a 16 px root). */
export const fontSize = {
  xs: { size: '0.75rem', lineHeight: '1rem' },
  sm: { size: '0.875rem', lineHeight: '1.25rem' },
  md: { size: '1rem', lineHeight: '1.5rem' },
  lg: { size: '1.125rem', lineHeight: '1.75rem' },
  xl: { size: '1.375rem', lineHeight: '1.875rem' },
  xxl: { size: '1.875rem', lineHeight: '2.375rem' },
  display: { size: '2.5rem', lineHeight: '3rem' },
} as const;

export const space = {
  none: '0',
  xxs: '0.125rem',
  xs: '0.25rem',
  sm: '0.5rem',
  md: '0.75rem',
  lg: '1rem',
  xl: '1.5rem',
  xxl: '2rem',
  xxxl: '3rem',
} as const;

export const radius = {
  none: '0',
  sm: '0.25rem',
  md: '0.5rem',
  lg: '0.75rem',
  xl: '1rem',
  full: '9999px',
} as const;

/** Shadow geometry; the colour comes from the theme's `shadow` role. */
export const shadowGeometry = {
  sm: '0 1px 2px',
  md: '0 4px 12px',
  lg: '0 12px 32px',
} as const;

export const motion = {
  duration: { instant: '0ms', fast: '120ms', normal: '200ms', slow: '320ms' },
  easing: {
    standard: 'cubic-bezier(0.2, 0, 0, 1)',
    enter: 'cubic-bezier(0, 0, 0.2, 1)',
    exit: 'cubic-bezier(0.4, 0, 1, 1)',
  },
} as const;

/** Stacking order, lowest first. Toasts sit above modals so errors inside a modal stay visible. */
export const zIndex = {
  base: '0',
  sticky: '100',
  dropdown: '200',
  overlay: '300',
  modal: '310',
  popover: '400',
  toast: '500',
} as const;

/** Min-widths in px, mobile first. */
export const breakpoints = { mobile: 0, tablet: 640, desktop: 1024, wide: 1440 } as const;

/** Sizes that controls share so buttons, fields and selects line up. */
export const controlHeight = { sm: '2rem', md: '2.5rem', lg: '3rem' } as const;

/** Width of the keyboard focus outline (WCAG 2.4.13 asks for at least 2 CSS px). */
export const focusRingWidth = '2px';
