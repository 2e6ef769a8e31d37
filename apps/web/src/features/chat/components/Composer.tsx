import { Button, IconButton, TextArea } from '@studio/ui';
import { ImagePlus, Send, Square, X } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DictationButton } from '../../../components/dictation/DictationButton';
import { chatErrorMessage } from '../api/errors';
import { uploadImage, uploadableImageTypes } from '../api/uploadImage';
import type { SendOutcome } from '../hooks/chatTurns';
import * as styles from './chat.css';
import { ImproveMenu } from './ImproveMenu';

type Attachment =
  | { status: 'uploading'; file: File; preview: string; progress: number }
  | { status: 'ready'; file: File; preview: string; imageUrl: string }
  | { status: 'error'; file: File; preview: string; message: string | null };

export interface ComposerProps {
  /** A reply is being written: Send becomes Stop. */
  busy: boolean;
  onSend: (text: string, imageUrls: string[]) => Promise<SendOutcome>;
  onStop: () => void;
  /** Signed in and a vision model chosen: images can go along. */
  canAttach: boolean;
  /**
   * A visitor cannot attach images: the attach control is still shown, and asks them to sign in
   * (it opens the sign-in modal) instead of vanishing without a word.
   */
  onSignInToAttach?: () => void;
  /** The model the rewrite uses (the chosen one). */
  modelId: string | null;
  /** Nothing can be sent (no model to send to yet); the text box still takes typing. */
  disabled?: boolean;
  /** Upload, for stories and tests to hold or fail; the API's by default. */
  upload?: typeof uploadImage;
  /** The microphone in the tool row: what to hear first, and whether what is heard goes at once. */
  dictation?: ComposerDictation;
}

export interface ComposerDictation {
  /** The conversation dictated into (its language is kept per conversation). */
  conversationKey: string;
  /** Send what was dictated without review (only when the user turned it on). */
  sendAtOnce: boolean;
}

const isImage = (file: File) => (uploadableImageTypes as readonly string[]).includes(file.type);

/**
 * Where the user writes: a textarea that grows with its text, Enter to send and Shift+Enter for a
 * new line (never while an input method is composing), Send that turns into Stop while a reply
 * is written, an image to attach (signed-in users with a vision model), and "Improve prompt".
 * A failed send gives the text and the image back.
 */
