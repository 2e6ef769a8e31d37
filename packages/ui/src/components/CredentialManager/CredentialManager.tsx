import { Fingerprint, Pencil, Plus, Power, Trash2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useUiTranslation } from '../../i18n';
import { formatDay } from '../../i18n/dates';
import { Badge } from '../Badge/Badge';
import { Button } from '../Button/Button';
import { Checkbox } from '../Checkbox/Checkbox';
import { ConfirmDialog } from '../ConfirmDialog/ConfirmDialog';
import { EmptyState } from '../EmptyState/EmptyState';
import { Skeleton, SkeletonGroup } from '../Skeleton/Skeleton';
import type { BiometricCredential } from './credential';
import { CredentialNameForm } from './CredentialNameForm';
import * as styles from './CredentialManager.css';

export const credentialManagerStatuses = ['loading', 'error', 'ready'] as const;
export type CredentialManagerStatus = (typeof credentialManagerStatuses)[number];

export interface CredentialManagerProps {
  credentials: readonly BiometricCredential[];
  status?: CredentialManagerStatus;
  /** Shown in the error state; defaults to a translated "couldn't load" message. */
  errorMessage?: string;
  onRetry?: () => void;
  /** Registers a new authenticator under the trimmed, valid name. */
  onAdd: (credentialName: string) => void | Promise<void>;
  /** Called only for a real change (§5: empty or unchanged names are ignored). */
  onRename: (credentialId: string, credentialName: string) => void | Promise<void>;
  /** Called after the user confirms the deletion. */
  onDelete: (credentialId: string) => void | Promise<void>;
  /** Turns a credential on or off; the toggle is hidden when not given. */
  onToggleActive?: (credentialId: string, isActive: boolean) => void | Promise<void>;
  /** "Require biometric verification before payments"; hidden when onRequireChange is absent. */
  requireBeforePayment?: boolean;
  onRequireChange?: (required: boolean) => void;
  /** Heading level of the title, so the manager fits the page's outline. */
  headingLevel?: 2 | 3 | 4;
  /** Overrides the default title. */
  title?: ReactNode;
}

