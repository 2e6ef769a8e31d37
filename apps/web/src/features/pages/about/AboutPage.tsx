import { Card, Text } from '@studio/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from '../../../lib/shape';
import { stringListSchema, useContent } from '../shared/content';
import { OfficeList } from '../shared/OfficeList';
import { PageHeader } from '../shared/PageHeader';
import { PageSection } from '../shared/PageSection';
import * as pageStyles from '../shared/pages.css';

const valuesSchema = z.record(z.string(), z.object({ title: z.string(), text: z.string() }));

export interface AboutPageProps {
  /** The contact form (the shell's), shown in the "Write to us" section. */
  contactForm: ReactNode;
}

/** /about-us: mission, story, values, the two offices and a contact form. */
export function AboutPage({ contactForm }: AboutPageProps) {
  const { t } = useTranslation('about');
  const mission = useContent(t, 'mission.paragraphs', stringListSchema);
  const story = useContent(t, 'story.paragraphs', stringListSchema);
  const values = useContent(t, 'values.items', valuesSchema);

  return (
    <div className={pageStyles.page}>
      <PageHeader title={t('title')} eyebrow={t('eyebrow')} lead={t('lead')} />

      <PageSection id="mission" title={t('mission.title')}>
        <div className={pageStyles.prose}>
          {mission.map((paragraph) => (
            <Text as="p" key={paragraph}>
              {paragraph}
            </Text>
          ))}
        </div>
      </PageSection>

      <PageSection id="story" title={t('story.title')}>
        <div className={pageStyles.prose}>
          {story.map((paragraph) => (
            <Text as="p" key={paragraph}>
              {paragraph}
            </Text>
          ))}
        </div>
      </PageSection>

      <PageSection id="values" title={t('values.title')} lead={t('values.lead')}>
        <ul className={pageStyles.grid}>
          {Object.entries(values).map(([id, value]) => (
            <Card key={id} as="li" title={value.title}>
              <Text as="p" tone="secondary">
                {value.text}
              </Text>
            </Card>
          ))}
        </ul>
      </PageSection>

      <PageSection id="offices" title={t('offices.title')} lead={t('offices.lead')}>
        <OfficeList
          details={{
            hcmc: <Text as="p">{t('offices.hcmc')}</Text>,
            singapore: <Text as="p">{t('offices.singapore')}</Text>,
          }}
        />
      </PageSection>

      <PageSection id="write-to-us" title={t('writeToUs.title')} lead={t('writeToUs.lead')}>
        {contactForm}
      </PageSection>
    </div>
  );
}
