import { Card, Link, Text } from '@studio/ui';
import { Clock, LifeBuoy, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../../components/RouterLink';
import { paths } from '../../../lib/paths';
import { supportEmail } from '../shared/contacts';
import { stringListSchema, useContent } from '../shared/content';
import { OfficeList } from '../shared/OfficeList';
import { PageHeader } from '../shared/PageHeader';
import { PageSection } from '../shared/PageSection';
import * as pageStyles from '../shared/pages.css';
import { socialChannels } from '../../../lib/socials';

export interface ContactPageProps {
  /** The contact form (the shell's). */
  contactForm: ReactNode;
}

/** /contact: the ways to reach support, how fast we answer, the offices, socials and a form. */
export function ContactPage({ contactForm }: ContactPageProps) {
  const { t } = useTranslation('contact');
  const responseTimes = useContent(t, 'responseTimes.items', stringListSchema);

  return (
    <div className={pageStyles.page}>
      <PageHeader title={t('title')} eyebrow={t('eyebrow')} lead={t('lead')} />

      <PageSection id="channels" title={t('channels.title')}>
        <ul className={pageStyles.grid}>
          <Card
            as="li"
            title={t('channels.email.title')}
            header={<Mail size={20} aria-hidden="true" />}
          >
            <div className={pageStyles.cardBody}>
              <Text as="p" tone="secondary">
                {t('channels.email.text')}
              </Text>
              <Text as="p">
                <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link>
              </Text>
            </div>
          </Card>
          <Card
            as="li"
            title={t('channels.help.title')}
            header={<LifeBuoy size={20} aria-hidden="true" />}
          >
            <div className={pageStyles.cardBody}>
              <Text as="p" tone="secondary">
                {t('channels.help.text')}
              </Text>
              <Text as="p">
                <RouterLink to={paths.help}>{t('channels.help.link')}</RouterLink>
              </Text>
            </div>
          </Card>
          <Card
            as="li"
            title={t('channels.hours.title')}
            header={<Clock size={20} aria-hidden="true" />}
          >
            <Text as="p" tone="secondary">
              {t('channels.hours.text')}
            </Text>
          </Card>
        </ul>
      </PageSection>

      <PageSection id="response-times" title={t('responseTimes.title')}>
        <ul className={pageStyles.bulletList}>
          {responseTimes.map((item) => (
            <li key={item}>{item}</li>
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

      <PageSection id="socials" title={t('socials.title')} lead={t('socials.lead')}>
        <ul className={pageStyles.bulletList}>
          {socialChannels.map((channel) => (
            <li key={channel.id}>
              <Link href={channel.url} external>
                {t('socials.linkText', { network: channel.name })}
              </Link>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection id="write-to-us" title={t('form.title')} lead={t('form.lead')}>
        {contactForm}
      </PageSection>
    </div>
  );
}
