import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../../components/RouterLink';
import { StatusPanel } from '../../../components/StatusPanel';
import { paths } from '../../../lib/paths';

/** Every path outside the route table (§2 `*`). */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <StatusPanel
      icon={<SearchX size={40} />}
      title={t('titles.notFound')}
      description={t('notFound.description')}
      actions={
        <>
          <RouterLink to={paths.home}>{t('notFound.home')}</RouterLink>
          <RouterLink to={paths.help}>{t('notFound.help')}</RouterLink>
        </>
      }
    />
  );
}
