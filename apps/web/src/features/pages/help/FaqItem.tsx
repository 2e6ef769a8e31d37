import { Text } from '@studio/ui';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../../components/RouterLink';
import { RichText } from '../shared/RichText';
import type { ContentValues } from '../shared/content';
import type { FaqQuestion } from './helpContent';
import * as styles from './HelpCenterPage.css';

export interface FaqItemProps {
  groupId: string;
  entry: FaqQuestion;
  open: boolean;
  onToggle: (id: string) => void;
  /** What the answers' placeholders say (the tools, from the tool manifest). */
  values: ContentValues;
}

/**
 * One question as a disclosure: the question is an h3 holding a button (so headings still
 * outline the page), the answer a panel it shows and hides.
 */
export function FaqItem({ groupId, entry, open, onToggle, values }: FaqItemProps) {
  const { t } = useTranslation('help');
  const panelId = `${entry.id}-answer`;
  return (
    <li id={entry.id} className={styles.questionItem}>
      <h3 className={styles.questionHeading}>
        <button
          type="button"
          className={styles.questionButton}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => onToggle(entry.id)}
        >
          <span>{entry.question}</span>
          <ChevronDown className={styles.chevron} size={20} aria-hidden="true" />
        </button>
      </h3>
      <div id={panelId} className={styles.answer} hidden={!open}>
        {entry.answer.map((_, index) => (
          <Text as="p" key={index}>
            <RichText
              t={t}
              i18nKey={`groups.${groupId}.questions.${entry.id}.answer.${index}`}
              values={values}
            />
          </Text>
        ))}
        <RouterLink
          to={{ hash: entry.id }}
          className={styles.permalink}
          aria-label={t('permalink', { question: entry.question })}
        >
          {t('permalinkText')}
        </RouterLink>
      </div>
    </li>
  );
}
