import { Badge, Card } from '@studio/ui';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../../components/RouterLink';
import * as styles from './ToolGrid.css';
import * as pageStyles from './pages.css';
import { studioTools } from './studioTools';

export interface ToolGridProps {
  /** The level of each tool's name, to fit the page outline. */
  headingLevel: 3 | 4;
  /** Where the chat's card leads, when not `/` (the landing page itself leads to the chat). */
  chatTo?: string;
}

/** The nine tools as cards: what each does, whether it is open yet, and where to read more. */
export function ToolGrid({ headingLevel, chatTo }: ToolGridProps) {
  const { t } = useTranslation('services');
  return (
    <ul className={pageStyles.grid}>
      {studioTools.map(({ id, available, href, icon: Icon }) => {
        const name = t(`tools.${id}.name`);
        return (
          <Card
            key={id}
            as="li"
            interactive
            title={name}
            headingLevel={headingLevel}
            header={
              <Badge tone={available ? 'success' : 'neutral'} size="sm">
                {available ? t('status.available') : t('status.comingSoon')}
              </Badge>
            }
            footer={
              <RouterLink to={id === 'chat' && chatTo ? chatTo : href}>
                {!available
                  ? t('toolLinks.learnMore', { tool: name })
                  : id === 'chat'
                    ? t('toolLinks.open')
                    : t('toolLinks.openTool', { tool: name })}
              </RouterLink>
            }
          >
            <span className={styles.icon}>
              <Icon size={22} aria-hidden="true" />
            </span>
            <p className={styles.description}>{t(`tools.${id}.description`)}</p>
          </Card>
        );
      })}
    </ul>
  );
}
