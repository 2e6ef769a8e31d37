import type { ChatMessage, SpokenSentencePart } from '@studio/contracts';
import { plainText } from '@studio/contracts/plainText';
import {
  Badge,
  Button,
  formatMoment,
  IconButton,
  Inline,
  Text,
  TextArea,
  visuallyHidden,
} from '@studio/ui';
import { ArrowDown, Pencil, RefreshCw } from 'lucide-react';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n/useLanguage';
import { CopyButton, LazyMarkdown, MessageImage } from '../../../components/markdown';
import { getImage } from '../api/getImage';
import * as styles from './chat.css';

/** How close to the bottom (px) still counts as "following" the conversation. */
const FOLLOW_THRESHOLD_PX = 48;

/** Keys that scroll the messages up: pressing one means the reader wants to read back. */
const keysUp = new Set(['ArrowUp', 'PageUp', 'Home']);

const atBottom = (element: HTMLElement) =>
  element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_THRESHOLD_PX;

/**
 * Keeps the newest text in view while the reader is at the bottom, and stops as soon as they
 * scroll up (wheel, touch or keys: said at once, so a delta arriving before the scroll event
 * cannot pull them back down); back at the bottom, it follows again. A reply the reader just
 * asked for follows from the start.
 */
function useFollowNewest(messages: readonly ChatMessage[], busy: boolean) {
  const scroller = useRef<HTMLDivElement>(null);
  const followingRef = useRef(true);
  /** Where the last scroll left the messages: a smaller scrollTop is the reader going up. */
  const lastTop = useRef(0);
  const [following, setFollowingState] = useState(true);
  const setFollowing = (value: boolean) => {
    followingRef.current = value;
    setFollowingState(value);
  };

  // The reader asking for a reply (send, edit, regenerate: the chat turns busy) follows it from
  // the start: the state for the way back, at once, during render…
  const [wasBusy, setWasBusy] = useState(busy);
  if (wasBusy !== busy) {
    setWasBusy(busy);
    if (busy) setFollowingState(true);
  }
  // …the ref once it is committed. Only the handlers and a new request change the ref: a render
  // still carrying an older state must not undo a scroll up that came after it.
  const busyRef = useRef(busy);
  useLayoutEffect(() => {
    if (busyRef.current !== busy) {
      busyRef.current = busy;
      if (busy) followingRef.current = true;
    }
    const element = scroller.current;
    if (followingRef.current && element) element.scrollTop = element.scrollHeight;
  }, [messages, busy, following]);

  // Text also grows without a new message: Markdown and images arrive after the text that holds
  // them. And the frame shrinks without one: the chat's title (its code loaded on demand) comes
  // after the reply that named it. Whatever makes the messages taller or their frame shorter keeps
  // a following reader at the bottom.
  useEffect(() => {
    const element = scroller.current;
    const content = element?.firstElementChild;
    if (!element || !content || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (followingRef.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(content);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const readBack = () => {
    if (followingRef.current) setFollowing(false);
  };
  return {
    scroller,
    following,
    jumpToNewest: () => {
      setFollowing(true);
      const element = scroller.current;
      if (!element) return;
      element.scrollTop = element.scrollHeight;
      // The button goes away with the jump: the messages keep the focus, not the page.
      element.focus({ preventScroll: true });
    },
    scrollerProps: {
      onScroll: () => {
        const element = scroller.current;
        if (!element) return;
        // Only the reader scrolls up (the chat only ever scrolls down): text that grew since
        // the chat's own scroll leaves it short of the bottom, which is no reason to stop.
        const up = element.scrollTop < lastTop.current - 1;
        lastTop.current = element.scrollTop;
        if (atBottom(element)) setFollowing(true);
        else if (up) setFollowing(false);
      },
      onWheel: (event: { deltaY: number }) => {
        if (event.deltaY < 0) readBack();
      },
      onTouchMove: readBack,
      onKeyDown: (event: KeyboardEvent) => {
        if (keysUp.has(event.key)) readBack();
      },
    },
  };
}

export interface MessageListProps {
  messages: readonly ChatMessage[];
  /** The assistant message being written. */
  streamingId: string | null;
  /** A reply is on its way (actions that would start another wait). */
  busy: boolean;
  /** The streaming reply's place in the local model's line (1 = next); null when not waiting. */
  queuePosition?: number | null;
  /** Each reply's spoken sentences so far, by message id. */
  audio?: Readonly<Record<string, readonly SpokenSentencePart[]>>;
  /** Fresh spoken replies play by themselves (true unless a call speaks them). */
  autoPlaySpokenReplies?: boolean;
  renderSpokenReply?: (spoken: SpokenReplyView) => ReactNode;
  onRegenerate: () => void;
  onEdit: (messageId: string, text: string) => void;
}

/** A reply's voice as its player needs it. */
export interface SpokenReplyView {
  parts: readonly SpokenSentencePart[];
  /** The reply is still being written: more sentences may come. */
  live: boolean;
  /** The reply was stopped: its voice stops too. */
  halted: boolean;
  /** A fresh reply starts speaking by itself (not while a conversation's call speaks it). */
  autoPlay: boolean;
}

/** "Waiting for the local model… (2 ahead of you)", or "(next)" at the front of the line. */
function useQueueText() {
  const { t } = useTranslation('chat');
  return (position: number) =>
    position <= 1 ? t('queue.next') : t('queue.ahead', { count: position });
}

function EditForm({
  message,
  onSubmit,
  onCancel,
}: {
  message: ChatMessage;
  onSubmit: (text: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState(message.content);
  const field = useRef<HTMLTextAreaElement>(null);
  // Editing starts in the field (the Edit button that opened it is gone).
  useEffect(() => field.current?.focus(), []);
  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) onSubmit(text);
      }}
    >
      <TextArea
        label={t('message.editLabel')}
        ref={field}
        value={text}
        rows={3}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
      />
      <div className={styles.messageActions}>
        <Button type="submit" size="sm" disabled={!text.trim()}>
          {t('message.saveAndSend')}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          {t('message.cancelEdit')}
        </Button>
      </div>
    </form>
  );
}

function MessageItem({
  message,
  streaming,
  waiting,
  isLastReply,
  busy,
  audio,
  autoPlay,
  renderSpokenReply,
  onRegenerate,
  onEdit,
}: {
  message: ChatMessage;
  streaming: boolean;
  /** Shown instead of the caret while the reply waits its turn. */
  waiting: string | null;
  isLastReply: boolean;
  busy: boolean;
  audio: readonly SpokenSentencePart[] | undefined;
  autoPlay: boolean;
  renderSpokenReply: MessageListProps['renderSpokenReply'];
  onRegenerate: () => void;
  onEdit: (messageId: string, text: string) => void;
}) {
  const { t } = useTranslation('chat');
  const language = useLanguage();
  const [editing, setEditing] = useState(false);
  const isUser = message.role === 'user';
  const roleName = t(isUser ? 'message.you' : 'message.assistant');

  return (
    <li
      className={`${styles.message} ${isUser ? styles.userMessage : ''}`}
      aria-label={roleName}
      aria-busy={streaming || undefined}
    >
      <Inline gap="sm">
        <Text size="xs" weight="semibold">
          {roleName}
        </Text>
        <Text size="xs" tone="secondary">
          <time dateTime={message.createdAt}>{formatMoment(message.createdAt, language)}</time>
        </Text>
        {message.status === 'stopped' && <Badge tone="warning">{t('message.stopped')}</Badge>}
        {message.status === 'error' && <Badge tone="critical">{t('message.failed')}</Badge>}
        {message.status === 'interrupted' && (
          <Badge tone="warning">{t('message.interrupted')}</Badge>
        )}
      </Inline>
      {message.imageUrls.length > 0 && (
        <div className={styles.images}>
          {message.imageUrls.map((url) => (
            <MessageImage key={url} imageUrl={url} load={getImage} />
          ))}
        </div>
      )}
      {editing ? (
        <EditForm
          message={message}
          onCancel={() => setEditing(false)}
          onSubmit={(text) => {
            setEditing(false);
            onEdit(message.id, text);
          }}
        />
      ) : isUser ? (
        <p className={styles.plainText}>{message.content}</p>
      ) : (
        <div>
          {message.content && <LazyMarkdown content={message.content} />}
          {streaming &&
            (waiting ? (
              <Text as="p" size="sm" tone="secondary">
                {waiting}
              </Text>
            ) : (
              <span className={styles.caret} aria-hidden="true" />
            ))}
        </div>
      )}
      {message.status === 'interrupted' && !streaming && (
        // Said, not only badged: the reply is incomplete, and what to do about it is one click.
        <Inline gap="sm" align="center">
          <Text as="p" size="sm" tone="secondary">
            {t('message.interruptedNote')}
          </Text>
          {isLastReply && (
            <Button size="sm" variant="secondary" disabled={busy} onClick={onRegenerate}>
              {t('message.regenerateShort')}
            </Button>
          )}
        </Inline>
      )}
      {audio &&
        audio.length > 0 &&
        renderSpokenReply?.({
          parts: audio,
          live: streaming,
          halted: message.status === 'stopped' || message.status === 'interrupted',
          autoPlay: autoPlay && streaming,
        })}
      {!streaming && !editing && (
        <div className={styles.messageActions}>
          {message.content && <CopyButton label={t('message.copy')} text={() => message.content} />}
          {isUser && (
            <IconButton
              variant="ghost"
              size="sm"
              label={t('message.edit')}
              icon={<Pencil size={16} aria-hidden="true" />}
              disabled={busy}
              onClick={() => setEditing(true)}
            />
          )}
          {isLastReply && (
            <IconButton
              variant="ghost"
              size="sm"
              label={t('message.regenerate')}
              icon={<RefreshCw size={16} aria-hidden="true" />}
              disabled={busy}
              onClick={onRegenerate}
            />
          )}
        </div>
      )}
    </li>
  );
}

/**
 * The conversation: who said what and when, the reply being written (with a caret), stopped and
 * failed badges, copy, regenerate on the last reply and edit on the user's messages. It follows
 * new text unless the reader scrolled up; screen readers hear that a reply is coming and then
 * the finished reply once, not every delta.
 */
export function MessageList({
  messages,
  streamingId,
  busy,
  queuePosition = null,
  audio = {},
  autoPlaySpokenReplies = true,
  renderSpokenReply,
  onRegenerate,
  onEdit,
}: MessageListProps) {
  const { t } = useTranslation('chat');
  const queueText = useQueueText();
  const waiting = streamingId && queuePosition !== null ? queueText(queuePosition) : null;
  const { scroller, following, jumpToNewest, scrollerProps } = useFollowNewest(messages, busy);
  // Screen readers hear "replying…" when a reply starts and the reply once it is finished.
  const [announced, setAnnounced] = useState({ streamingId, text: '' });
  if (announced.streamingId !== streamingId) {
    const finished = messages.find((message) => message.id === announced.streamingId);
    setAnnounced({
      streamingId,
      // The reply as it reads, not its Markdown source ("**", "#", fences).
      text: streamingId ? t('message.replying') : plainText(finished?.content ?? ''),
    });
  }

  const lastReply = messages.at(-1)?.role === 'assistant' ? messages.at(-1) : undefined;

  return (
    <div className={styles.messages}>
      <div
        ref={scroller}
        className={styles.scroller}
        role="region"
        aria-label={t('message.listLabel')}
        // Focusable for the keys that scroll it, and to hold the focus after a jump.
        tabIndex={-1}
        {...scrollerProps}
      >
        <ol className={styles.list}>
          {messages.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              streaming={message.id === streamingId}
              waiting={message.id === streamingId ? waiting : null}
              isLastReply={message === lastReply}
              busy={busy}
              audio={audio[message.id]}
              autoPlay={autoPlaySpokenReplies}
              renderSpokenReply={renderSpokenReply}
              onRegenerate={onRegenerate}
              onEdit={onEdit}
            />
          ))}
        </ol>
        <div className={visuallyHidden} aria-live="polite" role="status">
          {/* While the reply waits, its place in line is what there is to hear. */}
          {waiting ?? announced.text}
        </div>
      </div>
      {!following && (
        <div className={styles.jumpToNewest}>
          <Button
            size="sm"
            variant="secondary"
            icon={<ArrowDown size={16} aria-hidden="true" />}
            onClick={jumpToNewest}
          >
            {t('message.jumpToNewest')}
          </Button>
        </div>
      )}
    </div>
  );
}
