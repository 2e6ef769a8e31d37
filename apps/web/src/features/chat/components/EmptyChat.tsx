import { EmptyState } from '@studio/ui';
import { MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import * as styles from './chat.css';

/** Suggested first prompts; each id is a key under `empty.suggestions`. */
export const suggestionIds = ['explain', 'email', 'code', 'translate'] as const;

/** A chat with no messages yet: what to do, and a few prompts to start with. */
export function EmptyChat({
  onPick,
  disabled,
}: {
  onPick: (prompt: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('chat');
  return (
    // The prompts follow the empty state rather than sit in it, so they can take the chat's
    // whole width (a row that scrolls sideways on a phone).
    <div className={styles.emptyChat}>
      <EmptyState
        icon={<MessageSquare size={28} aria-hidden="true" />}
        title={t('empty.title')}
        description={t('empty.description')}
        headingLevel={3}
      />
      <ul className={styles.suggestions} aria-label={t('empty.suggestionsLabel')}>
        {suggestionIds.map((id) => (
          <li key={id}>
            <button
              type="button"
              className={styles.suggestion}
              disabled={disabled}
              onClick={() => onPick(t(`empty.suggestions.${id}`))}
            >
              {t(`empty.suggestions.${id}`)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
