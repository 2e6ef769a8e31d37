import { MUSIC_PROMPT_MAX_LENGTH, type MusicDescribeResponse } from '@studio/contracts';
import { Button, Stack, Text, TextArea } from '@studio/ui';
import { Wand2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/api/useErrorText';
import { describeMusic } from '../api/describeMusic';

export interface DescribePanelProps {
  /** The words read: the page fills the settings form with them, for review. */
  onDescribed: (text: string, described: MusicDescribeResponse) => void;
  /** Where the last settings came from, to say it (null: set by hand). */
  source: MusicDescribeResponse['source'] | null;
}

/**
 * "Describe the piece": words that POST /api/music/describe turns into settings. The form is
 * filled for the person to review; a keyword reading (no model could) is said as such.
 */
export function DescribePanel({ onDescribed, source }: DescribePanelProps) {
  const { t } = useTranslation('music');
  const describe = useErrorText();
  const [text, setText] = useState('');
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [empty, setEmpty] = useState(false);

  const read = async () => {
    if (!text.trim()) {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    setFailure(null);
    setWorking(true);
    try {
      onDescribed(text.trim(), await describeMusic(text.trim()));
    } catch (error) {
      setFailure(error);
    } finally {
      setWorking(false);
    }
  };

  return (
    <Stack gap="sm">
      <TextArea
        label={t('describe.label')}
        placeholder={t('describe.placeholder')}
        rows={3}
        maxLength={MUSIC_PROMPT_MAX_LENGTH}
        value={text}
        error={empty ? t('describe.emptyError') : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      <div>
        <Button
          variant="secondary"
          icon={<Wand2 size={16} aria-hidden="true" />}
          loading={working}
          disabled={working}
          onClick={() => void read()}
        >
          {working ? t('describe.working') : t('describe.button')}
        </Button>
      </div>
      {failure ? (
        <Text as="p" size="sm" tone="critical" role="alert">
          {t('describe.failed', { reason: describe(failure) })}
        </Text>
      ) : null}
      {source ? (
        <Text
          as="p"
          size="sm"
          tone="secondary"
          weight={source === 'rules' ? 'semibold' : 'regular'}
          role="status"
        >
          {source === 'rules' ? t('describe.fromRules') : t('describe.fromModel')}
        </Text>
      ) : null}
    </Stack>
  );
}
