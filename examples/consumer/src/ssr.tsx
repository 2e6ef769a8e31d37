/**
 * The second consumer check: the same page rendered on a server with react-dom/server, in plain
 * Node (no DOM, no window), from the packed package. Prints the HTML.
 */
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { App } from './App';
import { createI18n } from './i18n';

export function render(): string {
  return renderToString(
    <I18nextProvider i18n={createI18n('vi')}>
      <App initialTheme="forest" />
    </I18nextProvider>,
  );
}
