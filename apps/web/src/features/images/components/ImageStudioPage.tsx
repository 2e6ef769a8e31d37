import type { GeneratedImage, ImageModel, QuotaErrorResponse } from '@studio/contracts';
import type { ImageTool } from '@studio/contracts/imageOptions';
import { Button, Spinner, visuallyHidden } from '@studio/ui';
import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { JobProgress } from '../../../components/JobProgress';
import { PageHeader } from '../../../components/PageHeader';
import { useErrorText } from '../../../lib/api/useErrorText';
import { paths } from '../../../lib/paths';
import { useUpgradeModal } from '../../../lib/upgradeModal';
import { quotaRefusal } from '../api/generationErrors';
import { refreshImageModels, useImageModels } from '../api/getImageModels';
import { readPngParameters, type PngSettings as FoundSettings } from '../api/readPngParameters';
import {
  initialForm,
  loadParameters,
  reuseSettings,
  startFrom,
  toGenerationCall,
  validateForm,
  type ImageFormState,
} from '../form/imageForm';
import { Gallery } from '../gallery/components/Gallery';
import { useGalleryStore } from '../gallery/hooks/useGalleryStore';
import { useImageGeneration } from '../hooks/useImageGeneration';
import { useSourceUrl } from '../hooks/useSourceUrl';
import { exportMask } from '../mask/maskRaster';
import { GenerationForm } from './GenerationForm';
import { ImageViewer } from './ImageViewer';
import { PngSettings } from './PngSettings';
import { QuotaStatus, useRefusalText } from './QuotaStatus';
import { RunList, runElementId } from './RunList';
import { SandboxNotice } from './SandboxNotice';
import * as styles from './studio.css';

export interface ImageStudioPageProps {
  tool: ImageTool;
  /** The signed-in user's id; null for a visitor (their pictures stay in this browser). */
  account: string | null;
}

const jobStages = new Set(['preparing', 'generating', 'storing']);

/**
 * The image tools' one engine behind three pages: /image-generator (a sentence, quickly),
 * /imagen (every setting, edit and variation) and /anime (style presets). A run is a job
 * followed on the page; runs stack, newest first; the form keeps what was asked whatever
 * happens, so a failure loses nothing.
 */
