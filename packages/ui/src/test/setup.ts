import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { createTestI18n } from './i18n';

// The default react-i18next instance: components under test render English unless a test
// wraps them in an I18nextProvider with another language.
export const testI18n = createTestI18n('en');

// Test files share one jsdom per worker (isolate: false in vitest.config.ts): whatever a test
// leaves in the document or in storage is cleared before the next one, whichever file it is in.
afterEach(() => {
  cleanup();
  void testI18n.changeLanguage('en');
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.documentElement.removeAttribute('data-theme');
  document.body.removeAttribute('style');
});
