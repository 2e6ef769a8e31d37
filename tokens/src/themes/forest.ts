import type { Theme } from '../colors.ts';

/** Deep green surfaces with a mint accent. */
export const forest: Theme = {
  name: 'forest',
  colorScheme: 'dark',
  colors: {
    surface: { base: '#0d1a14', raised: '#14241c', sunken: '#09130e', hover: '#1c3027' },
    text: { primary: '#e8f3ec', muted: '#a3bfb0' },
    border: { subtle: '#243a2f', control: '#6f8f7f' },
    accent: {
      solid: '#4ade80',
      solidHover: '#6ee79b',
      onSolid: '#0b1a12',
      text: '#6ee7a0',
      soft: '#1d3b2b',
    },
    focusRing: '#86efac',
    status: {
      success: '#6ee7a0',
      successSoft: '#163424',
      warning: '#fcd34d',
      warningSoft: '#33290c',
      critical: '#ff8f8f',
      criticalSoft: '#3a1a1c',
      criticalSolid: '#ff8f8f',
      onCriticalSolid: '#0d1a14',
    },
    overlay: 'rgba(3, 9, 6, 0.72)',
    shadow: 'rgba(0, 0, 0, 0.5)',
  },
};
