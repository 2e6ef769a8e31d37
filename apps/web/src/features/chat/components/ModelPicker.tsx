import type { ChatModel } from '@studio/contracts';
import { Badge, Select } from '@studio/ui';
import { FlaskConical, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../../components/RouterLink';
import { paths } from '../../../lib/paths';
import * as styles from './chat.css';

export interface ModelPickerProps {
  models: readonly ChatModel[];
  value: string | null;
  onChange: (modelId: string) => void;
  /** Only the sandbox model is configured: say so. */
  sandbox: boolean;
  disabled?: boolean;
}

/**
 * The model to chat with. Models above the user's plan are listed but locked, with a hint that
 * links to /plans; the sandbox model is labelled as such.
 */
export function ModelPicker({ models, value, onChange, sandbox, disabled }: ModelPickerProps) {
  const { t } = useTranslation('chat');
  const locked = models.filter((model) => !model.available);
  const options = models.map((model) => ({
    value: model.id,
    label: model.available
      ? model.name
      : t('models.lockedOption', { name: model.name, plan: t(`models.plans.${model.plan}`) }),
    disabled: !model.available,
  }));

  return (
    <div className={styles.toolbarGroup}>
      <Select
        label={t('models.label')}
        options={options}
        value={value ?? ''}
        placeholder={value ? false : t('models.placeholder')}
        disabled={disabled || models.length === 0}
        size="sm"
        onChange={(event) => onChange(event.target.value)}
      />
      {sandbox && (
        <Badge tone="accent" icon={<FlaskConical size={14} aria-hidden="true" />}>
          {t('models.sandbox')}
        </Badge>
      )}
      {locked.length > 0 && (
        <p className={styles.muted}>
          <Lock size={14} aria-hidden="true" /> {t('models.lockedHint', { count: locked.length })}{' '}
          <RouterLink to={paths.plans}>{t('models.upgrade')}</RouterLink>
        </p>
      )}
    </div>
  );
}
