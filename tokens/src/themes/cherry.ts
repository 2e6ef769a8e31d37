import type { Theme } from '../colors.ts';

/** Blush surfaces with a deep cherry accent. */
export const cherry: Theme = {
  name: 'cherry',
  colorScheme: 'light',
  colors: {
    surface: { base: '#fff5f7', raised: '#ffffff', sunken: '#fde8ed', hover: '#fbdde5' },
    text: { primary: '#2a0a14', muted: '#6e3b4b' },
    border: { subtle: '#f3c9d4', control: '#9a6676' },
    accent: {
      solid: '#b0153f',
      solidHover: '#930f33',
      onSolid: '#ffffff',
      text: '#a3123a',
      soft: '#fbd5df',
    },
    focusRing: '#b0153f',
    status: {
      success: '#17703d',
      successSoft: '#e3f6ea',
      warning: '#8a5a00',
      warningSoft: '#fcf1d9',
      critical: '#b3261e',
      criticalSoft: '#fde4e2',
      criticalSolid: '#b3261e',
      onCriticalSolid: '#ffffff',
    },
    overlay: 'rgba(42, 10, 20, 0.48)',
    shadow: 'rgba(90, 10, 40, 0.14)',
  },
};
