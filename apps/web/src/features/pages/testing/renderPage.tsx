import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { createBundledI18n } from '../../../lib/i18n';
import { pageResources } from './pageResources';

export interface RenderPageOptions {
  language?: 'en' | 'vi';
  /** The URL the page is rendered at, e.g. "/help#refunds". */
  route?: string;
}

/** Renders a content page in a router with its translations loaded from the locale files. */
export function renderPage(
  ui: ReactElement,
  { language = 'en', route = '/' }: RenderPageOptions = {},
) {
  const i18n = createBundledI18n(pageResources, language);
  // Every key the page asks for and no file has, as "namespace:key".
  const missingKeys: string[] = [];
  i18n.options.saveMissing = true;
  i18n.on('missingKey', (_languages, namespace, key) => missingKeys.push(`${namespace}:${key}`));
  return {
    user: userEvent.setup(),
    i18n,
    missingKeys,
    ...render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </I18nextProvider>,
    ),
  };
}
