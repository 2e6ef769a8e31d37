import type { GeneratedImage, QuotaErrorResponse, VisionRead } from '@studio/contracts';
import { Button, formatMoment, Heading, Spinner, Stack, Text, visuallyHidden } from '@studio/ui';
import { ScanText } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/PageHeader';
import { useErrorText, useServerWords } from '../../../lib/api/useErrorText';
import { imageFileName } from '../../../lib/media/imageFileName';
import { paths } from '../../../lib/paths';
import { invalidateQueries } from '../../../lib/query';
import { useUpgradeModal } from '../../../lib/upgradeModal';
import { readVisitorImage, VISITOR_IMAGES } from '../../../lib/visitor/collections';
import { useVisitorCollection } from '../../../lib/visitor/useVisitorCollection';
import { refreshVisionCatalogue, useVisionCatalogue } from '../api/getVisionCatalogue';
import { getRead } from '../api/getRead';
import { readsQueryKey } from '../api/listReads';
import { userPictures, visitorPictures } from '../api/pictureSources';
import { quotaRefusal, ReadJobError, ReadResultError } from '../api/readErrors';
import { useRead } from '../hooks/useRead';
import { sourceOf, type ChosenPicture } from '../model/chosenPicture';
import { defaultLanguageChoice, type LanguageChoice as Choice } from '../model/languages';
import { megabytes, pictureProblem } from '../model/pictureCheck';
import { LanguageChoice } from './LanguageChoice';
import { LibraryPicker } from './LibraryPicker';
import { PicturePicker } from './PicturePicker';
import { ReadHistory } from './ReadHistory';
import { ReadProgress } from './ReadProgress';
import { ReadResult } from './ReadResult';
import * as styles from './vision.css';
import { CatalogueStatus } from '../../../components/CatalogueStatus';

export interface VisionPageProps {
  /** The signed-in user's id; null for a visitor (their reads are kept a day, by their key). */
  account: string | null;
}

/** The first picture file among what was dropped or pasted. */
const pictureIn = (files: FileList | undefined | null): File | null =>
  files
    ? (Array.from(files).find((file) => file.type.startsWith('image/')) ?? files[0] ?? null)
    : null;

/**
 * /vision: a picture (uploaded, dropped, pasted, or from the library) read offline on the server
 * in English, Vietnamese or both, followed as a job; the result with its words' boxes, its text,
 * its table, and answers about it on the chat's models; and the caller's earlier reads.
 */
