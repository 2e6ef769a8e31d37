import { formatCalendarDate, Heading, Link, Text } from '@studio/ui';
import { useTranslation } from 'react-i18next';
import { policyEffectiveDate } from '../shared/contacts';
import { useContent } from '../shared/content';
import { ContentSectionBody } from '../shared/ContentSection';
import { PageHeader } from '../shared/PageHeader';
import { PageSection } from '../shared/PageSection';
import { RouterLink } from '../../../components/RouterLink';
import { paths } from '../../../lib/paths';
import * as pageStyles from '../shared/pages.css';
import { RichText } from '../shared/RichText';
import * as styles from './LegalDocument.css';
import { legalDocumentIds, legalDocumentSchema, type LegalDocumentId } from './legalContent';

const documentRoutes = {
  privacy: paths.privacyPolicy,
  terms: paths.termsOfUse,
  serviceUsage: paths.serviceUsagePolicy,
  purchasesRefunds: paths.purchasesRefunds,
  ownershipIp: paths.ownershipIp,
  shippingInspection: paths.shippingInspection,
} as const satisfies Record<LegalDocumentId, string>;

export interface LegalDocumentProps {
  document: LegalDocumentId;
}

/**
 * A policy page: title and effective date, a table of contents linking to each section, the
 * sections, and links to the other policies.
 */
export function LegalDocument({ document }: LegalDocumentProps) {
  const { t, i18n } = useTranslation('legal');
  const content = useContent(t, document, legalDocumentSchema);
  const sections = Object.entries(content.sections);
  const tocHeadingId = `${document}-toc-heading`;

  return (
    <article className={pageStyles.page}>
      <PageHeader title={content.title} eyebrow={t('common.eyebrow')} lead={content.summary}>
        <p className={styles.meta}>
          {t('common.effectiveLabel')}{' '}
          <time dateTime={policyEffectiveDate}>
            {formatCalendarDate(policyEffectiveDate, i18n.language)}
          </time>
        </p>
      </PageHeader>

      <div className={styles.layout}>
        <nav aria-labelledby={tocHeadingId} className={styles.toc}>
          <h2 id={tocHeadingId} className={styles.tocTitle}>
            {t('common.tableOfContents')}
          </h2>
          <ol className={styles.tocList}>
            {sections.map(([id, section]) => (
              <li key={id}>
                <Link href={`#${id}`} underline="hover">
                  {section.heading}
                </Link>
              </li>
            ))}
          </ol>
        </nav>

        <div className={styles.body}>
          <div className={pageStyles.prose}>
            {content.intro.map((_, index) => (
              <Text as="p" key={index}>
                <RichText t={t} i18nKey={`${document}.intro.${index}`} />
              </Text>
            ))}
          </div>

          {sections.map(([id, section]) => (
            <PageSection key={id} id={id} title={section.heading}>
              <ContentSectionBody t={t} baseKey={`${document}.sections.${id}`} section={section} />
            </PageSection>
          ))}

          <nav aria-labelledby={`${document}-related-heading`} className={styles.related}>
            <Heading level={3} as="h2" id={`${document}-related-heading`}>
              {t('common.relatedPolicies')}
            </Heading>
            <ul className={pageStyles.bulletList}>
              {legalDocumentIds
                .filter((other) => other !== document)
                .map((other) => (
                  <li key={other}>
                    <RouterLink to={documentRoutes[other]}>{t(`${other}.title`)}</RouterLink>
                  </li>
                ))}
            </ul>
          </nav>
        </div>
      </div>
    </article>
  );
}
