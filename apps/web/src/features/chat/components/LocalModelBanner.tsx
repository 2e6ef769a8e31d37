import { Button } from '@studio/ui';
import { Trans, useTranslation } from 'react-i18next';
import * as styles from './chat.css';

export interface LocalModelBannerProps {
  /** The command that downloads a real model (GET /api/chat/models' `pullCommand`). */
  command: string;
  onDismiss: () => void;
}

/**
 * The sandbox stands in because no model is configured or installed: its answers are canned,
 * and one command on the server's computer gets a real model. The command is the server's, so
 * the banner never suggests one the server would not recognise.
 */
export function LocalModelBanner({ command, onDismiss }: LocalModelBannerProps) {
  const { t } = useTranslation('chat');
  return (
    <div className={styles.banner} role="note" aria-label={t('localModel.bannerLabel')}>
      <p className={styles.plainText}>
        <Trans
          t={t}
          i18nKey="localModel.banner"
          values={{ command }}
          components={{ code: <code className={styles.command} /> }}
        />
      </p>
      <Button size="sm" variant="ghost" onClick={onDismiss}>
        {t('localModel.dismiss')}
      </Button>
    </div>
  );
}