export function VisionPage({ account }: VisionPageProps) {
  const { t, i18n } = useTranslation('vision');
  const describe = useErrorText();
  const serverWords = useServerWords();
  const navigate = useNavigate();
  const upgrade = useUpgradeModal();
  const resultHeadingId = useId();
  const catalogue = useVisionCatalogue(account);
  const data = catalogue.status === 'success' ? catalogue.data : null;
  const signedIn = account !== null;

  const [picture, setPicture] = useState<ChosenPicture | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [languages, setLanguages] = useState<Choice>(defaultLanguageChoice);
  const [shown, setShown] = useState<VisionRead | null>(null);
  const [opening, setOpening] = useState<{ id: string; error: unknown } | null>(null);
  const [refused, setRefused] = useState<QuotaErrorResponse | null>(null);
  const [libraryOpen, setLibraryOpen] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  const collection = useVisitorCollection(VISITOR_IMAGES, readVisitorImage);
  const library = useMemo(
    () => (signedIn ? userPictures : visitorPictures(collection)),
    [signedIn, collection],
  );

  const onSettled = useCallback(() => {
    refreshVisionCatalogue();
    invalidateQueries(readsQueryKey);
  }, []);
  const reading = useRead({ onSettled });
  const maxFileBytes = data?.limits.maxFileBytes ?? null;

  const choose = useCallback(
    (next: ChosenPicture) => {
      setProblem(null);
      setRefused(null);
      reading.reset();
      setPicture(next);
    },
    [reading],
  );

  const offerFile = useCallback(
    (file: File) => {
      const found = pictureProblem(file, maxFileBytes);
      if (found?.kind === 'notPicture') {
        setProblem(t('picture.notPicture', { name: file.name }));
      } else if (found?.kind === 'tooLarge') {
        setProblem(
          t('picture.tooLarge', {
            name: file.name,
            size: megabytes(file.size),
            max: megabytes(found.maxBytes),
          }),
        );
      } else {
        choose({ kind: 'file', file, name: file.name });
      }
    },
    [choose, maxFileBytes, t],
  );

  // A picture pasted anywhere on the page is the one to read (a screenshot, most often).
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const file = pictureIn(event.clipboardData?.files);
      if (!file || reading.busy) return;
      event.preventDefault();
      offerFile(file);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [offerFile, reading.busy]);

  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files') || reading.busy) return;
    event.preventDefault();
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    const file = pictureIn(event.dataTransfer.files);
    setDragging(false);
    if (!file || reading.busy) return;
    event.preventDefault();
    offerFile(file);
  };

  const pick = async (image: GeneratedImage) => {
    setLibraryOpen(false);
    if (library.owner === 'user') {
      choose({ kind: 'library', image });
      return;
    }
    try {
      choose({ kind: 'file', file: await library.file(image), name: imageFileName(image) });
    } catch (error) {
      setProblem(t('library.fileFailed', { reason: describe(error) }));
    }
  };

  const toResult = () =>
    requestAnimationFrame(() =>
      document.getElementById(resultHeadingId)?.scrollIntoView({ block: 'start' }),
    );

  const read = () => {
    if (!picture) {
      setProblem(t('read.pictureRequired'));
      return;
    }
    setProblem(null);
    setRefused(null);
    void reading.read(sourceOf(picture), languages).then((run) => {
      if (run?.status === 'completed' && run.read) {
        setShown(run.read);
        setAnnouncement(t('result.title'));
        toResult();
      }
      if (run?.status === 'failed') setRefused(quotaRefusal(run.error));
    });
  };

  const open = async (chosen: VisionRead) => {
    setOpening({ id: chosen.id, error: null });
    try {
      setShown(await getRead(chosen.id));
      setOpening(null);
      toResult();
    } catch (error) {
      setOpening({ id: chosen.id, error });
    }
  };

  const run = reading.run;
  const failure = run?.status === 'failed' && !quotaRefusal(run.error) ? run.error : null;
  const failureText =
    failure instanceof ReadJobError
      ? serverWords(failure.message) || t('progress.working')
      : failure instanceof ReadResultError
        ? t('progress.unreadable')
        : failure
          ? describe(failure)
          : null;

  const language = i18n.resolvedLanguage ?? i18n.language;
  const openUpgrade = () => (upgrade ? upgrade.open() : navigate(paths.plans));
  const quotaText = (refusal: QuotaErrorResponse) =>
    refusal.refusedBy === 'address'
      ? t('quota.addressReached')
      : t('quota.reached', { limit: refusal.limit });
  const outOfReads = data !== null && data.limits.remainingToday === 0;

  return (
    // Dropping a picture anywhere on the page chooses it, as the button does.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      className={`${styles.page} ${dragging ? styles.dropping : ''}`}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <PageHeader title={t('title')} intro={t('intro')} />

      <CatalogueStatus
        catalogue={catalogue}
        namespace="vision"
        onRetry={refreshVisionCatalogue}
        reserve="medium"
      />

      {data ? (
        <section aria-labelledby="vision-picture-title" className={styles.panel}>
          <Heading level={4} as="h2" id="vision-picture-title">
            {t('picture.title')}
          </Heading>
          <PicturePicker
            picture={picture}
            onFile={offerFile}
            onOpenLibrary={() => setLibraryOpen(true)}
            maxFileBytes={maxFileBytes}
            problem={problem}
            disabled={reading.busy}
          />
          <LanguageChoice value={languages} onChange={setLanguages} disabled={reading.busy} />
          <Stack gap="xs">
            <Text as="p" size="sm" tone="secondary">
              {t('read.engine', { engine: data.engine })}
            </Text>
            <Text as="p" size="sm" tone="secondary">
              {t('quota.left', {
                remaining: data.limits.remainingToday,
                daily: data.limits.dailyReads,
              })}
            </Text>
          </Stack>
          {refused || (outOfReads && !refused) ? (
            <Stack gap="xs" role="alert">
              <Text as="p" size="sm" tone="critical">
                {refused
                  ? `${quotaText(refused)} ${t('quota.resets', { time: formatMoment(refused.resetsAt, language) })}`
                  : t('quota.reached', { limit: data.limits.dailyReads })}
              </Text>
              <div>
                <Button size="sm" onClick={openUpgrade}>
                  {t('quota.upgrade')}
                </Button>
              </div>
            </Stack>
          ) : null}
          <div>
            <Button
              icon={<ScanText size={18} aria-hidden="true" />}
              onClick={read}
              loading={reading.busy}
              disabled={reading.busy}
            >
              {t('read.submit')}
            </Button>
          </div>
        </section>
      ) : null}

      {reading.busy ? (
        <ReadProgress
          job={reading.job}
          onCancel={() => void reading.cancel()}
          canCancel={run?.jobId != null}
        />
      ) : null}
      {failureText ? (
        <Text as="p" tone="critical" role="alert">
          {t('progress.failed', { reason: failureText })}
        </Text>
      ) : null}
      {run?.status === 'cancelled' ? (
        <Text as="p" tone="secondary" role="status">
          {t('progress.cancelled')}
        </Text>
      ) : null}
      {opening ? (
        opening.error ? (
          <Text as="p" tone="critical" role="alert">
            {t('history.openFailed', { reason: describe(opening.error) })}
          </Text>
        ) : (
          <Spinner text={t('history.opening')} />
        )
      ) : null}

      {shown ? (
        <ReadResult key={shown.id} read={shown} catalogue={data} headingId={resultHeadingId} />
      ) : null}

      <p className={visuallyHidden} role="status">
        {announcement}
      </p>

      <ReadHistory
        account={account}
        currentId={shown?.id ?? null}
        onOpen={(chosen) => void open(chosen)}
        onDeleted={(gone) => setShown((current) => (current?.id === gone.id ? null : current))}
      />

      {libraryOpen ? (
        <LibraryPicker
          library={library}
          onPick={(image) => void pick(image)}
          onClose={() => setLibraryOpen(false)}
        />
      ) : null}
    </div>
  );
}
