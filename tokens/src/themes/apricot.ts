import type { Theme } from '../colors.ts';

/** Warm cream surfaces with a burnt-orange accent. */
export const apricot: Theme = {
  name: 'apricot',
  colorScheme: 'light',
  colors: {
    surface: { base: '#fff8f1', raised: '#ffffff', sunken: '#fdeedf', hover: '#fbe4cf' },
    text: { primary: '#2b1a0c', muted: '#6b4a2e' },
    border: { subtle: '#f1d5bc', control: '#9a7352' },
    accent: {
      solid: '#b4480d',
      solidHover: '#963a08',
      onSolid: '#ffffff',
      text: '#a33f0a',
      soft: '#fddcc2',
    },
    focusRing: '#b4480d',
    status: {
      success: '#17703d',
      successSoft: '#e3f6ea',
      warning: '#805300',
      warningSoft: '#fcefd2',
      critical: '#b3261e',
      criticalSoft: '#fde4e2',
      criticalSolid: '#b3261e',
      onCriticalSolid: '#ffffff',
    },
    overlay: 'rgba(43, 26, 12, 0.48)',
    shadow: 'rgba(90, 45, 10, 0.14)',
  },
};
