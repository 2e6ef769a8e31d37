import type { Theme } from '../colors.ts';

/** White surfaces with an indigo accent. */
export const light: Theme = {
  name: 'light',
  colorScheme: 'light',
  colors: {
    surface: { base: '#ffffff', raised: '#f7f7fa', sunken: '#eff0f4', hover: '#ebecf2' },
    text: { primary: '#15171e', muted: '#555b6b' },
    border: { subtle: '#dcdee6', control: '#7a8092' },
    accent: {
      solid: '#5b45e0',
      solidHover: '#4a35c8',
      onSolid: '#ffffff',
      text: '#4e39d4',
      soft: '#e9e5ff',
    },
    focusRing: '#5b45e0',
    status: {
      success: '#17703d',
      successSoft: '#e3f6ea',
      warning: '#8a5a00',
      warningSoft: '#fcf1d9',
      critical: '#c0262d',
      criticalSoft: '#fde7e7',
      criticalSolid: '#c0262d',
      onCriticalSolid: '#ffffff',
    },
    overlay: 'rgba(21, 23, 30, 0.48)',
    shadow: 'rgba(21, 23, 30, 0.14)',
  },
};
