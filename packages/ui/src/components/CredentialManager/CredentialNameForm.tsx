import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useUiTranslation } from '../../i18n';
import { Button } from '../Button/Button';
import { TextField } from '../TextField/TextField';
import { CREDENTIAL_NAME_MAX, checkCredentialName, planRename } from './credential';
import * as styles from './CredentialManager.css';

export interface CredentialNameFormProps {
  mode: 'add' | 'rename';
  /** The current name when renaming. */
  initialName?: string;
  label: string;
  /** Receives the trimmed, valid name. A rejected promise keeps the form open. */
  onSubmit: (name: string) => void | Promise<void>;
  onCancel: () => void;
}

/**
 * The name editor shared by "add" and "rename" (§5: trimmed, non-empty, at most 50 characters;
 * a rename to an empty or unchanged name is ignored and simply closes the editor).
 */
export function CredentialNameForm({
  mode,
  initialName = '',
  label,
  onSubmit,
  onCancel,
}: CredentialNameFormProps) {
  const { t } = useUiTranslation();
  const [value, setValue] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const formId = useId();

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  const tooLongMessage = t('credentials.nameTooLong', { max: CREDENTIAL_NAME_MAX });

  async function submit(event: FormEvent) {
    event.preventDefault();
    let name: string;
    if (mode === 'rename') {
      const plan = planRename(initialName, value);
      if (plan.action === 'ignore') return onCancel();
      if (plan.action === 'refuse') return setError(tooLongMessage);
      name = plan.name;
    } else {
      const check = checkCredentialName(value);
      if (!check.ok) {
        return setError(check.reason === 'empty' ? t('credentials.nameRequired') : tooLongMessage);
      }
      name = check.name;
    }
    setError(null);
    setSaving(true);
    try {
      await onSubmit(name);
    } catch {
      // The caller reports the failure (a toast); keep what the user typed so nothing is lost.
      setSaving(false);
      inputRef.current?.focus();
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      // Escape cancels the edit only, not a surrounding modal.
      event.stopPropagation();
      onCancel();
    }
  }

  const length = [...value.trim()].length;
  return (
    <form id={formId} className={styles.nameForm} onSubmit={submit} noValidate>
      <div className={styles.nameFormField}>
        <TextField
          ref={inputRef}
          label={label}
          value={value}
          placeholder={t('credentials.namePlaceholder')}
          autoComplete="off"
          required
          onKeyDown={onKeyDown}
          error={error ?? undefined}
          hint={t('credentials.nameCount', { count: length, max: CREDENTIAL_NAME_MAX })}
          onChange={(event) => {
            setValue(event.target.value);
            if (error) setError(null);
          }}
        />
      </div>
      <Button type="submit" loading={saving}>
        {t('save')}
      </Button>
      <Button variant="ghost" onClick={onCancel} disabled={saving}>
        {t('cancel')}
      </Button>
    </form>
  );
}
