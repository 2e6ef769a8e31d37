import type { Decorator, Preview } from '@storybook/react-vite';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { I18nextProvider } from 'react-i18next';
import { configure } from 'storybook/test';
import { defaultThemeName, isThemeName, themeNames } from '@studio/tokens';
import { ToastTimers } from '@studio/ui';
import { DocsPage } from '../packages/ui/src/docs/DocsPage';
import '../packages/ui/src/docs/storyCanvas.css';
import { storybookI18n } from './i18n';
import '@studio/ui';
import '@studio/ui/fonts';

/**
 * The one wait of every story: how long a `findBy…`/`waitFor` keeps looking for the state the
 * story names (a lazy route's chunk, an MSW reply, a streamed message) before it fails. Stories do
 * not pass their own timeouts, so a slow or loaded machine is covered in one place; a story whose
 * state never comes still fails, after this long.
 */
export const STORY_WAIT_MS = 15_000;
configure({ asyncUtilTimeout: STORY_WAIT_MS });

/**
 * Applies the toolbar theme the way the app does: a data-theme attribute on the document root, set
 * during render so the first paint is already in the right theme.
 */
const withTheme: Decorator = (Story, context) => {
  const theme = isThemeName(context.globals['theme']) ? context.globals['theme'] : defaultThemeName;
  document.documentElement.setAttribute('data-theme', theme);
  return <Story />;
};

/** Switches the interface language from the toolbar, in the same render (no flash of English). */
const withLanguage: Decorator = (Story, context) => {
  const locale = context.globals['locale'] === 'vi' ? 'vi' : 'en';
  if (storybookI18n.language !== locale) void storybookI18n.changeLanguage(locale);
  document.documentElement.lang = locale;
  return (
    <I18nextProvider i18n={storybookI18n}>
      <Story />
    </I18nextProvider>
  );
};

/**
 * Toasts stay on screen until dismissed, so the screenshot after a play function shows the same
 * toasts on every machine. A story about the closing itself sets `parameters.toastTimers: 'running'`.
 */
const withHeldToasts: Decorator = (Story, context) => (
  <ToastTimers held={context.parameters['toastTimers'] !== 'running'}>
    <Story />
  </ToastTimers>
);

const preview: Preview = {
  loaders: [
    mswLoader(async () => {
      const worker = setupWorker();
      await worker.start({
        quiet: true,
        // A story that calls the API without a handler is a broken story: say so loudly.
        onUnhandledRequest(request, print) {
          if (new URL(request.url).pathname.startsWith('/api/')) print.error();
        },
      });
      return worker;
    }),
  ],
  decorators: [withTheme, withLanguage, withHeldToasts],
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: {
        title: 'Theme',
        icon: 'paintbrush',
        items: themeNames.map((name) => ({ value: name, title: name })),
        dynamicTitle: true,
      },
    },
    locale: {
      description: 'Interface language',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English', right: 'en' },
          { value: 'vi', title: 'Tiếng Việt', right: 'vi' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: defaultThemeName, locale: 'en' },
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
    backgrounds: { disable: true },
    // Long pages (the design review index, a component's usage, props and states) get a table
    // of contents beside them.
    docs: { page: DocsPage, toc: { headingSelector: 'h2, h3', title: 'On this page' } },
    options: {
      // The review order: what the system is, the index of every modal step and error state, the
      // tokens, the components by family, then the app's features and pages.
      storySort: {
        order: [
          'Introduction',
          'Design review',
          'Tokens',
          'Gallery',
          'Layout',
          'Type',
          'Actions',
          'Forms',
          'Navigation',
          'Overlays',
          'Feedback',
          'Display',
          'Biometrics',
          'App',
          'Pages',
        ],
      },
    },
  },
  tags: ['autodocs'],
};

export default preview;
