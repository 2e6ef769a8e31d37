import { Badge, Card } from '@studio/ui';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { RouterLink } from '../../../components/RouterLink';
import { page } from '../../../components/styles.css';
import { paths } from '../../../lib/paths';
import type { AccountSummary } from '../types';
import * as styles from './account.css';

/** /membership: the current plan and the way to Plans & Pricing. */
export function MembershipPage({ user }: { user: AccountSummary }) {
  const { t } = useTranslation('common');
  const pro = user.subscriptionTier === 'pro';
  return (
    <div className={page}>
      <PageHeader title={t('titles.membership')} intro={t('account.membership.intro')} />
      <Card
        as="section"
        title={t('account.membership.currentPlan')}
        headingLevel={2}
        header={
          <Badge tone={pro ? 'accent' : 'neutral'}>
            {t(pro ? 'account.membership.pro' : 'account.membership.free')}
          </Badge>
        }
        footer={<RouterLink to={paths.plans}>{t('account.membership.seePlans')}</RouterLink>}
      >
        <p className={styles.hint}>
          {t(pro ? 'account.membership.proHint' : 'account.membership.freeHint')}
        </p>
      </Card>
    </div>
  );
}
