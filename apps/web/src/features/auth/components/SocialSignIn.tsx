import { domainHints, type DomainHint } from '@studio/contracts';
import { Badge, Button, FormError } from '@studio/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../hooks/useAuth';
import { useAuthErrorText } from './authErrorText';
import * as styles from './auth.css';
import { ProviderIcon } from './ProviderIcon';

export interface SocialSignInProps {
  /**
   * Runs just before the browser leaves for the identity service: what must survive the
   * full-page redirect is stored here (the Pro modal's post-auth marker).
   */
  onBeforeSignIn?: (hint: DomainHint) => void;
}

/**
 * §2: Microsoft, Google and Apple through the external identity service, chosen by domain hint.
 * Disabled with the reason while no identity service is usable; marked 'Sandbox' when the
 * sandbox provider stands in for it.
 */
export function SocialSignIn({ onBeforeSignIn }: SocialSignInProps = {}) {
  const { t } = useTranslation('auth');
  const { providers, signInWithProvider } = useAuth();
  const explain = useAuthErrorText();
  const [pending, setPending] = useState<DomainHint | null>(null);
  const [error, setError] = useState<string | null>(null);
  const noteId = useId();
  const { available, sandbox } = providers;

  const start = async (hint: DomainHint) => {
    setPending(hint);
    setError(null);
    onBeforeSignIn?.(hint);
    try {
      // On success the browser leaves for the provider; the promise settles only if it did not.
      await signInWithProvider(hint);
    } catch (failure) {
      setError(explain(failure, 'auth:social.failed').text);
    } finally {
      setPending(null);
    }
  };

  const note = !available ? t('social.unavailable') : sandbox ? t('social.sandboxHint') : null;
  return (
    <fieldset className={styles.socialGroup} aria-describedby={note ? noteId : undefined}>
      <legend className={styles.socialHeading}>
        {t('social.groupLabel')}
        {available && sandbox ? (
          // Out of the group's name ("Sign in with … Sandbox"): the note it is described by says
          // the sandbox stands in, in a sentence.
          <span aria-hidden="true">
            <Badge tone="warning" size="sm">
              {t('social.sandbox')}
            </Badge>
          </span>
        ) : null}
      </legend>
      {domainHints.map((hint) => (
        <Button
          key={hint}
          variant="secondary"
          fullWidth
          icon={<ProviderIcon provider={hint} />}
          disabled={!available || (pending !== null && pending !== hint)}
          loading={pending === hint}
          onClick={() => void start(hint)}
        >
          {t(`social.${hint}`)}
        </Button>
      ))}
      {note ? (
        <p id={noteId} className={styles.note}>
          {note}
        </p>
      ) : null}
      {error ? <FormError>{error}</FormError> : null}
    </fieldset>
  );
}
