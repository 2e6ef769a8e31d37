import { Button } from '@studio/ui';
import { useTranslation } from 'react-i18next';
import * as styles from './chat.css';

export interface LocalModelBannerProps {
  onDismiss: () => void;
}

/**
 * The sandbox stands in because no model is configured or installed: its answers are canned, and
 * the user is told so plainly. How to install a real model is the operator's business (the
 * start-up log, GET /api/health and the README say it), never an instruction to the user.
 */
export function LocalModelBanner({ onDismiss }: LocalModelBannerProps) {
  const { t } = useTranslation('chat');
  return (
    <div className={styles.banner} role="note" aria-label={t('localModel.bannerLabel')}>
      <p className={styles.plainText}>{t('localModel.banner')}</p>
      <Button size="sm" variant="ghost" onClick={onDismiss}>
        {t('localModel.dismiss')}
      </Button>
    </div>
  );
}
