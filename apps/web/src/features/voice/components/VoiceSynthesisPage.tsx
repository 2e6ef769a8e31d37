import type { QuotaErrorResponse, Voice, VoiceClip, VoiceSynthesisInput } from '@studio/contracts';
import type { ModelPlan } from '@studio/contracts';
import type { VoiceLanguage } from '@studio/contracts/voiceOptions';
import { Button, EmptyState, formatMoment, Stack, Text, visuallyHidden } from '@studio/ui';
import { AudioLines } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/PageHeader';
import { useErrorText, useServerWords } from '../../../lib/api/useErrorText';
import { paths } from '../../../lib/paths';
import { invalidateQueries } from '../../../lib/query';
import { useUpgradeModal } from '../../../lib/upgradeModal';
import { useVisitorCollection } from '../../../lib/visitor/useVisitorCollection';
import { refreshVoiceCatalogue, useVoiceCatalogue } from '../api/getVoiceCatalogue';
import { clipsQueryKey } from '../api/listClips';
import {
  isPlanRefusal,
  quotaRefusal,
  SynthesisJobError,
  SynthesisResultError,
} from '../api/synthesisErrors';
import { userClipSource, visitorClipSource } from '../clips/clipSource';
import { readVisitorClip, VISITOR_CLIPS } from '../../../lib/visitor/collections';
import {
  chosenVoice,
  fromClip,
  initialVoiceForm,
  planAllows,
  requestFromClip,
  spokenLanguage,
  toRequest,
  validateVoiceForm,
  type VoiceFormState,
} from '../form/voiceForm';
import { useSynthesis } from '../hooks/useSynthesis';
import { ClipList } from './ClipList';
import { ClipResult } from './ClipResult';
import { SynthesisProgress } from './SynthesisProgress';
import { VoiceForm } from './VoiceForm';
import * as styles from './voice.css';
import { CatalogueStatus } from '../../../components/CatalogueStatus';

export interface VoiceSynthesisPageProps {
  /** The signed-in user's id; null for a visitor (their clips stay in this browser). */
  account: string | null;
  /** The caller's plan (a visitor's is the free one), to mark the voices it cannot use. */
  plan: ModelPlan | null;
  /** Opens the voice list at first (a story of the open list). */
  pickerOpen?: boolean;
}

const FORM_ID = 'voice-form-title';

/**
 * /voice-synthesis: text to speech as a job whose sentences can be heard as they are spoken, the
 * clip in a waveform player, and the person's clips (a signed-in user's on the server, a
 * visitor's in this browser), each replayable and re-generatable with its settings. The form
 * keeps what was asked whatever happens, so a failure loses nothing.
 */
