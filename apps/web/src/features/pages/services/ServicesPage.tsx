import { Badge, Heading, Text } from '@studio/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { RouterLink } from '../../../components/RouterLink';
import { paths } from '../../../lib/paths';
import { stringListSchema, useContent } from '../shared/content';
import { PageHeader } from '../shared/PageHeader';
import { PageSection } from '../shared/PageSection';
import * as pageStyles from '../shared/pages.css';
import { RichText } from '../shared/RichText';
import { studioTools, type StudioTool } from '../shared/studioTools';
import { toolDescriptionSchema } from './serviceContent';
import * as styles from './ServicesPage.css';

function ToolEntry({ tool }: { tool: StudioTool }) {
  const { t } = useTranslation('services');
  const description = useContent(t, `tools.${tool.id}`, toolDescriptionSchema);
  const headingId = `${tool.id}-heading`;
  // An announced tool with a page of its own (the manifest's path) links to it from here.
  const { page } = tool;
  const Icon = tool.icon;
  return (
    <li id={tool.id} className={styles.tool}>
      <span className={styles.toolIcon}>
        <Icon size={24} aria-hidden="true" />
      </span>
      <article aria-labelledby={headingId} className={styles.toolBody}>
        <div className={styles.toolHeading}>
          <Heading level={3} id={headingId}>
            {description.name}
          </Heading>
          <Badge tone={tool.available ? 'success' : 'neutral'} size="sm">
            {tool.available ? t('status.available') : t('status.comingSoon')}
          </Badge>
        </div>
        <Text as="p">{description.description}</Text>
        <Text as="p" tone="secondary">
          <strong>{t('overview.audienceLabel')}</strong> {description.audience}
        </Text>
        <p className={styles.listLabel}>
          {tool.available ? t('overview.highlightsLabel') : t('overview.plannedLabel')}
        </p>
        <ul className={pageStyles.bulletList}>
          {description.highlights.map((highlight) => (
            <li key={highlight}>{highlight}</li>
          ))}
        </ul>
        {tool.available ? (
          <div className={pageStyles.actions}>
            <Link to={tool.href} className={pageStyles.ctaPrimary}>
              {tool.id === 'chat'
                ? t('toolLinks.open')
                : t('toolLinks.openTool', { tool: description.name })}
            </Link>
          </div>
        ) : page ? (
          <Text as="p">
            <RouterLink to={page}>{t('overview.readMore', { tool: description.name })}</RouterLink>
          </Text>
        ) : null}
      </article>
    </li>
  );
}

/** /services: every tool of the studio, what is open today and what is coming. */
export function ServicesPage() {
  const { t } = useTranslation('services');
  const available = studioTools.filter((tool) => tool.available);
  const comingSoon = studioTools.filter((tool) => !tool.available);
  const planItems = useContent(t, 'overview.plans.items', stringListSchema);

  return (
    <div className={pageStyles.page}>
      <PageHeader
        title={t('overview.title')}
        eyebrow={t('overview.eyebrow')}
        lead={t('overview.lead')}
      />

      <PageSection
        id="available"
        title={t('overview.availableTitle')}
        lead={t('overview.availableLead')}
      >
        <ul className={styles.toolList}>
          {available.map((tool) => (
            <ToolEntry key={tool.id} tool={tool} />
          ))}
        </ul>
      </PageSection>

      {/* Once every tool is open there is nothing to announce, and no empty section. */}
      {comingSoon.length > 0 ? (
        <PageSection
          id="coming-soon"
          title={t('overview.comingSoonTitle')}
          lead={t('overview.comingSoonLead')}
        >
          <ul className={styles.toolList}>
            {comingSoon.map((tool) => (
              <ToolEntry key={tool.id} tool={tool} />
            ))}
          </ul>
        </PageSection>
      ) : null}

      <PageSection id="plans" title={t('overview.plans.title')}>
        <ul className={pageStyles.bulletList}>
          {planItems.map((_, index) => (
            <li key={index}>
              <RichText t={t} i18nKey={`overview.plans.items.${index}`} />
            </li>
          ))}
        </ul>
        <Text as="p">
          <RouterLink to={paths.plans}>{t('overview.plans.link')}</RouterLink>
        </Text>
      </PageSection>

      <section aria-labelledby="services-cta-heading" className={pageStyles.callout}>
        <Heading level={2} id="services-cta-heading">
          {t('overview.cta.title')}
        </Heading>
        <Text as="p">{t('overview.cta.text')}</Text>
        <div className={pageStyles.actions}>
          <Link to={paths.home} className={pageStyles.ctaPrimary}>
            {t('page.startChatting')}
          </Link>
          <Link to={paths.plans} className={pageStyles.ctaSecondary}>
            {t('page.seePlans')}
          </Link>
        </div>
      </section>
    </div>
  );
}
