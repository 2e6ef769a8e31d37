import { Badge } from '@studio/ui';
import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import * as styles from './studio.css';

/** Only the built-in sandbox is configured: say plainly that the pictures are drawn stand-ins. */
export function SandboxNotice() {
  const { t } = useTranslation('images');
  return (
    <aside className={styles.notice} aria-label={t('sandbox.label')}>
      <Badge tone="accent" icon={<FlaskConical size={14} aria-hidden="true" />}>
        {t('sandbox.badge')}
      </Badge>
      <p className={styles.plain}>{t('sandbox.text')}</p>
    </aside>
  );
}
