import type { ImageModel } from '@studio/contracts';
import {
  IMAGE_PROMPT_MAX_LENGTH,
  IMAGE_REFERENCES_MAX,
  IMAGE_SEED_MAX,
  IMAGE_VARIANTS_MAX,
  imageAspectRatios,
  imageModes,
  imageStylePresets,
  type ImageMode,
  type ImageTool,
} from '@studio/contracts/imageOptions';
import { Button, Checkbox, Tabs, TextArea, TextField, visuallyHidden } from '@studio/ui';
import { RectangleHorizontal, RectangleVertical, Sparkles, SquareDashed, X } from 'lucide-react';
import { useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptedImageTypes } from '../api/readImageFile';
import { can, modeCapability, type FormErrors, type ImageFormState } from '../form/imageForm';
import { ChoiceGroup } from './ChoiceGroup';
import { ImageModelPicker } from './ImageModelPicker';
import { MaskEditor } from './MaskEditor';
import { SourcePicker } from './SourcePicker';
import * as styles from './studio.css';

export interface GenerationFormProps {
  tool: ImageTool;
  form: ImageFormState;
  onChange: (form: ImageFormState) => void;
  models: readonly ImageModel[];
  /** The chosen model (undefined while there is none). */
  model: ImageModel | undefined;
  /** What is wrong, once the user has tried to send. */
  errors: FormErrors;
  onSubmit: () => void;
  busy: boolean;
  /** Today's limit is reached: nothing can be sent. */
  blocked: boolean;
  /** Pictures left today: more are not offered, and asking for more says so by the button. */
  remaining: number;
  /** The server's refusal of the last request, in the reader's words: shown by the button. */
  refusal: string | null;
  onLocked: (model: ImageModel) => void;
  /** The source as a blob: URL (edit and variation). */
  sourceUrl: string | null;
}

/**
 * Beside the button, where the user is looking: the server's refusal of the last request, or how
 * many pictures are left when that is fewer than one may ask for (in the critical tone when more
 * are chosen). A polite live region, so a change is heard as it happens.
 */
function SubmitNote({
  refusal,
  remaining,
  over,
}: {
  refusal: string | null;
  remaining: number;
  over: boolean;
}) {
  const { t } = useTranslation('images');
  const text =
    refusal ??
    (remaining > 0 && remaining < IMAGE_VARIANTS_MAX ? t('quota.left', { count: remaining }) : '');
  return (
    <p className={refusal || over ? styles.critical : styles.muted} role="status">
      {text}
    </p>
  );
}

/** i18next reads a colon as a namespace separator: the ratios' texts are keyed by name. */
const ratioNames = { '1:1': 'square', '16:9': 'wide', '9:16': 'tall' } as const;

const ratioIcons = {
  '1:1': <SquareDashed size={14} aria-hidden="true" />,
  '16:9': <RectangleHorizontal size={14} aria-hidden="true" />,
  '9:16': <RectangleVertical size={14} aria-hidden="true" />,
} as const;

/**
 * The one form of the three image tools. The generator keeps to a sentence, a ratio and a
 * count; Imagen adds the model, negative prompt, seed, references and the edit and variation
 * modes; Anime adds its style presets. Fields a model cannot use are not shown.
 */