export function Composer({
  busy,
  onSend,
  onStop,
  canAttach,
  onSignInToAttach,
  modelId,
  disabled = false,
  upload = uploadImage,
  dictation,
}: ComposerProps) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadController = useRef<AbortController | null>(null);
  const signInHintId = useId();
  const keysHintId = useId();

  // Grows with the text (up to the CSS max-height, then scrolls).
  useLayoutEffect(() => {
    const element = textarea.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${element.scrollHeight}px`;
  }, [text]);

  useEffect(() => () => uploadController.current?.abort(), []);

  const uploading = attachment?.status === 'uploading';
  const canSend = !disabled && !busy && !uploading && text.trim().length > 0;

  const submit = (draft = text) => {
    if (disabled || busy || uploading || draft.trim().length === 0) return;
    const attached = attachment;
    const imageUrls = attached?.status === 'ready' ? [attached.imageUrl] : [];
    setText('');
    setAttachment(null);
    void onSend(draft, imageUrls).then((outcome) => {
      if (outcome.status !== 'failed') {
        if (attached) URL.revokeObjectURL(attached.preview);
        return;
      }
      // Nothing was lost: the text (unless the user already typed anew) and the image come back.
      setText((current) => (current ? current : outcome.draft));
      setAttachment((current) => current ?? attached);
    });
  };

  /** Dictated words go after what is typed, for the user to check, or are sent if they chose. */
  const dictated = (heard: string) => {
    if (dictation?.sendAtOnce && !text.trim()) {
      submit(heard);
      return;
    }
    setText((current) => (current.trim() ? `${current.trimEnd()} ${heard}` : heard));
    textarea.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // keyCode 229: the Enter that confirms an IME candidate in browsers without isComposing.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    if (event.nativeEvent.keyCode === 229) return;
    event.preventDefault();
    submit();
  };

  const attach = (file: File) => {
    uploadController.current?.abort();
    const preview = URL.createObjectURL(file);
    if (!isImage(file)) {
      setAttachment({ status: 'error', file, preview, message: t('composer.imageType') });
      return;
    }
    const controller = new AbortController();
    uploadController.current = controller;
    setAttachment({ status: 'uploading', file, preview, progress: 0 });
    upload(file, {
      signal: controller.signal,
      onProgress: (progress) =>
        setAttachment((current) =>
          current?.file === file && current.status === 'uploading'
            ? { ...current, progress }
            : current,
        ),
    })
      .then((imageUrl) =>
        setAttachment((current) =>
          current?.file === file ? { status: 'ready', file, preview, imageUrl } : current,
        ),
      )
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setAttachment((current) =>
          current?.file === file
            ? { status: 'error', file, preview, message: chatErrorMessage(error) }
            : current,
        );
      });
  };

  const removeAttachment = () => {
    uploadController.current?.abort();
    if (attachment) URL.revokeObjectURL(attachment.preview);
    setAttachment(null);
    textarea.current?.focus();
  };

  return (
    <form
      className={styles.composer}
      aria-label={t('composer.label')}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {attachment && (
        <div className={styles.chip} role="group" aria-label={t('composer.attachment')}>
          <img className={styles.chipImage} src={attachment.preview} alt="" />
          <span>
            {attachment.file.name}
            {' · '}
            {attachment.status === 'uploading' &&
              t('composer.uploading', { percent: Math.round(attachment.progress * 100) })}
            {attachment.status === 'ready' && t('composer.uploaded')}
            {attachment.status === 'error' && (
              <span role="alert">{attachment.message ?? t('composer.uploadFailed')}</span>
            )}
          </span>
          <IconButton
            variant="ghost"
            size="sm"
            label={t('composer.removeImage')}
            icon={<X size={16} aria-hidden="true" />}
            onClick={removeAttachment}
          />
        </div>
      )}
      <TextArea
        ref={textarea}
        label={t('composer.messageLabel')}
        hideLabel
        placeholder={t('composer.placeholder')}
        rows={1}
        value={text}
        // Typing needs no model: only sending does, so the text box is usable at once, before
        // the model list has arrived.
        growsWithText
        aria-describedby={keysHintId}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className={styles.composerRow}>
        <div className={styles.composerTools}>
          {canAttach && (
            <>
              <input
                ref={fileInput}
                type="file"
                accept={uploadableImageTypes.join(',')}
                hidden
                aria-hidden="true"
                tabIndex={-1}
                data-testid="chat-image-input"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) attach(file);
                }}
              />
              <IconButton
                variant="ghost"
                label={t('composer.attachImage')}
                icon={<ImagePlus size={18} aria-hidden="true" />}
                disabled={disabled || busy}
                onClick={() => fileInput.current?.click()}
              />
            </>
          )}
          {!canAttach && onSignInToAttach && (
            <>
              <IconButton
                variant="ghost"
                label={t('composer.attachSignIn')}
                icon={<ImagePlus size={18} aria-hidden="true" />}
                aria-describedby={signInHintId}
                aria-haspopup="dialog"
                onClick={onSignInToAttach}
              />
              <span id={signInHintId} hidden>
                {t('composer.attachSignInHint')}
              </span>
            </>
          )}
          {dictation && (
            <DictationButton
              conversationKey={dictation.conversationKey}
              disabled={disabled || busy}
              onText={dictated}
            />
          )}
          <ImproveMenu
            text={text}
            modelId={modelId}
            disabled={disabled || busy}
            onRewritten={(rewritten) => setText(rewritten)}
          />
        </div>
        <div className={styles.composerSend}>
          <p id={keysHintId} className={styles.composerHint}>
            {t('composer.hint')}
          </p>
          {busy ? (
            <Button
              type="button"
              variant="secondary"
              icon={<Square size={16} aria-hidden="true" />}
              onClick={onStop}
            >
              {t('composer.stop')}
            </Button>
          ) : (
            <Button type="submit" icon={<Send size={16} aria-hidden="true" />} disabled={!canSend}>
              {t('composer.send')}
            </Button>
          )}
        </div>
      </div>
    </form>
  );
}
