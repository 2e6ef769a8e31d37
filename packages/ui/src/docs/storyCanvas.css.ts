import { globalStyle } from '@vanilla-extract/css';
import { colorVars } from '../theme/contract.css';

// On a docs page each story sits on Storybook's white page; painted with the toolbar theme's own
// surface, a dark theme's light text (a ghost button) stays readable there as it is in the app.
// Only docs pages have .docs-story: the stories' own pictures are unchanged.
globalStyle('.docs-story', { background: colorVars.surface.base, color: colorVars.text.primary });
