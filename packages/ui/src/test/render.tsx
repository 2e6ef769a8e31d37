import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { UiLanguage } from '../i18n';
import { createTestI18n } from './i18n';

/** Renders with the ui namespace in the given language and returns a userEvent session too. */
export function renderUi(
  ui: ReactElement,
  { lng = 'en', ...options }: RenderOptions & { lng?: UiLanguage } = {},
) {
  const i18n = createTestI18n(lng);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
  );
  return { user: userEvent.setup(), i18n, ...render(ui, { wrapper, ...options }) };
}
