import {
  MUSIC_DURATION_MIN_SECONDS,
  MUSIC_TEMPO_MAX,
  MUSIC_TEMPO_MIN,
  musicGenres,
  musicModes,
  musicMoods,
  musicTonics,
  type MusicCatalogueResponse,
  type MusicGenre,
  type MusicMode,
  type MusicModel,
  type MusicMood,
  type MusicTonic,
} from '@studio/contracts';
import { Button, Checkbox, IconButton, Select, Stack, Text, TextArea, TextField } from '@studio/ui';
import { Dices, Music } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMusicNames } from '../../../lib/media/musicNames';
import {
  formatDuration,
  maxDurationFor,
  modelCan,
  randomSeed,
  type FieldProblem,
  type MusicFormProblems,
  type MusicFormState,
} from '../form/musicForm';
import { InstrumentPicker } from './InstrumentPicker';
import { ModelPicker } from './ModelPicker';
import { StructureEditor } from './StructureEditor';
import * as styles from './music.css';
import { modelName } from '../pieces/pieceNames';

export interface MusicSettingsFormProps {
  form: MusicFormState;
  onChange: (form: MusicFormState) => void;
  catalogue: MusicCatalogueResponse;
  model: MusicModel | null;
  /** Shown once Create was pressed (a sent form says what stopped it). */
  problems: MusicFormProblems;
  onSubmit: () => void;
  busy: boolean;
  /** The server's refusal of the last request, with what to do (beside the button). */
  refusal?: ReactNode;
}

/**
 * The piece's settings, for review and editing (after a description, or by hand): the model
 * first, since it decides what else can be asked; what it cannot do is disabled with the reason.
 */
export function MusicSettingsForm({
  form,
  onChange,
  catalogue,
  model,
  problems,
  onSubmit,
  busy,
  refusal,
}: MusicSettingsFormProps) {
  const { t } = useTranslation('music');
  const names = useMusicNames();
  const set = (change: Partial<MusicFormState>) => onChange({ ...form, ...change });
  const problem = (found: FieldProblem | undefined) =>
    found ? t(`form.errors.${found.key}`, found.values) : undefined;
  const shownModelName = model ? modelName(model, t) : '';
  const sings = modelCan(model, 'lyrics');
  const seeded = modelCan(model, 'seed');
  const longest = maxDurationFor(model, catalogue.limits);
  const auto = t('form.auto');

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="lg">
        <ModelPicker
          models={catalogue.models}
          value={model?.id ?? null}
          onChange={(picked) => set({ model: picked.id })}
        />
        {problems.model ? (
          <Text as="p" size="sm" tone="critical" role="alert">
            {problem(problems.model)}
          </Text>
        ) : null}
        {model && !modelCan(model, 'settings') ? (
          <Text as="p" size="sm" tone="secondary">
            {t('form.settingsDisabled', { model: shownModelName })}
          </Text>
        ) : null}

        <TextArea
          label={t('form.prompt')}
          hint={t('form.promptHint')}
          optional
          rows={2}
          value={form.prompt}
          error={problem(problems.prompt)}
          onChange={(event) => set({ prompt: event.target.value })}
        />

        <div className={styles.fieldRow}>
          <Select
            label={t('form.genre')}
            options={musicGenres.map((genre) => ({ value: genre, label: names.genre(genre) }))}
            value={form.genre}
            placeholder={false}
            onChange={(event) => set({ genre: event.target.value as MusicGenre })}
          />
          <Select
            label={t('form.mood')}
            options={[
              { value: '', label: auto },
              ...musicMoods.map((mood) => ({ value: mood, label: names.mood(mood) })),
            ]}
            value={form.mood}
            placeholder={false}
            onChange={(event) => set({ mood: event.target.value as MusicMood | '' })}
          />
          <TextField
            label={t('form.tempo')}
            hint={t('form.tempoHint', { min: MUSIC_TEMPO_MIN, max: MUSIC_TEMPO_MAX })}
            inputMode="numeric"
            value={form.tempo}
            error={problem(problems.tempo)}
            onChange={(event) => set({ tempo: event.target.value })}
          />
        </div>

        <div className={styles.fieldRow}>
          <Select
            label={t('form.tonic')}
            options={[
              { value: '', label: auto },
              ...musicTonics.map((tonic) => ({ value: tonic, label: tonic })),
            ]}
            value={form.tonic}
            placeholder={false}
            onChange={(event) => set({ tonic: event.target.value as MusicTonic | '' })}
          />
          <Select
            label={t('form.mode')}
            options={musicModes.map((mode) => ({ value: mode, label: t(`modes.${mode}`) }))}
            value={form.mode}
            placeholder={false}
            disabled={form.tonic === ''}
            onChange={(event) => set({ mode: event.target.value as MusicMode })}
          />
          <TextField
            label={t('form.duration')}
            hint={t('form.durationHint', {
              min: formatDuration(MUSIC_DURATION_MIN_SECONDS),
              max: formatDuration(longest),
            })}
            inputMode="numeric"
            value={form.duration}
            error={problem(problems.duration)}
            onChange={(event) => set({ duration: event.target.value })}
          />
        </div>

        <InstrumentPicker
          value={form.instruments}
          onChange={(instruments) => set({ instruments })}
        />
        <StructureEditor value={form.structure} onChange={(structure) => set({ structure })} />

        <Checkbox
          checked={form.instrumental}
          // A model that cannot sing makes instrumental music only; the lyrics field says why.
          disabled={!sings}
          onChange={(event) => set({ instrumental: event.target.checked })}
        >
          {t('form.instrumental')}
        </Checkbox>
        <TextArea
          label={t('form.lyrics')}
          hint={sings ? t('form.lyricsHint') : t('form.lyricsDisabled', { model: shownModelName })}
          optional
          rows={4}
          disabled={!sings || form.instrumental}
          value={form.lyrics}
          error={problem(problems.lyrics)}
          onChange={(event) => set({ lyrics: event.target.value })}
        />

        <div className={styles.withButton}>
          <div className={styles.grow}>
            <TextField
              label={t('form.seed')}
              hint={seeded ? t('form.seedHint') : t('form.seedDisabled', { model: shownModelName })}
              inputMode="numeric"
              optional
              disabled={!seeded}
              value={form.seed}
              error={problem(problems.seed)}
              onChange={(event) => set({ seed: event.target.value })}
            />
          </div>
          <IconButton
            variant="secondary"
            icon={<Dices size={16} />}
            label={t('form.newSeed')}
            disabled={!seeded}
            onClick={() => set({ seed: String(randomSeed()) })}
          />
        </div>

        <Stack gap="sm">
          <div>
            <Button
              type="submit"
              loading={busy}
              disabled={busy}
              icon={<Music size={16} aria-hidden="true" />}
            >
              {t('form.generate')}
            </Button>
          </div>
          {refusal}
        </Stack>
      </Stack>
    </form>
  );
}
