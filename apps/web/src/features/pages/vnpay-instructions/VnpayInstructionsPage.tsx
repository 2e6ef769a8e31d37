import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { z } from '../../../lib/shape';
import { paths } from '../../../lib/paths';
import { stringListSchema, useContent } from '../shared/content';
import { PageHeader } from '../shared/PageHeader';
import { PageSection } from '../shared/PageSection';
import * as pageStyles from '../shared/pages.css';
import { RichText } from '../shared/RichText';
import * as styles from './VnpayInstructionsPage.css';

const stepsSchema = z.array(
  z.object({
    title: z.string(),
    text: z.string(),
    /** Choices offered at this step (the ways to pay on VNPay's page). */
    options: z._default(z.array(z.object({ name: z.string(), text: z.string() })), []),
    /** A caution shown with the step. */
    warning: z.optional(z.string()),
  }),
);

/** /vnpay-instructions: paying for Pro with VNPay, one numbered step at a time. */
export function VnpayInstructionsPage() {
  const { t } = useTranslation('vnpay');
  const before = useContent(t, 'before.items', stringListSchema);
  const steps = useContent(t, 'steps.items', stepsSchema);
  const problems = useContent(t, 'problems.items', stringListSchema);

  return (
    <div className={pageStyles.page}>
      <PageHeader title={t('title')} eyebrow={t('eyebrow')} lead={t('lead')} />

      <PageSection id="before-you-start" title={t('before.title')}>
        <ul className={pageStyles.bulletList}>
          {before.map((_, index) => (
            <li key={index}>
              <RichText t={t} i18nKey={`before.items.${index}`} />
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection id="steps" title={t('steps.title')} lead={t('steps.lead')}>
        <ol className={styles.steps}>
          {steps.map((step, index) => (
            <li key={step.title} className={styles.step}>
              <div className={styles.stepBody}>
                <h3 className={pageStyles.subTitle}>{step.title}</h3>
                <p className={pageStyles.paragraph}>
                  <RichText t={t} i18nKey={`steps.items.${index}.text`} />
                </p>
                {step.options.length > 0 ? (
                  <ul className={styles.options}>
                    {step.options.map((option) => (
                      <li key={option.name}>
                        <strong>{option.name}</strong>: {option.text}
                      </li>
                    ))}
                  </ul>
                ) : null}
                {step.warning ? <p className={styles.warning}>{step.warning}</p> : null}
              </div>
            </li>
          ))}
        </ol>
      </PageSection>

      <PageSection id="if-it-fails" title={t('problems.title')}>
        <ul className={pageStyles.bulletList}>
          {problems.map((_, index) => (
            <li key={index}>
              <RichText t={t} i18nKey={`problems.items.${index}`} />
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection id="refunds" title={t('refunds.title')}>
        <p className={pageStyles.paragraph}>
          <RichText t={t} i18nKey="refunds.text" />
        </p>
      </PageSection>

      <section aria-labelledby="vnpay-help-heading" className={pageStyles.callout}>
        <h2 id="vnpay-help-heading" className={pageStyles.sectionTitle}>
          {t('help.title')}
        </h2>
        <p className={pageStyles.paragraph}>
          <RichText t={t} i18nKey="help.text" />
        </p>
        <div className={pageStyles.actions}>
          <Link to={paths.plans} className={pageStyles.ctaPrimary}>
            {t('help.choosePro')}
          </Link>
        </div>
      </section>
    </div>
  );
}
