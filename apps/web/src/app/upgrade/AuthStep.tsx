import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailCodeForm } from '../../features/auth/components/EmailCodeForm';
import { SocialSignIn } from '../../features/auth/components/SocialSignIn';
import * as styles from '../../features/payments/components/upgrade/upgradeModal.css';
// The same rule-flanked divider as the login panel's.
import * as authStyles from '../../features/auth/components/auth.css';

export interface AuthStepProps {
  /** 'Please sign in to continue to payment.' after Continue while signed out (§2, §5). */
  notice: string | null;
  /** Just before a redirect sign-in leaves the page: store the post-auth marker. */
  onBeforeRedirect: () => void;
  /** An in-modal e-mail code sign-in finished. */
  onSignedIn: () => void;
}

/**
 * §2 Pro modal, step 1: Microsoft, Google and Apple, or an e-mailed one-time code (Send Code,
 * then Verify Code). No password form here: the login modal has it.
 */
export function AuthStep({ notice, onBeforeRedirect, onSignedIn }: AuthStepProps) {
  const { t } = useTranslation('payments');
  const headingId = useId();
  return (
    <section className={styles.step} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.stepHeading}>
        {t('auth.heading')}
      </h3>
      {notice ? (
        <p role="alert" className={styles.alert}>
          {notice}
        </p>
      ) : (
        <p className={styles.note}>{t('auth.intro')}</p>
      )}
      <SocialSignIn onBeforeSignIn={onBeforeRedirect} />
      <p className={authStyles.divider}>{t('auth.emailDivider')}</p>
      <EmailCodeForm onSignedIn={onSignedIn} />
    </section>
  );
}
