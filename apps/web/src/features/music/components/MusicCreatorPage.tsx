import type {
  MusicComposeInput,
  MusicDescribeResponse,
  MusicPiece,
  QuotaErrorResponse,
} from '@studio/contracts';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  formatMoment,
  Heading,
  Stack,
  Text,
  Tiles,
  useToast,
  visuallyHidden,
} from '@studio/ui';
import { Music } from 'lucide-react';
import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/PageHeader';
import { PieceFamilyDialog } from '../../../components/family/PieceFamilyDialog';
import { useErrorText, useServerWords } from '../../../lib/api/useErrorText';
import { paths } from '../../../lib/paths';
import { invalidateQueries, useConfirmedMutation } from '../../../lib/query';
import { useUpgradeModal } from '../../../lib/upgradeModal';
import { useVisitorCollection } from '../../../lib/visitor/useVisitorCollection';
import {
  CompositionJobError,
  CompositionResultError,
  isPlanRefusal,
  quotaRefusal,
} from '../api/compositionErrors';
import { getPieceFile } from '../../../lib/api/endpoints/music/getPieceFile';
import { refreshMusicCatalogue, useMusicCatalogue } from '../api/getMusicCatalogue';
import { piecesQueryKey } from '../api/listPieces';
import {
  chosenModel,
  composeRequest,
  formFromSettings,
  initialMusicForm,
  randomSeed,
  validateMusicForm,
  type MusicFormState,
} from '../form/musicForm';
import { useComposition } from '../hooks/useComposition';
import { pieceFileUrl } from '../../../lib/media/pieceFiles';
import { extendRequest, sectionRequest, varyRequest } from '../pieces/pieceRequests';
import { userPieceSource, visitorPieceSource } from '../pieces/pieceSource';
import { readVisitorMusicEntry, VISITOR_PIECES } from '../../../lib/visitor/collections';
import { keepVisitorPiece } from '../pieces/visitorPieces';
import { CompositionProgress } from './CompositionProgress';
import { DescribePanel } from './DescribePanel';
import { ExtendDialog } from './ExtendDialog';
import { MusicSettingsForm } from './MusicSettingsForm';
import { PieceCard } from './PieceCard';
import { PieceList } from './PieceList';
import { SectionDialog } from './SectionDialog';
import * as styles from './music.css';
import { CatalogueStatus } from '../../../components/CatalogueStatus';

export interface MusicCreatorPageProps {
  /** The signed-in user's id; null for a visitor (their pieces stay in this browser). */
  account: string | null;
}

const FORM_ID = 'music-form-title';

/** A piece's dialog: extend it, rewrite a section of it, or see its family. */
type PieceDialog = { kind: 'extend' | 'section' | 'family'; piece: MusicPiece } | null;

/**
 * /music-creator: a piece described in words (read into settings for review) or set up by hand,
 * made as a job with its stages and a bar, the new pieces side by side with their waveforms,
 * downloads and actions (extend, rewrite a section, vary, reuse the settings, the family), and
 * the person's pieces (a signed-in user's on the server, a visitor's in this browser). The form
 * keeps what was asked whatever happens, so a failure loses nothing.
 */
