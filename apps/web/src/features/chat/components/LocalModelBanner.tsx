import { IconButton } from '@studio/ui';
import { FlaskConical, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import * as styles from './chat.css';

export interface LocalModelBannerProps {
  onDismiss: () => void;
}

/**
 * The sandbox stands in because no model is configured or installed: its answers are canned, and
 * the user is told so plainly, in a strip of a line or two that leaves the composer on a phone's
 * first screen. How to install a real model is the operator's business (the start-up log,
 * GET /api/health and the README say it), never an instruction to the user.
 */
export function LocalModelBanner({ onDismiss }: LocalModelBannerProps) {
  const { t } = useTranslation('chat');
  return (
    <div className={styles.banner} role="note" aria-label={t('localModel.bannerLabel')}>
      <FlaskConical size={16} aria-hidden="true" className={styles.bannerIcon} />
      <p className={styles.bannerText}>{t('localModel.banner')}</p>
      <IconButton
        variant="ghost"
        size="sm"
        label={t('localModel.dismiss')}
        icon={<X size={16} aria-hidden="true" />}
        onClick={onDismiss}
      />
    </div>
  );
}
