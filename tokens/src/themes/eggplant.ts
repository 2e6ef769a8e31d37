import type { Theme } from '../colors.ts';

/** Deep purple surfaces with an orchid accent. */
export const eggplant: Theme = {
  name: 'eggplant',
  colorScheme: 'dark',
  colors: {
    surface: { base: '#1a1022', raised: '#24172f', sunken: '#140b1a', hover: '#2f2040' },
    text: { primary: '#f3eafa', muted: '#bba8cc' },
    border: { subtle: '#3a2a4a', control: '#8a74a0' },
    accent: {
      solid: '#c084fc',
      solidHover: '#d0a2ff',
      onSolid: '#1a1022',
      text: '#d3a8ff',
      soft: '#3d2657',
    },
    focusRing: '#e0c2ff',
    status: {
      success: '#5ee39a',
      successSoft: '#15301f',
      warning: '#fcc85a',
      warningSoft: '#33260e',
      critical: '#ff8a8a',
      criticalSoft: '#3b1720',
      criticalSolid: '#ff8a8a',
      onCriticalSolid: '#1a1022',
    },
    overlay: 'rgba(8, 3, 12, 0.72)',
    shadow: 'rgba(0, 0, 0, 0.5)',
  },
};