export function VoiceSynthesisPage({ account, plan, pickerOpen }: VoiceSynthesisPageProps) {
  const { t, i18n } = useTranslation('voice');
  const describe = useErrorText();
  const serverWords = useServerWords();
  const navigate = useNavigate();
  const upgrade = useUpgradeModal();
  const catalogue = useVoiceCatalogue(account);
  const data = catalogue.status === 'success' ? catalogue.data : null;
  const signedIn = account !== null;
  const [form, setForm] = useState<VoiceFormState>(initialVoiceForm);
  const [showErrors, setShowErrors] = useState(false);
  const [listen, setListen] = useState(true);
  const [refused, setRefused] = useState<QuotaErrorResponse | null>(null);
  const [planRefused, setPlanRefused] = useState(false);
  const [keepFailure, setKeepFailure] = useState<unknown>(null);
  const [announcement, setAnnouncement] = useState('');

  const collection = useVisitorCollection(VISITOR_CLIPS, readVisitorClip);
  const source = useMemo(
    () => (signedIn ? userClipSource : visitorClipSource(collection)),
    [signedIn, collection],
  );

  const onClip = useCallback(
    async (clip: VoiceClip, audio: Blob) => {
      setAnnouncement(t('result.ready'));
      setKeepFailure(null);
      try {
        // A visitor's clip is kept in this browser; a user's is on the server already.
        if (!signedIn) await collection.save([{ item: clip, file: audio }]);
      } catch (error) {
        setKeepFailure(error);
      }
      invalidateQueries(clipsQueryKey);
    },
    [collection, signedIn, t],
  );
  const synthesis = useSynthesis({ signedIn, onClip, onSettled: refreshVoiceCatalogue });

  const uiLanguage: VoiceLanguage = (i18n.resolvedLanguage ?? i18n.language) === 'vi' ? 'vi' : 'en';
  const { language, detected } = spokenLanguage(form, uiLanguage);
  const voice = data ? chosenVoice(data, form.voiceId, language) : null;
  const allowed = (candidate: Voice) => planAllows(plan, candidate.plan);
  const formError = data ? validateVoiceForm(form, voice, data.limits, plan) : null;

  const openUpgrade = () => (upgrade ? upgrade.open() : navigate(paths.plans));

  const change = (next: VoiceFormState) => {
    setRefused(null);
    setPlanRefused(false);
    setForm(next);
  };

  // Called from the click itself: listening needs the click to be allowed to play.
  const generate = (request: VoiceSynthesisInput) => {
    setRefused(null);
    setPlanRefused(false);
    void synthesis.generate(request, { listen }).then((run) => {
      if (run?.status !== 'failed') return;
      setRefused(quotaRefusal(run.error));
      setPlanRefused(isPlanRefusal(run.error));
    });
  };

  const submit = () => {
    setShowErrors(true);
    if (formError !== null || !voice || synthesis.busy) return;
    setShowErrors(false);
    generate(toRequest(form, voice, language));
  };

  const again = (clip: VoiceClip) => {
    if (synthesis.busy) return;
    generate(requestFromClip(clip));
  };
  const reuse = (clip: VoiceClip) => {
    change(fromClip(clip));
    document.getElementById(FORM_ID)?.scrollIntoView({ block: 'start' });
  };

  const run = synthesis.run;
  const failure = run?.status === 'failed' && !refused && !planRefused ? run.error : null;
  const failureText =
    failure instanceof SynthesisJobError && failure.message
      ? serverWords(failure.message)
      : failure instanceof SynthesisResultError
        ? t('result.unreadable')
        : failure
          ? describe(failure)
          : null;

  const quotaText = (refusal: QuotaErrorResponse) =>
    refusal.remaining > 0
      ? t('quota.onlyLeft', { remaining: refusal.remaining })
      : refusal.refusedBy === 'address'
        ? t('quota.addressReached')
        : t('quota.reached', { limit: refusal.limit });
  const resets = (at: string) => formatMoment(at, i18n.resolvedLanguage ?? i18n.language);

  const locked = planRefused || (showErrors && formError === 'planLocked');
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
          <Text as="p" size="sm" tone="secondary">
            {planRefused && run?.error ? describe(run.error) : t('plan.description')}
          </Text>
          <div>
            <Button size="sm" onClick={openUpgrade}>
              {t('plan.upgrade')}
            </Button>
          </div>
        </Stack>
      ) : null}
    </>
  );

  return (
    <Stack gap="xl">
      <PageHeader title={t('title')} intro={t('intro')} />

      <CatalogueStatus
        catalogue={catalogue}
        namespace="voice"
        onRetry={refreshVoiceCatalogue}
        reserve="tall"
      />

      {data && data.voices.length === 0 ? (
        <EmptyState
          headingLevel={2}
          bordered
          icon={<AudioLines size={28} />}
          title={t('catalogue.noneTitle')}
          description={t('catalogue.noneDescription')}
        />
      ) : null}

      {data && data.voices.length > 0 ? (
        <section aria-labelledby={FORM_ID} className={styles.panel}>
          <h2 id={FORM_ID} className={visuallyHidden}>
            {t('form.title')}
          </h2>
          {data.voices.some((candidate) => candidate.sandbox) ? (
            <Text as="p" size="sm" tone="secondary">
              {t('sandboxNotice')}
            </Text>
          ) : null}
          {data.limits.remainingToday === 0 && !refused ? (
            <Stack gap="xs" role="alert">
              <Text as="p" size="sm" tone="critical">
                {t('quota.reached', { limit: data.limits.dailyCharacters })}
              </Text>
              <div>
                <Button size="sm" onClick={openUpgrade}>
                  {t('quota.upgrade')}
                </Button>
              </div>
            </Stack>
          ) : null}
          <VoiceForm
            form={form}
            onChange={change}
            catalogue={data}
            language={language}
            detected={detected}
            voice={voice}
            allowed={allowed}
            error={showErrors && formError !== 'planLocked' ? formError : null}
            listen={listen}
            onListenChange={setListen}
            onSubmit={submit}
            busy={synthesis.busy}
            refusal={refusal}
            pickerOpen={pickerOpen}
          />
        </section>
      ) : null}

      {synthesis.busy ? (
        <SynthesisProgress
          job={synthesis.job}
          listening={synthesis.listening}
          onListen={synthesis.listen}
          onStopListening={synthesis.stopListening}
          onCancel={() => void synthesis.cancel()}
          canCancel={run?.jobId != null}
        />
      ) : null}

      {run?.status === 'completed' && run.clip && run.audio ? (
        <ClipResult
          clip={run.clip}
          audio={run.audio}
          onAgain={() => run.clip && again(run.clip)}
          onReuse={() => run.clip && reuse(run.clip)}
          onPlaying={synthesis.stopListening}
        />
      ) : null}
      {run?.status === 'completed' && !run.audio && run.error ? (
        <Stack gap="xs" role="alert" className={styles.panel}>
          <Text as="p" tone="critical">
            {t('result.fetchFailed', { reason: describe(run.error) })}
          </Text>
          <div>
            <Button size="sm" variant="secondary" onClick={() => void synthesis.retryAudio()}>
              {t('result.retry')}
            </Button>
          </div>
        </Stack>
      ) : null}
      {failureText ? (
        <Text as="p" tone="critical" role="alert">
          {t('result.failed', { reason: failureText })}
        </Text>
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

      <p className={visuallyHidden} role="status">
        {announcement}
      </p>

      <ClipList source={source} signedIn={signedIn} onAgain={again} onReuse={reuse} />
    </Stack>
  );
}
