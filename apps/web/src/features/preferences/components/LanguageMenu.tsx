import { languageCodes, languages } from '@studio/contracts/options';
import { Button } from '@studio/ui';
import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DeferredMenu } from '../../../components/DeferredMenu';
import { usePreferences } from '../../../lib/preferences';

/** §2 language dropdown: English and Tiếng Việt, each named in itself and with its flag. */
export function LanguageMenu() {
  const { t } = useTranslation('common');
  const { language, setLanguage } = usePreferences();
  return (
    <DeferredMenu
      align="end"
      trigger={
        <Button
          variant="ghost"
          size="sm"
          icon={<Languages size={16} />}
          // The visible code stays part of the name (WCAG 2.5.3 label in name).
          aria-label={t('preferences.language.trigger', {
            code: language.toUpperCase(),
            name: languages[language].name,
          })}
        >
          {language.toUpperCase()}
        </Button>
      }
    >
      {(Menu) => (
        <>
          <Menu.Label>{t('preferences.language.label')}</Menu.Label>
          <Menu.RadioGroup value={language} onValueChange={setLanguage}>
            {languageCodes.map((code) => (
              <Menu.RadioItem key={code} value={code} lang={code} icon={languages[code].flag}>
                {languages[code].name}
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
        </>
      )}
    </DeferredMenu>
  );
}
