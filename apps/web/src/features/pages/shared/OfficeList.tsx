import { Card } from '@studio/ui';
import { MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import * as pageStyles from './pages.css';

/** The two offices (§1); their city and address are the shell's, shown in the footer too. */
export const officeIds = ['hcmc', 'singapore'] as const;
export type OfficeId = (typeof officeIds)[number];

export interface OfficeListProps {
  /** What this page says about each office, under its address. */
  details: Record<OfficeId, ReactNode>;
}

/** The offices as two cards: city, postal address and the page's own details. */
export function OfficeList({ details }: OfficeListProps) {
  const { t } = useTranslation('common');
  return (
    <ul className={pageStyles.twoColumns}>
      {officeIds.map((office) => (
        <Card
          key={office}
          as="li"
          title={t(`footer.offices.${office}.city`)}
          header={<MapPin size={20} aria-hidden="true" />}
        >
          <div className={pageStyles.cardBody}>
            <address className={pageStyles.address}>
              {t(`footer.offices.${office}.address`)}
            </address>
            {details[office]}
          </div>
        </Card>
      ))}
    </ul>
  );
}