export function GenerationForm({
  tool,
  form,
  onChange,
  models,
  model,
  errors,
  onSubmit,
  busy,
  blocked,
  remaining,
  refusal,
  onLocked,
  sourceUrl,
}: GenerationFormProps) {
  const { t } = useTranslation('images');
  const references = useRef<HTMLInputElement>(null);
  const over = remaining > 0 && form.variants > remaining;
  const set = (change: Partial<ImageFormState>) => onChange({ ...form, ...change });
  const advanced = tool !== 'generator';
  const showModes = advanced || form.mode !== 'generate';
  const needed = modeCapability[form.mode];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const error = (key: keyof FormErrors) =>
    errors[key] ? t(`form.errors.${errors[key]}`, { max: IMAGE_SEED_MAX }) : undefined;

  return (
    <form className={styles.panel} noValidate onSubmit={submit} aria-label={t('form.label')}>
      {showModes ? (
        <Tabs.Root value={form.mode} onValueChange={(mode) => set({ mode: mode as ImageMode })}>
          <Tabs.List variant="pill" aria-label={t('form.modesLabel')}>
            {imageModes.map((mode) => (
              <Tabs.Trigger key={mode} value={mode}>
                {t(`form.modes.${mode}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {imageModes.map((mode) => (
            <Tabs.Content key={mode} value={mode}>
              <p className={styles.muted}>{t(`form.modeHints.${mode}`)}</p>
            </Tabs.Content>
          ))}
        </Tabs.Root>
      ) : null}

      {form.mode !== 'generate' ? (
        <>
          <SourcePicker
            source={form.source}
            sourceUrl={sourceUrl}
            onChange={(source) => set({ source, maskStrokes: [] })}
            error={error('source')}
          />
          {form.mode === 'edit' && form.source && sourceUrl && can(model, 'mask') ? (
            <MaskEditor
              sourceUrl={sourceUrl}
              width={form.source.kind === 'image' ? form.source.image.width : form.source.width}
              height={form.source.kind === 'image' ? form.source.image.height : form.source.height}
              strokes={form.maskStrokes}
              onStrokesChange={(maskStrokes) => set({ maskStrokes })}
            />
          ) : null}
          {form.mode === 'edit' && form.maskStrokes.length === 0 ? (
            <p className={styles.muted}>{t('mask.wholePicture')}</p>
          ) : null}
        </>
      ) : null}

      <TextArea
        label={form.mode === 'variation' ? t('form.promptOptional') : t('form.prompt')}
        placeholder={t(`form.placeholders.${tool}`)}
        value={form.prompt}
        rows={advanced ? 4 : 2}
        growsWithText
        onChange={(event) => set({ prompt: event.target.value })}
        hint={t('form.counter', { count: form.prompt.length, max: IMAGE_PROMPT_MAX_LENGTH })}
        error={error('prompt')}
      />

      {tool === 'anime' ? (
        <ChoiceGroup
          legend={t('form.style')}
          value={form.style ?? 'anime'}
          onChange={(style) => set({ style })}
          choices={imageStylePresets.map((style) => ({
            value: style,
            label: t(`form.styles.${style}`),
            icon: <Sparkles size={14} aria-hidden="true" />,
          }))}
        />
      ) : null}

      {advanced && can(model, 'negative-prompt') ? (
        <TextArea
          label={t('form.negativePrompt')}
          optional
          value={form.negativePrompt}
          rows={2}
          onChange={(event) => set({ negativePrompt: event.target.value })}
          hint={t('form.negativeHint')}
          error={error('negativePrompt')}
        />
      ) : null}

      <div className={styles.row}>
        <ChoiceGroup
          legend={t('form.ratio')}
          value={form.aspectRatio}
          onChange={(aspectRatio) => set({ aspectRatio })}
          choices={imageAspectRatios.map((ratio) => ({
            value: ratio,
            label: t(`form.ratios.${ratioNames[ratio]}`),
            icon: ratioIcons[ratio],
          }))}
        />
        <ChoiceGroup
          legend={t('form.variants')}
          value={String(form.variants)}
          onChange={(variants) => set({ variants: Number(variants) })}
          choices={Array.from({ length: IMAGE_VARIANTS_MAX }, (_, index) => ({
            value: String(index + 1),
            label: String(index + 1),
            // Only what is left today is on offer (the one chosen stays reachable to change).
            disabled: index + 1 > remaining && index + 1 !== form.variants,
          }))}
        />
      </div>
      {error('variants') ? (
        <p className={styles.critical} role="alert">
          {error('variants')}
        </p>
      ) : null}

      {advanced ? (
        <div className={styles.row}>
          <ImageModelPicker
            models={models}
            value={form.modelId}
            onChange={(modelId) => set({ modelId })}
            onLocked={onLocked}
          />
          {can(model, 'seed') ? (
            <>
              <TextField
                label={t('form.seed')}
                optional
                inputMode="numeric"
                size="sm"
                value={form.seed}
                placeholder={t('form.seedPlaceholder')}
                onChange={(event) => set({ seed: event.target.value })}
                error={error('seed')}
              />
              <Checkbox
                checked={form.lockSeed}
                onChange={(event) => set({ lockSeed: event.target.checked })}
                hint={t('form.lockSeedHint')}
              >
                {t('form.lockSeed')}
              </Checkbox>
            </>
          ) : null}
        </div>
      ) : null}
      {errors.model ? (
        <p className={styles.critical} role="alert">
          {errors.model === 'modelCannot' && needed
            ? t('form.errors.modelCannot', { what: t(`form.capabilities.${needed}`) })
            : t(`form.errors.${errors.model}`)}
        </p>
      ) : null}

      {advanced && can(model, 'reference-images') && form.mode === 'generate' ? (
        <div className={styles.choices}>
          <span className={styles.legend}>
            {t('form.references', { max: IMAGE_REFERENCES_MAX })}
          </span>
          {form.references.length > 0 ? (
            <ul className={styles.fileList}>
              {form.references.map((file, index) => (
                <li key={`${file.name}-${index}`}>
                  <Button
                    size="sm"
                    variant="ghost"
                    icon={<X size={14} aria-hidden="true" />}
                    onClick={() =>
                      set({ references: form.references.filter((_, at) => at !== index) })
                    }
                  >
                    {t('form.removeReference', { name: file.name })}
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
          <div className={styles.actions}>
            <Button
              size="sm"
              variant="secondary"
              disabled={form.references.length >= IMAGE_REFERENCES_MAX}
              onClick={() => references.current?.click()}
            >
              {t('form.addReference')}
            </Button>
            <input
              ref={references}
              type="file"
              multiple
              accept={acceptedImageTypes.join(',')}
              className={visuallyHidden}
              tabIndex={-1}
              aria-hidden="true"
              onChange={(event) => {
                const picked = [...(event.target.files ?? [])].filter((file) =>
                  (acceptedImageTypes as readonly string[]).includes(file.type),
                );
                set({
                  references: [...form.references, ...picked].slice(0, IMAGE_REFERENCES_MAX),
                });
                event.target.value = '';
              }}
            />
          </div>
        </div>
      ) : null}

      <div className={styles.actions}>
        <Button type="submit" loading={busy} disabled={blocked || busy}>
          {t(`form.submit.${form.mode}`)}
        </Button>
        <SubmitNote refusal={refusal} remaining={remaining} over={over} />
      </div>
    </form>
  );
}
