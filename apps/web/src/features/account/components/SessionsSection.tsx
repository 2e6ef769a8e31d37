import { describeDevice, type SessionSummary } from '@studio/contracts';
import {
  ActionList,
  Badge,
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  formatMoment,
  ListItem,
  Spinner,
  Stack,
  Text,
  useToast,
} from '@studio/ui';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/api/useErrorText';
import { useConfirmedMutation, useMutation } from '../../../lib/query';
import { useSessions } from '../api/getSessions';
import { revokeSessionMutation } from '../api/revokeSession';
import * as styles from './account.css';

export interface SessionsSectionProps {
  /** Ends every session of the user, this one included (rejects when the API refused). */
  onSignOutEverywhere: () => Promise<void>;
}

/**
 * Where the user is signed in (GET /api/auth/sessions): each device with its method and times,
 * this one marked; sign one out (DELETE /api/auth/sessions/:id) or every one at once.
 */
export function SessionsSection({ onSignOutEverywhere }: SessionsSectionProps) {
  const { t } = useTranslation('auth');
  const describe = useErrorText();
  const state = useSessions();
  const everywhere = useConfirmedMutation({
    mutation: { mutationFn: (_: 'everywhere') => onSignOutEverywhere() },
    errorText: (error) => `${t('sessions.everywhereFailed')}: ${describe(error)}`,
  });

  return (
    <Card
      as="section"
      title={t('sessions.title')}
      description={t('sessions.intro')}
      headingLevel={2}
    >
      <Stack gap="lg" align="start">
        {state.status === 'loading' ? <Spinner text={t('sessions.loading')} /> : null}
        {state.status === 'error' ? (
          <Stack role="alert" gap="sm" align="start">
            <Text as="p" tone="critical" weight="semibold">
              {t('sessions.loadFailed')}
            </Text>
            <Text as="p">{describe(state.error)}</Text>
            <Button size="sm" variant="secondary" onClick={state.reload}>
              {t('sessions.retry')}
            </Button>
          </Stack>
        ) : null}
        {state.status === 'success' && state.data.length === 0 ? (
          <div className={styles.stretch}>
            <EmptyState
              bordered
              headingLevel={3}
              icon={<MonitorSmartphone size={32} />}
              title={t('sessions.empty')}
              description={t('sessions.emptyDescription')}
            />
          </div>
        ) : null}
        {state.status === 'success' && state.data.length > 0 ? (
          <SessionList sessions={state.data} />
        ) : null}
        <Button
          variant="secondary"
          icon={<LogOut size={16} />}
          onClick={() => everywhere.ask('everywhere')}
        >
          {t('sessions.everywhere')}
        </Button>
      </Stack>
      <ConfirmDialog
        {...everywhere.dialog}
        tone="danger"
        title={t('sessions.everywhereTitle')}
        description={t('sessions.everywhereDescription')}
        confirmLabel={t('sessions.everywhereConfirm')}
      />
    </Card>
  );
}

interface SessionListProps {
  sessions: SessionSummary[];
}

function SessionList({ sessions }: SessionListProps) {
  const { t, i18n } = useTranslation('auth');
  const { toast } = useToast();
  const describe = useErrorText();
  const revoke = useMutation(revokeSessionMutation);
  // The session being signed out: its button spins, the others wait.
  const revoking = revoke.status === 'pending' ? revoke.input : null;
  const list = useRef<HTMLUListElement>(null);
  const language = i18n.resolvedLanguage ?? i18n.language;

  const deviceName = (session: SessionSummary) => {
    const { browser, system } = describeDevice(session.userAgent);
    if (browser && system) return t('sessions.deviceOn', { browser, system });
    return browser ?? system ?? t('sessions.unknownDevice');
  };

  const signOut = (id: string) =>
    revoke
      .run(id, {
        onSuccess: () => {
          toast({ tone: 'success', title: t('sessions.revoked') });
          // The row and its button are gone: keep the keyboard in the list.
          list.current?.focus();
        },
        onError: (error) =>
          toast({
            tone: 'critical',
            title: t('sessions.revokeFailed'),
            description: describe(error),
          }),
      })
      // Said in a toast.
      .catch(() => undefined);

  return (
    <div className={styles.stretch}>
      <ActionList ref={list} variant="separated" aria-label={t('sessions.listLabel')}>
        {sessions.map((session) => {
          const name = deviceName(session);
          const lastUsed = formatMoment(session.lastUsedAt, language);
          return (
            <ListItem
              key={session.id}
              title={name}
              badge={
                session.current ? (
                  <Badge tone="accent" size="sm">
                    {t('sessions.current')}
                  </Badge>
                ) : undefined
              }
              description={
                <dl className={styles.sessionMeta}>
                  <div className={styles.metaPair}>
                    <dt>{t('sessions.method')}</dt>
                    <dd className={styles.metaValue}>{t(`providers.${session.method}`)}</dd>
                  </div>
                  <div className={styles.metaPair}>
                    <dt>{t('sessions.created')}</dt>
                    <dd className={styles.metaValue}>
                      {formatMoment(session.createdAt, language)}
                    </dd>
                  </div>
                  <div className={styles.metaPair}>
                    <dt>{t('sessions.lastUsed')}</dt>
                    <dd className={styles.metaValue}>{lastUsed}</dd>
                  </div>
                </dl>
              }
              trailing={
                session.current ? undefined : (
                  <Button
                    size="sm"
                    variant="secondary"
                    loading={revoking === session.id}
                    disabled={revoking !== null && revoking !== session.id}
                    aria-label={t('sessions.revokeLabel', { device: name, lastUsed })}
                    onClick={() => void signOut(session.id)}
                  >
                    {t('sessions.revoke')}
                  </Button>
                )
              }
            />
          );
        })}
      </ActionList>
    </div>
  );
}
