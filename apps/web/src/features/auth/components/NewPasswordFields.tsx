import { FormPasswordField } from '@studio/ui';
import { useTranslation } from 'react-i18next';
import type { NewPasswordValues } from '../authSchemas';

export interface NewPasswordFieldsProps {
  /** The first field's label: registration asks for "the" password, a reset for a new one. */
  passwordLabel: string;
}

/**
 * §5: a new password (with its length hint) and the same password again, as registration and the
 * password reset ask for them. Rendered inside a <Form> whose values hold both fields; their rules
 * are the schemas' (authSchemas.ts).
 */
export function NewPasswordFields({ passwordLabel }: NewPasswordFieldsProps) {
  const { t } = useTranslation('auth');
  return (
    <>
      <FormPasswordField<NewPasswordValues>
        name="password"
        label={passwordLabel}
        hint={t('fields.newPasswordHint')}
        autoComplete="new-password"
        required
      />
      <FormPasswordField<NewPasswordValues>
        name="confirmPassword"
        label={t('fields.confirmPassword')}
        autoComplete="new-password"
        required
      />
    </>
  );
}
