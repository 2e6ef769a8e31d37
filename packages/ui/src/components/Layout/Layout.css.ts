import { globalStyle, style } from '@vanilla-extract/css';

/**
 * Box starts from a blank element: no browser margins, paddings or list bullets, so spacing comes
 * only from sprinkles. `:where()` keeps the reset at zero specificity, so any sprinkle or
 * className wins whatever order the stylesheets load in.
 */
export const reset = style({});

globalStyle(`:where(${reset})`, { margin: 0, padding: 0, border: 0, minWidth: 0 });
globalStyle(`:where(ul${reset}, ol${reset})`, { listStyle: 'none' });
globalStyle(`:where(h1${reset}, h2${reset}, h3${reset}, h4${reset}, h5${reset}, h6${reset})`, {
  fontSize: 'inherit',
  fontWeight: 'inherit',
});
