import type { SharedMessage } from '@studio/contracts';
import { formatMoment, Spinner } from '@studio/ui';
import { CircleX, Link2Off } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LazyMarkdown, MessageImage } from '../../../components/markdown';
import { PageHeader } from '../../../components/PageHeader';
import { RouterLink } from '../../../components/RouterLink';
import { StatusPanel } from '../../../components/StatusPanel';
import { page } from '../../../components/styles.css';
import { useLanguage } from '../../../lib/i18n/useLanguage';
import { paths } from '../../../lib/paths';
import { getSharedImage } from '../api/getSharedImage';
import type { SharedConversationState } from '../hooks/useSharedConversation';
import * as styles from './sharedConversation.css';

const knownRoles = ['user', 'assistant', 'system'] as const;

function isKnownRole(role: string): role is (typeof knownRoles)[number] {
  return (knownRoles as readonly string[]).includes(role);
}

function MessageItem({ message }: { message: SharedMessage }) {
  const { t } = useTranslation('common');
  const language = useLanguage();
  const date = new Date(message.timestamp);
  const valid = !Number.isNaN(date.getTime());
  const role = isKnownRole(message.role) ? t(`share.roles.${message.role}`) : message.role;
  return (
    <li
      className={message.role === 'user' ? `${styles.message} ${styles.fromUser}` : styles.message}
    >
      <p className={styles.meta}>
        <span className={styles.role}>{role}</span>
        {valid ? (
          <time className={styles.time} dateTime={date.toISOString()}>
            {formatMoment(message.timestamp, language)}
          </time>
        ) : null}
      </p>
      {message.imageUrls.length > 0 && (
        <div className={styles.images}>
          {message.imageUrls.map((url) => (
            <MessageImage key={url} imageUrl={url} load={getSharedImage} />
          ))}
        </div>
      )}
      {/* As in the chat: replies are Markdown (the one safe renderer), what people wrote is text. */}
      {message.role === 'assistant' ? (
        <LazyMarkdown content={message.content} />
      ) : (
        message.content && <p className={styles.content}>{message.content}</p>
      )}
    </li>
  );
}

/** §2 shared conversation view, for each state of loading it. */
export function SharedConversationView({ state }: { state: SharedConversationState }) {
  const { t } = useTranslation('common');
  if (state.status === 'loading') return <Spinner size="large" text={t('share.loading')} />;
  if (state.status === 'missing') {
    return (
      <StatusPanel
        role="alert"
        tone="critical"
        icon={<Link2Off size={40} />}
        title={t('share.missing')}
        actions={<RouterLink to={paths.home}>{t('share.startChat')}</RouterLink>}
      />
    );
  }
  if (state.status === 'error') {
    return (
      <StatusPanel
        role="alert"
        tone="critical"
        icon={<CircleX size={40} />}
        title={t('share.errorTitle')}
        description={state.message ?? t('share.failed')}
        actions={<RouterLink to={paths.home}>{t('share.startChat')}</RouterLink>}
      />
    );
  }
  const { title, messages } = state.conversation;
  return (
    <article className={page}>
      <PageHeader title={title?.trim() || t('share.fallbackTitle')} intro={t('share.notice')} />
      {messages.length === 0 ? (
        <p>{t('share.empty')}</p>
      ) : (
        <ol className={styles.messages} aria-label={t('share.messages')}>
          {messages.map((message, index) => (
            <MessageItem key={`${message.timestamp}-${index}`} message={message} />
          ))}
        </ol>
      )}
    </article>
  );
}
