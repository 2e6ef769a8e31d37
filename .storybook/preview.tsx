import type { Decorator, Preview } from '@storybook/react-vite';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { I18nextProvider } from 'react-i18next';
import { defaultThemeName, isThemeName, themeNames } from '@studio/tokens';
import { storybookI18n } from './i18n';
import '@studio/ui';

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
  decorators: [withTheme, withLanguage],
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
  },
  tags: ['autodocs'],
};

export default preview;
