import { Button, IconButton, Skeleton } from '@studio/ui';
import { RotateCcw } from 'lucide-react';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useKeyValueStore } from '../../../lib/storeContext';
import { useSignInModal } from '../../../lib/signInModal';
import { useChat, type ChatApi } from '../hooks/useChat';
import type { QuotaState } from '../hooks/useQuota';
import type { VoiceSettings } from '../hooks/useReplyTurn';
import { useChatModels, type UseChatModels } from '../hooks/useChatModels';
import { ConversationButton, loadConversationMode } from './conversation/ConversationButton';
import { defaultVoiceSettings as defaultSpokenReplies } from './voice/voiceSettingsValue';
import * as styles from './chat.css';
import type { SpokenReplyView } from './MessageList';
import { chatErrorText } from './chatErrorText';
import { Composer, type ComposerProps } from './Composer';
import { EmptyChat } from './EmptyChat';
import { LocalModelBanner } from './LocalModelBanner';
import { ModelPicker } from './ModelPicker';

// The message list (Markdown, images, copy buttons) is not part of the chat's first load, which
// on a first visit has no messages: it is fetched as soon as the chat is pointed at or focused,
// before anything can be sent. Until it is there, the chat shows its loading placeholder.
const loadMessageList = () => import('./MessageList');
const MessageList = lazy(() =>
  loadMessageList().then((module) => ({ default: module.MessageList })),
);
// A chat has a title only after its first reply: the Markdown-to-text code that shows it comes then.
const ChatTitle = lazy(() =>
  import('./ChatTitle').then((module) => ({ default: module.ChatTitle })),
);
const ConversationMode = lazy(() =>
  loadConversationMode().then((module) => ({ default: module.ConversationMode })),
);
// The quota notice (and the date formatting it needs) shows only once a reply has said today's
// messages are used up: it comes with the message list rather than with every first screen.
const loadQuotaNotice = () => import('./QuotaNotice');
const QuotaNotice = lazy(() =>
  loadQuotaNotice().then((module) => ({ default: module.QuotaNotice })),
);
const preloadMessageList = () => {
  void loadMessageList();
  void loadQuotaNotice();
};

/** Fetches the message list once `section` is pointed at or holds the focus (a hint only). */
function usePreloadMessageListOnApproach(section: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = section.current;
    if (!element) return;
    element.addEventListener('pointerenter', preloadMessageList, { once: true });
    element.addEventListener('focusin', preloadMessageList, { once: true });
    return () => {
      element.removeEventListener('pointerenter', preloadMessageList);
      element.removeEventListener('focusin', preloadMessageList);
    };
  }, [section]);
}

// The reset question (Radix dialog, focus trap) is not part of the chat's first load: it is
// fetched when the reset button is pointed at, focused or pressed.
const loadResetDialog = () => import('./ResetDialog');
const ResetDialog = lazy(() =>
  loadResetDialog().then((module) => ({ default: module.ResetDialog })),
);

const ignoreChoice = () => undefined;

export interface ChatViewProps {
  signedIn: boolean;
  /** The signed-in user's id: their model choice is remembered per user. */
  userId?: string | null;
  /** The active server conversation (signed-in users); null for a new chat or a visitor. */
  conversationId: string | null;
  /** A new conversation got its id, or the chat was reset (null). */
  onConversationChange: (id: string | null) => void;
  onQuota?: (quota: QuotaState) => void;
  /** Spoken replies: what to ask for with each message (the voice controls' value). */
  voiceSettings?: VoiceSettings;
  /** Plays a spoken reply under its message (the voice feature's player). */
  renderSpokenReply?: (spoken: SpokenReplyView) => ReactNode;
  /** Extra controls in the chat's toolbar (the voice settings, say). */
  toolbar?: ReactNode;
  /** Dictated messages are sent at once, without review (the user turned it on). */
  sendDictation?: boolean;
  /** API calls swapped in tests and stories. */
  api?: Partial<ChatApi>;
  upload?: ComposerProps['upload'];
}

/**
 * The chat: model picker, messages, composer. Visitors' conversations live in this browser only;
 * signed-in users' on the server, the active id coming and going through onConversationChange.
 * Opening another conversation starts a fresh session; the id a new conversation gets from the
 * server keeps the session (its reply is still streaming).
 */
export function ChatView(props: ChatViewProps) {
  const { signedIn, userId = null, conversationId, onConversationChange } = props;
  const store = useKeyValueStore();
  const models = useChatModels(store, signedIn && userId ? userId : 'visitor');
  const [adoptedId, setAdoptedId] = useState<string | null>(null);
  // Dismissed for this visit: it stays away while conversations come and go.
  const [bannerDismissed, setBannerDismissed] = useState(false);
  // The sandbox stands in for a model that is not installed: users are told the replies come from
  // a demo model. The command that installs one is the operator's (start-up log, /api/health).
  const demoModel = models.state.status === 'ready' && models.state.response.pullCommand !== null;
  const [session, setSession] = useState({ id: conversationId, generation: 0 });
  if (session.id !== conversationId) {
    const own = conversationId !== null && conversationId === adoptedId;
    setSession({ id: conversationId, generation: session.generation + (own ? 0 : 1) });
  }
  const onChange = useCallback(
    (id: string | null) => {
      setAdoptedId(id);
      onConversationChange(id);
    },
    [onConversationChange],
  );
  return (
    <ChatSession
      key={`${String(signedIn)}-${session.generation}`}
      {...props}
      onConversationChange={onChange}
      models={models}
      banner={
        demoModel && !bannerDismissed ? (
          <LocalModelBanner onDismiss={() => setBannerDismissed(true)} />
        ) : null
      }
    />
  );
}