export function ImageStudioPage({ tool, account }: ImageStudioPageProps) {
  const { t } = useTranslation('images');
  const errorText = useErrorText();
  const refusalText = useRefusalText();
  const navigate = useNavigate();
  const upgrade = useUpgradeModal();
  const gallery = useGalleryStore();
  const models = useImageModels(account);
  const data = models.status === 'success' ? models.data : null;
  const [form, setForm] = useState<ImageFormState>(() => initialForm(tool, null));
  const [showErrors, setShowErrors] = useState(false);
  const [viewer, setViewer] = useState<{ images: readonly GeneratedImage[]; index: number } | null>(
    null,
  );
  const [dragging, setDragging] = useState(false);
  const [found, setFound] = useState<FoundSettings | null>(null);
  const [galleryFailure, setGalleryFailure] = useState<unknown>(null);
  const [preparing, setPreparing] = useState<unknown>(null);
  /** The server's refusal of the last request (a 429): said by the button until the next try. */
  const [refused, setRefused] = useState<QuotaErrorResponse | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const shownRun = useRef<string | null>(null);
  /** The run whose end's quota read may still push it out of view. */
  const awaitingQuota = useRef<string | null>(null);

  const onCompleted = useCallback(
    (images: readonly GeneratedImage[]) => {
      setForm((current) =>
        current.lockSeed && current.seed.trim() === '' && images[0]?.seed != null
          ? { ...current, seed: String(images[0].seed) }
          : current,
      );
      setGalleryFailure(null);
      gallery.addGenerated(images).catch(setGalleryFailure);
    },
    [gallery],
  );
  const generation = useImageGeneration({ onCompleted, onSettled: refreshImageModels });

  const modelList = data?.models ?? [];
  const modelId = form.modelId ?? data?.defaultModelId ?? null;
  const model = modelList.find((candidate) => candidate.id === modelId && candidate.available);
  const current = { ...form, modelId };
  const errors = validateForm(current, model);
  const sourceUrl = useSourceUrl(form.mode === 'generate' ? null : form.source);
  const remaining = data?.quota.remaining ?? 0;
  // Only today's count blocks: a refusal is past once the quota is read again (onSettled).
  const blocked = remaining === 0;
  const latest = generation.runs[0];

  const refreshing = models.status === 'success' && models.refreshing;

  // A new run's pictures start below the form: bring them into view and say they are ready. Its
  // end reads the quota again, and what that changes above (the limit reached) pushes them
  // down: they are brought into view once more when that read is done.
  useEffect(() => {
    if (latest?.status !== 'completed') return;
    if (shownRun.current !== latest.key) {
      shownRun.current = latest.key;
      awaitingQuota.current = latest.key;
      setAnnouncement(t('results.ready', { count: latest.images.length }));
    } else if (awaitingQuota.current === latest.key && !refreshing) {
      awaitingQuota.current = null;
    } else {
      return;
    }
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    document
      .getElementById(runElementId(latest.key))
      ?.scrollIntoView({ block: 'nearest', behavior: reduce ? 'auto' : 'smooth' });
  }, [latest, refreshing, t]);

  const openUpgrade = () => (upgrade ? upgrade.open() : navigate(paths.plans));
  const onLocked = (_locked: ImageModel) => openUpgrade();

  const change = (next: ImageFormState) => {
    setRefused(null);
    setForm(next);
  };

  const generate = async () => {
    setShowErrors(true);
    const over = current.variants > remaining;
    if (Object.keys(errors).length > 0 || !model || blocked || over) return;
    setPreparing(null);
    setRefused(null);
    let mask: Blob | null = null;
    const source = current.source;
    if (current.mode === 'edit' && source && current.maskStrokes.length > 0) {
      try {
        const width = source.kind === 'image' ? source.image.width : source.width;
        const height = source.kind === 'image' ? source.image.height : source.height;
        mask = await exportMask(current.maskStrokes, width, height);
      } catch (error) {
        setPreparing(error);
        return;
      }
    }
    setShowErrors(false);
    const run = await generation.generate(toGenerationCall(current, tool, model, mask));
    if (run?.status === 'failed') setRefused(quotaRefusal(run.error));
  };

  const handlers = {
    onReuse: (image: GeneratedImage) => setForm(reuseSettings(current, image, modelList)),
    onIterate: (image: GeneratedImage) => setForm(startFrom(current, image, 'edit')),
    onVariation: (image: GeneratedImage) => setForm(startFrom(current, image, 'variation')),
  };
  const scrollToForm = () =>
    document.getElementById('image-form-title')?.scrollIntoView({ block: 'start' });
  const actions = {
    onReuse: (image: GeneratedImage) => {
      handlers.onReuse(image);
      scrollToForm();
    },
    onIterate: (image: GeneratedImage) => {
      handlers.onIterate(image);
      scrollToForm();
    },
    onVariation: (image: GeneratedImage) => {
      handlers.onVariation(image);
      scrollToForm();
    },
  };

  const inspect = (file: File) => {
    readPngParameters(file).then(setFound, () => setFound({ kind: 'notPng', fileName: file.name }));
  };
  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    const file = event.dataTransfer.files[0];
    if (!file) return;
    event.preventDefault();
    setDragging(false);
    inspect(file);
  };

  const stage = generation.job?.progress?.stage;
  const stageLabel =
    generation.job === null || generation.job.state === 'queued'
      ? t('progress.queued')
      : stage && jobStages.has(stage)
        ? t(`progress.${stage}`)
        : t('progress.working');

  return (
    // Dropping a PNG anywhere on the tool offers its settings; the picker below does the same.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      className={`${styles.page} ${dragging ? styles.dropping : ''}`}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <PageHeader title={t(`tools.${tool}.title`)} intro={t(`tools.${tool}.intro`)} />
      {data?.sandbox ? <SandboxNotice /> : null}

      {models.status === 'loading' ? (
        // Holds the screen for the form to come, so the gallery and the footer below stay off
        // the first screen rather than showing and being pushed away when the models arrive.
        <div className={styles.formPending}>
          <Spinner text={t('models.loading')} />
        </div>
      ) : null}
      {models.status === 'error' ? (
        <div className={styles.notice} role="alert">
          <p className={styles.plain}>{t('models.failed', { reason: errorText(models.error) })}</p>
          <div className={styles.actions}>
            <Button size="sm" variant="secondary" onClick={refreshImageModels}>
              {t('models.retry')}
            </Button>
          </div>
        </div>
      ) : null}

      {data ? (
        <section aria-labelledby="image-form-title" className={styles.page}>
          <h2 id="image-form-title" className={visuallyHidden}>
            {t('form.title')}
          </h2>
          <QuotaStatus quota={data.quota} visitor={account === null} onUpgrade={openUpgrade} />
          <PngSettings
            found={found}
            onPick={inspect}
            onLoad={() => {
              if (found?.kind === 'found') {
                setForm(loadParameters(current, found.parameters, modelList));
              }
              setFound(null);
            }}
            onDismiss={() => setFound(null)}
          />
          <GenerationForm
            tool={tool}
            form={current}
            onChange={change}
            models={modelList}
            model={model}
            errors={showErrors ? errors : {}}
            onSubmit={() => void generate()}
            busy={generation.busy}
            blocked={blocked}
            remaining={remaining}
            refusal={refused ? refusalText(refused) : null}
            onLocked={onLocked}
            sourceUrl={sourceUrl}
          />
          {preparing ? (
            <p className={styles.critical} role="alert">
              {t('mask.failed', { reason: errorText(preparing) })}
            </p>
          ) : null}
        </section>
      ) : null}

      {generation.busy ? (
        <div className={styles.panel}>
          <JobProgress percent={generation.job?.progress?.percent ?? null} label={stageLabel} />
          <div className={styles.actions}>
            <Button
              size="sm"
              variant="secondary"
              disabled={!generation.runs[0]?.jobId}
              onClick={() => void generation.cancel()}
            >
              {t('progress.cancel')}
            </Button>
          </div>
        </div>
      ) : null}

      {galleryFailure ? (
        <p className={styles.critical} role="alert">
          {t('results.notKept', { reason: errorText(galleryFailure) })}
        </p>
      ) : null}

      <p className={visuallyHidden} role="status">
        {announcement}
      </p>

      <RunList
        runs={generation.runs}
        busy={generation.busy}
        onOpen={(images, index) => setViewer({ images, index })}
        onResume={(key) => void generation.resume(key)}
        {...actions}
      />

      <Gallery
        signedIn={account !== null}
        onOpen={(images, index) => setViewer({ images, index })}
        {...actions}
      />

      <ImageViewer
        images={viewer?.images ?? []}
        index={viewer?.index ?? null}
        onIndexChange={(index) => setViewer((open) => (open ? { ...open, index } : open))}
        onClose={() => setViewer(null)}
        {...actions}
      />
    </div>
  );
}
