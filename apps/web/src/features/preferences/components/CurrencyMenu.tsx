import { currencies, currencyCodes } from '@studio/contracts/options';
import { Button } from '@studio/ui';
import { useTranslation } from 'react-i18next';
import { DeferredMenu } from '../../../components/DeferredMenu';
import { usePreferences } from '../../../lib/preferences';

/** §2 currency dropdown: the seven currencies, each with code, symbol and name. */
export function CurrencyMenu() {
  const { t } = useTranslation('common');
  const { currency, setCurrency } = usePreferences();
  return (
    <DeferredMenu
      align="end"
      trigger={
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('preferences.currency.trigger', { name: currency })}
        >
          <span aria-hidden="true">{currencies[currency].symbol}</span>
          {currency}
        </Button>
      }
    >
      {(Menu) => (
        <>
          <Menu.Label>{t('preferences.currency.label')}</Menu.Label>
          <Menu.RadioGroup value={currency} onValueChange={setCurrency}>
            {currencyCodes.map((code) => (
              <Menu.RadioItem
                key={code}
                value={code}
                icon={currencies[code].symbol}
                description={t(`preferences.currency.names.${code}`)}
              >
                {code}
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
        </>
      )}
    </DeferredMenu>
  );
}
