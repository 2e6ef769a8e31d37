import type { ImageModel } from '@studio/contracts';
import { Select } from '@studio/ui';
import { useTranslation } from 'react-i18next';

export interface ImageModelPickerProps {
  models: readonly ImageModel[];
  value: string | null;
  onChange: (modelId: string) => void;
  /** A locked model was chosen: the page offers the upgrade (the choice itself stays). */
  onLocked: (model: ImageModel) => void;
  disabled?: boolean;
}

/**
 * The image model. Models above the caller's plan are listed with a lock and their plan;
 * choosing one keeps the current model and opens the upgrade instead.
 */
export function ImageModelPicker({
  models,
  value,
  onChange,
  onLocked,
  disabled,
}: ImageModelPickerProps) {
  const { t } = useTranslation('images');
  const options = models.map((model) => ({
    value: model.id,
    label: model.available
      ? model.name
      : t('models.locked', { name: model.name, plan: t(`models.plans.${model.plan}`) }),
  }));
  return (
    <Select
      label={t('models.label')}
      options={options}
      value={value ?? ''}
      placeholder={value ? false : t('models.placeholder')}
      disabled={disabled || models.length === 0}
      size="sm"
      onChange={(event) => {
        const model = models.find((candidate) => candidate.id === event.target.value);
        if (!model) return;
        if (model.available) onChange(model.id);
        else onLocked(model);
      }}
    />
  );
}
