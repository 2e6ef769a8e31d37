import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { createTestI18n } from './i18n';

// The default react-i18next instance: components under test render English unless a test
// wraps them in an I18nextProvider with another language.
export const testI18n = createTestI18n('en');

afterEach(() => {
  cleanup();
  void testI18n.changeLanguage('en');
});
