import type { UserProfile } from '@studio/contracts';
import {
  Button,
  Form,
  Inline,
  FormSubmit,
  FormTextField,
  IconButton,
  useToast,
  useZodForm,
} from '@studio/ui';
import { Pencil } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/api/useErrorText';
import { updateDisplayName } from '../api/updateDisplayName';
import { makeDisplayNameSchema, type DisplayNameValues } from '../profileSchemas';

export interface DisplayNameFieldProps {
  /** The name the signed-in user has now. */
  value: string;
  /** Saved by the API: the profile as it now stands. */
  onSaved: (profile: UserProfile) => void;
}

/** The display name, shown with an Edit button, edited in place and saved with PATCH. */
export function DisplayNameField({ value, onSaved }: DisplayNameFieldProps) {
  const { t } = useTranslation('auth');
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  // After editing, focus goes back to the Edit button (not to the page's start).
  const returnFocus = useRef(false);

  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  const close = () => {
    returnFocus.current = true;
    setEditing(false);
  };

  if (editing) {
    return (
      <NameForm
        value={value}
        onSaved={(profile) => {
          onSaved(profile);
          close();
        }}
        onCancel={close}
      />
    );
  }
  return (
    <Inline as="span" gap="xs">
      <span>{value}</span>
      <IconButton
        ref={editButton}
        size="sm"
        label={t('profile.editName')}
        icon={<Pencil size={16} />}
        onClick={() => setEditing(true)}
      />
    </Inline>
  );
}

interface NameFormProps {
  value: string;
  onSaved: (profile: UserProfile) => void;
  onCancel: () => void;
}

function NameForm({ value, onSaved, onCancel }: NameFormProps) {
  const { t } = useTranslation('auth');
  const { toast } = useToast();
  const describe = useErrorText();
  const schema = useMemo(() => makeDisplayNameSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: { displayName: value } });
  const { setFocus } = form;

  useEffect(() => setFocus('displayName', { shouldSelect: true }), [setFocus]);

  const save = async ({ displayName }: DisplayNameValues) => {
    if (displayName === value) {
      onCancel();
      return;
    }
    try {
      const profile = await updateDisplayName(displayName);
      toast({ tone: 'success', title: t('profile.nameSaved') });
      onSaved(profile);
    } catch (error) {
      toast({ tone: 'critical', title: t('profile.nameSaveFailed'), description: describe(error) });
    }
  };

  return (
    <Form
      form={form}
      aria-label={t('profile.editName')}
      onSubmit={save}
      layout="compact"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        }
      }}
    >
      <FormTextField
        control={form.control}
        name="displayName"
        label={t('profile.displayName')}
        hideLabel
        autoComplete="nickname"
        required
      />
      <Inline gap="xs" align="stretch" paddingTop="xxs">
        <FormSubmit size="sm">{t('profile.saveName')}</FormSubmit>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          {t('profile.cancelEdit')}
        </Button>
      </Inline>
    </Form>
  );
}
