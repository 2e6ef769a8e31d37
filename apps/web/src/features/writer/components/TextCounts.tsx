import type { SocialNetwork } from '@studio/contracts';
import { Inline, Text } from '@studio/ui';
import { useTranslation } from 'react-i18next';
import { textStats } from '../model/textStats';

export interface TextCountsProps {
  text: string;
  /** A social post's network and its limit: the characters are counted against it. */
  network: { id: SocialNetwork; limit: number } | null;
}

/** Words, characters and reading time under the editor, and a social post's limit as you type. */
export function TextCounts({ text, network }: TextCountsProps) {
  const { t, i18n } = useTranslation('writer');
  const stats = textStats(text);
  const number = (value: number) => value.toLocaleString(i18n.resolvedLanguage ?? 'en');
  const over = network ? stats.characters - network.limit : 0;
  return (
    <Inline gap="md" align="center">
      <Text size="sm" tone="secondary">
        {t('counts.words', { words: number(stats.words) })}
      </Text>
      <Text size="sm" tone="secondary">
        {t('counts.characters', { characters: number(stats.characters) })}
      </Text>
      <Text size="sm" tone="secondary">
        {t('counts.reading', { minutes: stats.readingMinutes })}
      </Text>
      {network ? (
        <Text
          size="sm"
          weight={over > 0 ? 'semibold' : 'regular'}
          tone={over > 0 ? 'critical' : 'secondary'}
          role="status"
        >
          {over > 0
            ? t('counts.overLimit', {
                network: t(`networks.${network.id}`),
                limit: number(network.limit),
                over: number(over),
              })
            : t('counts.limit', {
                network: t(`networks.${network.id}`),
                used: number(stats.characters),
                limit: number(network.limit),
              })}
        </Text>
      ) : null}
    </Inline>
  );
}
