// The UI font, an optional import (`import '@studio/ui/fonts'`): Be Vietnam Pro from npm (no font
// CDN). Each weight's stylesheet carries the Latin, Latin Extended and Vietnamese subsets, split by
// unicode-range so only what a page uses loads. Without it the theme's font stack falls back to
// the system's fonts.
import '@fontsource/be-vietnam-pro/400.css';
import '@fontsource/be-vietnam-pro/500.css';
import '@fontsource/be-vietnam-pro/600.css';
import '@fontsource/be-vietnam-pro/700.css';
