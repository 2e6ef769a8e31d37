import { globalStyle } from '@vanilla-extract/css';
import { colorVars, vars } from './contract.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  WebkitTextSizeAdjust: '100%',
  textSizeAdjust: '100%',
});

globalStyle('body', {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.md,
  color: colorVars.text.primary,
  background: colorVars.surface.base,
  WebkitFontSmoothing: 'antialiased',
});

// Themed elements (a scoped theme in a gallery, say) paint their own text and background.
globalStyle('[data-theme]', {
  color: colorVars.text.primary,
  background: colorVars.surface.base,
});

globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' });

// People who ask for less motion get none.
globalStyle('*', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      scrollBehavior: 'auto',
    },
  },
});
