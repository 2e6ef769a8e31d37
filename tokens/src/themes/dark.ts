import type { Theme } from '../colors.ts';

/** The default: near-black surfaces with a violet accent. */
export const dark: Theme = {
  name: 'dark',
  colorScheme: 'dark',
  colors: {
    surface: { base: '#0e1016', raised: '#161a23', sunken: '#0a0c11', hover: '#1f2430' },
    text: { primary: '#eceef4', muted: '#a4abbb' },
    border: { subtle: '#262b36', control: '#6b7386' },
    accent: {
      solid: '#8b7bff',
      solidHover: '#a092ff',
      onSolid: '#0e1016',
      text: '#a89cff',
      soft: '#2a2550',
    },
    focusRing: '#b3a8ff',
    status: {
      success: '#4ade80',
      successSoft: '#11291c',
      warning: '#fbbf24',
      warningSoft: '#2e2408',
      critical: '#f87171',
      criticalSoft: '#341416',
      criticalSolid: '#f87171',
      onCriticalSolid: '#0e1016',
    },
    overlay: 'rgba(4, 5, 8, 0.72)',
    shadow: 'rgba(0, 0, 0, 0.5)',
  },
};
