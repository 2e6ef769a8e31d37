import { Badge, Heading, Text } from '@studio/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { RouterLink } from '../../../components/RouterLink';
import { paths } from '../../../lib/paths';
import { useContent } from '../shared/content';
import { ContentSectionBody } from '../shared/ContentSection';
import { PageHeader } from '../shared/PageHeader';
import { PageSection } from '../shared/PageSection';
import * as pageStyles from '../shared/pages.css';
import { servicePageSchema, type ServicePageKey } from './serviceContent';

export interface ServiceOverviewProps {
  service: ServicePageKey;
}

/** The page of one announced tool: what it will do, for whom, how, and what to do meanwhile. */
export function ServiceOverview({ service }: ServiceOverviewProps) {
  const { t } = useTranslation('services');
  const content = useContent(t, service, servicePageSchema);
  const ctaHeadingId = `${service}-cta-heading`;

  return (
    <div className={pageStyles.page}>
      <PageHeader
        title={content.title}
        eyebrow={<Badge tone="accent">{t('status.comingSoon')}</Badge>}
        lead={content.lead}
      />

      {Object.entries(content.sections).map(([id, section]) => (
        <PageSection key={id} id={id} title={section.heading}>
          <ContentSectionBody t={t} baseKey={`${service}.sections.${id}`} section={section} />
        </PageSection>
      ))}

      <section aria-labelledby={ctaHeadingId} className={pageStyles.callout}>
        <Heading level={2} id={ctaHeadingId}>
          {content.cta.title}
        </Heading>
        <Text as="p">{content.cta.text}</Text>
        <div className={pageStyles.actions}>
          <Link to={paths.home} className={pageStyles.ctaPrimary}>
            {t('page.startChatting')}
          </Link>
          <Link to={paths.plans} className={pageStyles.ctaSecondary}>
            {t('page.seePlans')}
          </Link>
        </div>
      </section>

      <Text as="p">
        <RouterLink to={paths.services}>{t('page.allServices')}</RouterLink>
      </Text>
    </div>
  );
}
