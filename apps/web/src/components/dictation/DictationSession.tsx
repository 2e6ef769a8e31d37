import type { DictationStatus, TranscriptionLanguage } from '@studio/contracts';
import { Button, IconButton, Spinner, visuallyHidden } from '@studio/ui';
import { Mic, Square, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getDictationStatus } from '../../lib/api/endpoints/voice/getDictationStatus';
import { useErrorText } from '../../lib/api/useErrorText';
import { browserRecognitionAvailable, recognizeOnce } from '../../lib/audio/browserRecognition';
import { useDictation, type DictationOptions } from '../../lib/audio/useDictation';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { useKeyValueStore } from '../../lib/storeContext';
import { formatDuration } from './formatDuration';
import { useDictationLanguage } from './useDictationLanguage';
import * as styles from './dictation.css';

export interface DictationSessionProps {
  /** Started by pressing and holding: letting go finishes it. */
  held: boolean;
  /** Whose language to hear: kept per conversation (useDictationLanguage). */
  conversationKey: string;
  onText: (text: string) => void;
  onClose: () => void;
  /** Stand-ins for stories and tests. */
  status?: () => Promise<DictationStatus>;
  record?: DictationOptions['record'];
  transcribe?: DictationOptions['transcribe'];
}

const languages: TranscriptionLanguage[] = ['en', 'vi', 'auto'];
/** A press shorter than this is a tap (dictation goes on until stopped), not a hold. */
const holdMs = 400;

/**
 * One dictation, in place of the microphone: asks the server whether it can hear (while the
 * browser asks for the microphone, not after), records with a level meter, the time against the
 * plan's limit and the language, then transcribes. Errors are said in words, with what to do.
 */
export function DictationSession({
  held,
  conversationKey,
  onText,
  onClose,
  status = getDictationStatus,
  record,
  transcribe,
}: DictationSessionProps) {
  const { t } = useTranslation('dictation');
  const errorText = useErrorText();
  const [language, setLanguage] = useDictationLanguage(
    useKeyValueStore(),
    conversationKey,
    useLanguage(),
  );
  const [server, setServer] = useState<DictationStatus | 'unknown' | 'failed'>('unknown');
  const [browser, setBrowser] = useState<'idle' | 'listening' | 'failed'>('idle');
  const [notice, setNotice] = useState<string | null>(null);
  const maxSeconds = typeof server === 'object' ? server.limits.maxSeconds : 120;
  const dictation = useDictation({
    language,
    maxSeconds,
    onText: (text, { limited }) => {
      onText(text);
      if (limited) setNotice(t('limited', { limit: formatDuration(maxSeconds * 1000) }));
      else onClose();
    },
    ...(record ? { record } : {}),
    ...(transcribe ? { transcribe } : {}),
  });
  const { state, start, stop, cancel } = dictation;
  const [pressedAt] = useState(() => Date.now());

  // The server's answer and the microphone's permission are asked for at the same time.
  useEffect(() => {
    const controller = new AbortController();
    status()
      .then((answer) => {
        if (controller.signal.aborted) return;
        setServer(answer);
        if (!answer.available) cancel();
      })
      .catch(() => !controller.signal.aborted && setServer('failed'));
    void start();
    return () => controller.abort();
    // Once per session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Hold to talk: letting go after a moment finishes the recording.
  useEffect(() => {
    if (!held) return;
    const release = () => {
      if (Date.now() - pressedAt >= holdMs) stop();
    };
    window.addEventListener('pointerup', release, { once: true });
    return () => window.removeEventListener('pointerup', release);
  }, [held, stop, pressedAt]);

  const changeLanguage = () => {
    setLanguage(languages[(languages.indexOf(language) + 1) % languages.length] ?? 'auto');
  };

  const listenInBrowser = async () => {
    setBrowser('listening');
    const controller = new AbortController();
    try {
      const words = await recognizeOnce(language === 'vi' ? 'vi' : 'en', controller.signal);
      if (words) {
        onText(words);
        onClose();
      } else {
        setBrowser('idle');
        setNotice(t('errors.silent'));
      }
    } catch {
      setBrowser('failed');
    }
  };

  const close = (
    <IconButton
      variant="ghost"
      size="sm"
      label={t('close')}
      icon={<X size={16} aria-hidden="true" />}
      onClick={() => {
        cancel();
        onClose();
      }}
    />
  );

  // This server cannot hear: say so, and offer the browser's own recogniser where there is one.
  if (typeof server === 'object' && !server.available) {
    return (
      <div className={styles.session} role="group" aria-label={t('label')}>
        <p className={styles.message} role="status">
          {browser === 'failed' ? t('browser.failed') : t('unavailable')}
        </p>
        {browserRecognitionAvailable() && browser !== 'failed' && (
          <Button
            size="sm"
            variant="secondary"
            loading={browser === 'listening'}
            onClick={() => void listenInBrowser()}
          >
            {t('browser.use')}
          </Button>
        )}
        {browserRecognitionAvailable() && <p className={styles.message}>{t('browser.privacy')}</p>}
        {close}
      </div>
    );
  }

  if (state.phase === 'error') {
    const message =
      state.problem === 'server' ? errorText(state.error) : t(`errors.${state.problem}`);
    return (
      <div className={styles.session} role="group" aria-label={t('label')}>
        <p className={styles.message} role="alert">
          {message}
        </p>
        {state.problem !== 'unsupported' && state.problem !== 'denied' && (
          <Button
            size="sm"
            variant="secondary"
            icon={<Mic size={16} aria-hidden="true" />}
            onClick={() => void start()}
          >
            {t('again')}
          </Button>
        )}
        {close}
      </div>
    );
  }

  if (state.phase === 'transcribing') {
    return (
      <div className={styles.session} role="group" aria-label={t('label')}>
        <Spinner size="small" text={t('transcribing')} />
        {close}
      </div>
    );
  }

  if (notice && state.phase === 'idle') {
    return (
      <div className={styles.session} role="group" aria-label={t('label')}>
        <p className={styles.message} role="status">
          {notice}
        </p>
        {close}
      </div>
    );
  }

  const level = state.phase === 'recording' ? state.level : 0;
  const elapsed = state.phase === 'recording' ? state.elapsedMs : 0;
  return (
    <div className={styles.session} role="group" aria-label={t('label')}>
      <IconButton
        variant="secondary"
        size="sm"
        label={t('stop')}
        icon={<Square size={14} aria-hidden="true" />}
        disabled={state.phase !== 'recording'}
        onClick={stop}
      />
      <span className={styles.meter} aria-hidden="true">
        <span
          className={styles.meterFill}
          style={{ display: 'block', transform: `scaleX(${Math.min(1, level * 8).toFixed(2)})` }}
        />
      </span>
      <span className={styles.time} role="status" aria-live="off">
        {state.phase === 'recording'
          ? t('listening', {
              elapsed: formatDuration(elapsed),
              limit: formatDuration(maxSeconds * 1000),
            })
          : t('starting')}
      </span>
      {typeof server === 'object' && server.sandbox && (
        <span className={styles.time}>{t('sandbox')}</span>
      )}
      <Button size="sm" variant="ghost" onClick={changeLanguage}>
        {/* Seen: the short code; heard: what it is and that pressing changes it. */}
        <span aria-hidden="true">{t(`language.short.${language}`)}</span>
        <span className={visuallyHidden}>
          {t('language.label', { language: t(`language.${language}`) })}
        </span>
      </Button>
      {close}
    </div>
  );
}
