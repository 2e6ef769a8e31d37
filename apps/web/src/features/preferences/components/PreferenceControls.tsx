import { CurrencyMenu } from './CurrencyMenu';
import { LanguageMenu } from './LanguageMenu';
import { ThemeMenu } from './ThemeMenu';

/** §2 preferences controls: currency, language and theme, side by side. */
export function PreferenceControls() {
  return (
    <>
      <CurrencyMenu />
      <LanguageMenu />
      <ThemeMenu />
    </>
  );
}