export function MusicCreatorPage({ account }: MusicCreatorPageProps) {
  const { t, i18n } = useTranslation('music');
  const describe = useErrorText();
  const serverWords = useServerWords();
  const navigate = useNavigate();
  const upgrade = useUpgradeModal();
  const { toast } = useToast();
  const resultsId = useId();
  const catalogue = useMusicCatalogue(account);
  const data = catalogue.status === 'success' ? catalogue.data : null;
  const signedIn = account !== null;
  const [form, setForm] = useState<MusicFormState>(initialMusicForm);
  const [describedBy, setDescribedBy] = useState<MusicDescribeResponse['source'] | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [refused, setRefused] = useState<QuotaErrorResponse | null>(null);
  const [planRefused, setPlanRefused] = useState(false);
  const [keepFailure, setKeepFailure] = useState<unknown>(null);
  const [announcement, setAnnouncement] = useState('');
  const [made, setMade] = useState<MusicPiece[]>([]);
  const [dialog, setDialog] = useState<PieceDialog>(null);

  const collection = useVisitorCollection(VISITOR_PIECES, readVisitorMusicEntry);
  const source = useMemo(
    () => (signedIn ? userPieceSource : visitorPieceSource(collection)),
    [signedIn, collection],
  );

  const onPiece = useCallback(
    async (piece: MusicPiece) => {
      setAnnouncement(t('result.ready'));
      setKeepFailure(null);
      try {
        // A visitor's files are read once (the server keeps their job a day) and kept here.
        if (!signedIn) {
          await keepVisitorPiece(collection, piece, (kind) => {
            const url = pieceFileUrl(piece, kind);
            if (!url) return Promise.reject(new Error('This piece has no such file.'));
            return getPieceFile(url);
          });
        }
      } catch (error) {
        setKeepFailure(error);
      }
      setMade((pieces) => [piece, ...pieces.filter((other) => other.id !== piece.id)]);
      invalidateQueries(piecesQueryKey);
    },
    [collection, signedIn, t],
  );
  const composition = useComposition({ onPiece, onSettled: refreshMusicCatalogue });

  const model = data ? chosenModel(data, form.model) : null;
  const problems = data ? validateMusicForm(form, model, data.limits) : {};
  const openUpgrade = () => (upgrade ? upgrade.open() : navigate(paths.plans));

  const change = (next: MusicFormState) => {
    setRefused(null);
    setPlanRefused(false);
    setForm(next);
  };

  const compose = (request: MusicComposeInput) => {
    setRefused(null);
    setPlanRefused(false);
    void composition.compose(request).then((run) => {
      if (run?.status !== 'failed') return;
      setRefused(quotaRefusal(run.error));
      setPlanRefused(isPlanRefusal(run.error));
    });
  };

  const submit = () => {
    setShowErrors(true);
    if (Object.keys(problems).length > 0 || !model || composition.busy) return;
    setShowErrors(false);
    compose(composeRequest(form, model));
  };

  const toForm = () => document.getElementById(FORM_ID)?.scrollIntoView({ block: 'start' });
  const described = (text: string, answer: MusicDescribeResponse) => {
    // The described settings, with the words as the prompt when the reading kept none.
    const settings = { ...answer.settings, prompt: answer.settings.prompt || text };
    change(formFromSettings(settings, form.model));
    setDescribedBy(answer.source);
  };
  const reuse = (piece: MusicPiece) => {
    change(formFromSettings(piece.settings, piece.model));
    setDescribedBy(null);
    toForm();
  };
  const applySuggestion = (prompt: string) => {
    change({ ...form, prompt });
    toForm();
  };

  const deletion = useConfirmedMutation({
    mutation: { mutationFn: (piece: MusicPiece) => source.remove(piece) },
    errorText: (error) => `${t('piece.deleteFailed')} ${describe(error)}`,
    onSuccess: (_output, piece) => {
      setMade((pieces) => pieces.filter((other) => other.id !== piece.id));
      invalidateQueries(piecesQueryKey);
      toast({ tone: 'success', title: t('piece.deleted') });
    },
  });

  const actions = {
    onExtend: (piece: MusicPiece) => setDialog({ kind: 'extend', piece }),
    onSection: (piece: MusicPiece) => setDialog({ kind: 'section', piece }),
    onFamily: (piece: MusicPiece) => setDialog({ kind: 'family', piece }),
    onVary: (piece: MusicPiece) => compose(varyRequest(piece, randomSeed())),
    onReuse: reuse,
    onDelete: deletion.ask,
  };

  const run = composition.run;
  // A quota or plan refusal is said beside the button (as soon as the run ends, never first as
  // a plain failure).
  const failure =
    run?.status === 'failed' && !quotaRefusal(run.error) && !isPlanRefusal(run.error)
      ? run.error
      : null;
  const failureText =
    failure instanceof CompositionJobError
      ? failure.failure
        ? t(`failures.${failure.failure}`)
        : failure.message
          ? serverWords(failure.message)
          : describe(failure)
      : failure instanceof CompositionResultError
        ? t('result.unreadable')
        : failure
          ? describe(failure)
          : null;
  const suggestion = failure instanceof CompositionJobError ? failure.suggestedPrompt : null;

  const quotaText = (refusal: QuotaErrorResponse) =>
    refusal.remaining > 0
      ? t('quota.onlyLeft', { remaining: refusal.remaining })
      : refusal.refusedBy === 'address'
        ? t('quota.addressReached')
        : t('quota.reached', { limit: refusal.limit });
  const resets = (at: string) => formatMoment(at, i18n.resolvedLanguage ?? i18n.language);

  const locked = planRefused || (showErrors && problems.model?.key === 'modelLocked');
  const refusal = (
    <>
      {refused ? (
        <Stack gap="xs" role="alert">
          <Text as="p" size="sm" tone="critical">
            {quotaText(refused)} {t('quota.resets', { time: resets(refused.resetsAt) })}
          </Text>
          <div>
            <Button size="sm" onClick={openUpgrade}>
              {t('quota.upgrade')}
            </Button>
          </div>
        </Stack>
      ) : null}
      {locked ? (
        <Stack gap="xs" role="alert">
          <Text as="p" size="sm" weight="semibold">
            {t('plan.title')}
          </Text>
          {planRefused && run?.error ? (
            <Text as="p" size="sm" tone="secondary">
              {describe(run.error)}
            </Text>
          ) : null}
          <div>
            <Button size="sm" onClick={openUpgrade}>
              {t('plan.upgrade')}
            </Button>
          </div>
        </Stack>
      ) : null}
    </>
  );

  const models = data?.models ?? [];
  const cloudModels = models.filter((candidate) => candidate.quality === 'cloud-ai');
  const onlyStandIns = cloudModels.length > 0 && cloudModels.every((one) => one.sandbox);

  return (
    <Stack gap="xl">
      <PageHeader title={t('title')} intro={t('intro')} />

      <CatalogueStatus
        catalogue={catalogue}
        namespace="music"
        onRetry={refreshMusicCatalogue}
        reserve="tall"
      />

      {data && data.models.length === 0 ? (
        <EmptyState
          headingLevel={2}
          bordered
          icon={<Music size={28} />}
          title={t('catalogue.noneTitle')}
          description={t('catalogue.noneDescription')}
        />
      ) : null}

      {data && data.models.length > 0 ? (
        <>
          <section aria-labelledby="music-describe-title" className={styles.panel}>
            <Heading level={4} as="h2" id="music-describe-title">
              {t('describe.title')}
            </Heading>
            <DescribePanel onDescribed={described} source={describedBy} />
          </section>

          <section aria-labelledby={FORM_ID} className={styles.panel}>
            <Heading level={4} as="h2" id={FORM_ID}>
              {t('form.title')}
            </Heading>
            {onlyStandIns ? (
              <Text as="p" size="sm" tone="secondary">
                {t('sandboxNotice')}
              </Text>
            ) : null}
            <Text as="p" size="sm" tone="secondary">
              {t('quota.left', {
                remaining: data.limits.remainingToday,
                daily: data.limits.dailySeconds,
              })}
            </Text>
            {data.limits.remainingToday === 0 && !refused ? (
              <Stack gap="xs" role="alert">
                <Text as="p" size="sm" tone="critical">
                  {t('quota.reached', { limit: data.limits.dailySeconds })}
                </Text>
                <div>
                  <Button size="sm" onClick={openUpgrade}>
                    {t('quota.upgrade')}
                  </Button>
                </div>
              </Stack>
            ) : null}
            <MusicSettingsForm
              form={form}
              onChange={change}
              catalogue={data}
              model={model}
              problems={showErrors ? problems : {}}
              onSubmit={submit}
              busy={composition.busy}
              refusal={refusal}
            />
          </section>
        </>
      ) : null}

      {composition.busy ? (
        <CompositionProgress
          job={composition.job}
          onCancel={() => void composition.cancel()}
          canCancel={run?.jobId != null}
        />
      ) : null}
      {failureText ? (
        <Stack gap="xs" role="alert" className={styles.panel}>
          <Text as="p" tone="critical">
            {t('result.failed', { reason: failureText })}
          </Text>
          {suggestion ? (
            <>
              <Text as="p" size="sm">
                {t('result.suggestion')}
              </Text>
              <Text as="p" size="sm" weight="semibold">
                “{suggestion}”
              </Text>
              <div>
                <Button size="sm" variant="secondary" onClick={() => applySuggestion(suggestion)}>
                  {t('result.useSuggestion')}
                </Button>
              </div>
            </>
          ) : null}
        </Stack>
      ) : null}
      {run?.status === 'cancelled' ? (
        <Text as="p" tone="secondary" role="status">
          {t('result.cancelled')}
        </Text>
      ) : null}
      {keepFailure ? (
        <Text as="p" tone="critical" role="alert">
          {t('result.notKept', { reason: describe(keepFailure) })}
        </Text>
      ) : null}

      {made.length > 0 ? (
        <Stack as="section" gap="md" aria-labelledby={resultsId}>
          <Heading level={3} as="h2" id={resultsId}>
            {t('result.title')}
          </Heading>
          <Tiles as="ul" minItemWidth="lg" aria-labelledby={resultsId}>
            {made.map((piece) => (
              <PieceCard
                key={piece.id}
                piece={piece}
                source={source}
                models={models}
                busy={composition.busy}
                {...actions}
              />
            ))}
          </Tiles>
        </Stack>
      ) : null}

      <p className={visuallyHidden} role="status">
        {announcement}
      </p>

      <PieceList
        source={source}
        signedIn={signedIn}
        models={models}
        busy={composition.busy}
        {...actions}
      />

      {dialog?.kind === 'extend' ? (
        <ExtendDialog
          piece={dialog.piece}
          onOpenChange={(open) => (open ? undefined : setDialog(null))}
          onExtend={(seconds) => {
            setDialog(null);
            compose(extendRequest(dialog.piece, seconds));
          }}
        />
      ) : null}
      {dialog?.kind === 'section' ? (
        <SectionDialog
          piece={dialog.piece}
          onOpenChange={(open) => (open ? undefined : setDialog(null))}
          onRewrite={(index) => {
            setDialog(null);
            compose(sectionRequest(dialog.piece, index));
          }}
        />
      ) : null}
      {dialog?.kind === 'family' ? (
        <PieceFamilyDialog
          piece={dialog.piece}
          // Under the pieces' key: a new piece (possibly a new member) or a deletion reads it again.
          queryKey={[...piecesQueryKey, source.owner, 'family', dialog.piece.id]}
          loadFamily={(signal) => source.family(dialog.piece, signal)}
          onOpenChange={(open) => (open ? undefined : setDialog(null))}
        />
      ) : null}

      <ConfirmDialog
        {...deletion.dialog}
        tone="danger"
        title={t('piece.deleteTitle')}
        description={t('piece.deleteDescription')}
        confirmLabel={t('piece.deleteConfirm')}
      />
    </Stack>
  );
}