/** Lists, adds, renames, toggles and deletes the user's WebAuthn authenticators (§2, §5). */
export function CredentialManager({
  credentials,
  status = 'ready',
  errorMessage,
  onRetry,
  onAdd,
  onRename,
  onDelete,
  onToggleActive,
  requireBeforePayment = false,
  onRequireChange,
  headingLevel = 2,
  title,
}: CredentialManagerProps) {
  const { t, i18n } = useUiTranslation();
  const titleId = useId();
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [pendingDelete, setPendingDelete] = useState<BiometricCredential | null>(null);
  const [togglingId, setTogglingId] = useState<string | null>(null);
  const Heading = `h${headingLevel}` as const;
  const date = (iso: string) => formatDay(iso, i18n.language);

  const addButton = (
    <Button icon={<Plus size={16} />} onClick={() => setAdding(true)}>
      {t('credentials.add')}
    </Button>
  );

  async function toggle(credential: BiometricCredential) {
    if (!onToggleActive) return;
    setTogglingId(credential.credentialId);
    try {
      await onToggleActive(credential.credentialId, !credential.isActive);
    } finally {
      setTogglingId(null);
    }
  }

  return (
    <section className={styles.root} aria-labelledby={titleId}>
      <div className={styles.header}>
        <div>
          <Heading id={titleId} className={styles.title}>
            {title ?? t('credentials.title')}
          </Heading>
          <p className={styles.description}>{t('credentials.description')}</p>
        </div>
        {status === 'ready' && credentials.length > 0 && !adding ? addButton : null}
      </div>

      {onRequireChange ? (
        <div className={styles.setting}>
          <Checkbox
            checked={requireBeforePayment}
            onChange={(event) => onRequireChange(event.target.checked)}
            hint={t('credentials.requireHint')}
          >
            {t('credentials.requireLabel')}
          </Checkbox>
        </div>
      ) : null}

      {adding ? (
        <div className={styles.addPanel}>
          <CredentialNameForm
            mode="add"
            label={t('credentials.addTitle')}
            onCancel={() => setAdding(false)}
            onSubmit={async (name) => {
              await onAdd(name);
              setAdding(false);
            }}
          />
        </div>
      ) : null}

      {status === 'loading' ? (
        <SkeletonGroup>
          <Skeleton shape="rect" height="5.5rem" />
          <Skeleton shape="rect" height="5.5rem" />
        </SkeletonGroup>
      ) : null}

      {status === 'error' ? (
        <div className={styles.errorPanel} role="alert">
          <span>{errorMessage ?? t('credentials.loadError')}</span>
          {onRetry ? (
            <Button variant="secondary" onClick={onRetry}>
              {t('picker.retry')}
            </Button>
          ) : null}
        </div>
      ) : null}

      {status === 'ready' && credentials.length === 0 && !adding ? (
        <EmptyState
          icon={<Fingerprint size={32} />}
          title={t('credentials.emptyTitle')}
          description={t('credentials.emptyBody')}
          action={addButton}
          headingLevel={Math.min(headingLevel + 1, 6) as 3 | 4 | 5}
        />
      ) : null}

      {status === 'ready' && credentials.length > 0 ? (
        <ul className={styles.list} aria-label={t('credentials.list')}>
          {credentials.map((credential) => {
            const name = credential.credentialName;
            const editing = editingId === credential.credentialId;
            return (
              <li key={credential.credentialId} className={styles.row}>
                {editing ? (
                  <CredentialNameForm
                    mode="rename"
                    initialName={name}
                    label={t('credentials.nameLabel')}
                    onCancel={() => setEditingId(null)}
                    onSubmit={async (newName) => {
                      await onRename(credential.credentialId, newName);
                      setEditingId(null);
                    }}
                  />
                ) : (
                  <>
                    <div>
                      <div className={styles.nameLine}>
                        <span className={styles.name}>{name}</span>
                        <Badge tone={credential.isActive ? 'success' : 'neutral'}>
                          {credential.isActive
                            ? t('credentials.active')
                            : t('credentials.inactive')}
                        </Badge>
                      </div>
                      <dl className={styles.meta}>
                        <div className={styles.metaItem}>
                          <dt className={styles.metaTerm}>{t('credentials.device')}</dt>
                          <dd className={styles.metaValue}>{credential.deviceInfo}</dd>
                        </div>
                        <div className={styles.metaItem}>
                          <dt className={styles.metaTerm}>{t('credentials.lastUsed')}</dt>
                          <dd className={styles.metaValue}>
                            {credential.lastUsed
                              ? date(credential.lastUsed)
                              : t('credentials.never')}
                          </dd>
                        </div>
                        <div className={styles.metaItem}>
                          <dt className={styles.metaTerm}>{t('credentials.created')}</dt>
                          <dd className={styles.metaValue}>{date(credential.createdAt)}</dd>
                        </div>
                      </dl>
                    </div>
                    <div className={styles.actions}>
                      <Button
                        variant="ghost"
                        size="sm"
                        icon={<Pencil size={14} />}
                        aria-label={t('credentials.renameNamed', { name })}
                        onClick={() => setEditingId(credential.credentialId)}
                      >
                        {t('credentials.rename')}
                      </Button>
                      {onToggleActive ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          icon={<Power size={14} />}
                          loading={togglingId === credential.credentialId}
                          aria-label={`${credential.isActive ? t('credentials.deactivate') : t('credentials.activate')} ${name}`}
                          onClick={() => void toggle(credential)}
                        >
                          {credential.isActive
                            ? t('credentials.deactivate')
                            : t('credentials.activate')}
                        </Button>
                      ) : null}
                      <Button
                        variant="ghost"
                        size="sm"
                        icon={<Trash2 size={14} />}
                        aria-label={t('credentials.deleteNamed', { name })}
                        onClick={() => setPendingDelete(credential)}
                      >
                        {t('credentials.delete')}
                      </Button>
                    </div>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}

      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        tone="danger"
        title={t('credentials.deleteTitle')}
        description={t('credentials.deleteBody', { name: pendingDelete?.credentialName ?? '' })}
        confirmLabel={t('credentials.delete')}
        onConfirm={async () => {
          if (pendingDelete) await onDelete(pendingDelete.credentialId);
        }}
      />
    </section>
  );
}
