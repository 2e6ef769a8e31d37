import type { ChatModel } from '@studio/contracts';
import { SANDBOX_CHAT_MODEL_ID } from '@studio/contracts/chatOptions';
import { Select } from '@studio/ui';
import { Lock } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../../components/RouterLink';
import { paths } from '../../../lib/paths';
import * as styles from './chat.css';

export interface ModelPickerProps {
  models: readonly ChatModel[];
  value: string | null;
  onChange: (modelId: string) => void;
  disabled?: boolean;
}

/**
 * A model's name as the reader sees it: the app's own demo model in the reader's language (its
 * name is the app's, not an operator's); any other model as its operator configured it.
 */
function modelName(model: ChatModel, t: TFunction<'chat'>): string {
  return model.provider === 'sandbox' && model.id === SANDBOX_CHAT_MODEL_ID
    ? t('models.sandboxName')
    : model.name;
}

/**
 * The model to chat with. Models above the user's plan are listed but locked, with a hint that
 * links to /plans. The demo model says what it is by its name (no badge beside it repeats it).
 */
export function ModelPicker({ models, value, onChange, disabled }: ModelPickerProps) {
  const { t } = useTranslation('chat');
  const locked = models.filter((model) => !model.available);
  const options = models.map((model) => ({
    value: model.id,
    label: model.available
      ? modelName(model, t)
      : t('models.lockedOption', {
          name: modelName(model, t),
          plan: t(`models.plans.${model.plan}`),
        }),
    disabled: !model.available,
  }));

  // Its parts take their places in the chat's toolbar (see chat.css.ts: toolbar).
  return (
    <div className={styles.modelParts}>
      <div className={styles.toolbarModel}>
        {/* The chosen model's name says what the list is; the label is for screen readers. */}
        <Select
          label={t('models.label')}
          hideLabel
          options={options}
          value={value ?? ''}
          placeholder={value ? false : t('models.placeholder')}
          disabled={disabled || models.length === 0}
          size="sm"
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      {locked.length > 0 && (
        <p className={styles.lockedHint}>
          <Lock size={12} aria-hidden="true" /> {t('models.lockedHint', { count: locked.length })}{' '}
          <RouterLink to={paths.plans}>{t('models.upgrade')}</RouterLink>
        </p>
      )}
    </div>
  );
}