function ChatSession({
  signedIn,
  conversationId,
  onConversationChange,
  onQuota,
  voiceSettings,
  renderSpokenReply,
  toolbar,
  sendDictation = false,
  api,
  upload,
  models,
  banner,
}: ChatViewProps & { models: UseChatModels; banner: ReactNode }) {
  const { t } = useTranslation('chat');
  const store = useKeyValueStore();
  const signIn = useSignInModal();
  const [talking, setTalking] = useState(false);
  const chat = useChat({
    signedIn,
    conversationId,
    onConversationChange,
    store,
    modelId: models.modelId,
    // A hands-free conversation is spoken whatever the spoken-reply setting says.
    voice: talking ? { ...(voiceSettings ?? defaultSpokenReplies), enabled: true } : voiceSettings,
    onQuota,
    api,
  });
  const [confirmReset, setConfirmReset] = useState({ requested: false, open: false });
  const view = useRef<HTMLElement>(null);
  usePreloadMessageListOnApproach(view);
  const preloadResetDialog = () => void loadResetDialog();

  const busy = chat.status !== 'idle';
  const response = models.state.status === 'ready' ? models.state.response : null;
  const model = response?.models.find((candidate) => candidate.id === models.modelId);
  const canAttach = signedIn && (model?.capabilities.includes('vision') ?? false);
  const errorText = chat.error && chatErrorText(chat.error, t);

  return (
    <section ref={view} className={styles.view} aria-label={t('view.label')}>
      <div className={styles.toolbar}>
        {chat.title && (
          <Suspense fallback={null}>
            <ChatTitle title={chat.title} />
          </Suspense>
        )}
        {models.state.status === 'loading' && (
          // The picker's own box, empty, until the models arrive, so that nothing under it
          // moves when they do; a placeholder only, hidden from assistive technology. Busy:
          // a prerendered page's hand-off waits for the models (and the notice they bring).
          <div className={styles.toolbarModel} aria-hidden="true" aria-busy="true" inert>
            <ModelPicker models={[]} value={null} onChange={ignoreChoice} />
          </div>
        )}
        {models.state.status === 'error' && (
          <div className={`${styles.errorNotice} ${styles.toolbarModel}`} role="alert">
            <span>{models.state.message ?? t('errors.models')}</span>
            <Button size="sm" variant="secondary" onClick={models.reload}>
              {t('errors.retry')}
            </Button>
          </div>
        )}
        {response && (
          <ModelPicker
            models={response.models}
            value={models.modelId}
            disabled={busy}
            onChange={models.choose}
          />
        )}
        <div className={styles.toolbarControls}>
          <ConversationButton
            onStart={() => setTalking(true)}
            disabled={models.state.status !== 'ready'}
          />
          {toolbar}
          {chat.messages.length > 0 && (
            <IconButton
              variant="ghost"
              size="sm"
              label={t('view.reset')}
              icon={<RotateCcw size={16} aria-hidden="true" />}
              onPointerEnter={preloadResetDialog}
              onFocus={preloadResetDialog}
              onClick={() => setConfirmReset({ requested: true, open: true })}
            />
          )}
        </div>
      </div>

      {chat.loadingHistory && chat.messages.length === 0 ? (
        <Skeleton height="12rem" />
      ) : chat.messages.length === 0 ? (
        <EmptyChat disabled={busy || !models.modelId} onPick={(prompt) => void chat.send(prompt)} />
      ) : (
        <Suspense fallback={<Skeleton height="12rem" />}>
          <MessageList
            messages={chat.messages}
            streamingId={chat.streamingId}
            busy={busy}
            queuePosition={chat.queuePosition}
            audio={chat.audio}
            // In a hands-free conversation the call speaks the replies, not each message's player.
            autoPlaySpokenReplies={!talking}
            renderSpokenReply={renderSpokenReply}
            onRegenerate={() => void chat.regenerate()}
            onEdit={(id, text) => void chat.edit(id, text)}
          />
        </Suspense>
      )}

      <div className={styles.bottom}>
        {banner}
        {chat.quota && (
          <Suspense fallback={null}>
            <QuotaNotice quota={chat.quota} />
          </Suspense>
        )}
        {errorText && !chat.quota && (
          <div className={styles.errorNotice} role="alert">
            <span>{errorText}</span>
            <Button size="sm" variant="ghost" onClick={chat.dismissError}>
              {t('errors.dismiss')}
            </Button>
          </div>
        )}
        <Composer
          busy={busy}
          onSend={chat.send}
          onStop={chat.stop}
          canAttach={canAttach}
          // A visitor sees the attach control, which asks them to sign in (§8 of issue 13).
          {...(!signedIn && signIn ? { onSignInToAttach: signIn.open } : {})}
          modelId={models.modelId}
          disabled={models.state.status !== 'ready'}
          upload={upload}
          dictation={{ conversationKey: conversationId ?? 'new', sendAtOnce: sendDictation }}
        />
      </div>

      {confirmReset.requested ? (
        <Suspense fallback={null}>
          <ResetDialog
            open={confirmReset.open}
            onOpenChange={(open) => setConfirmReset({ requested: true, open })}
            signedIn={signedIn}
            onConfirm={async () => {
              await chat.reset();
              setConfirmReset({ requested: true, open: false });
            }}
          />
        </Suspense>
      ) : null}
      {talking ? (
        <Suspense fallback={null}>
          <ConversationMode
            open
            onEnd={() => setTalking(false)}
            chat={chat}
            conversationKey={conversationId ?? 'new'}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
