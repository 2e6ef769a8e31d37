import { createBundledI18n } from '../apps/web/src/lib/i18n';
import { webResources } from '../apps/web/src/lib/i18n/bundledResources';

/**
 * The Storybook i18next instance: the app's own bundled set-up (the design system's `ui` namespace
 * plus every namespace of apps/web/public/locales, all in memory), switched by the toolbar.
 */
export const storybookI18n = createBundledI18n(webResources, 'en');
