import type { QuotaErrorResponse } from '@studio/contracts';
import { Button, formatMoment, Stack, Text } from '@studio/ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useErrorText, useServerWords } from '../../../lib/api/useErrorText';
import { paths } from '../../../lib/paths';
import { useUpgradeModal } from '../../../lib/upgradeModal';
import { OfficeJobError, quotaRefusal } from '../api/errors';
import { refusalText, type RefusalLimits } from '../model/refusals';

export interface FailureNoticeProps {
  error: unknown;
  limits: RefusalLimits | null;
}

/**
 * Why a job did not give a document, in words: a refused file by its refusal, today's pages used
 * up (with the Pro path), or the failure's own words.
 */
export function FailureNotice({ error, limits }: FailureNoticeProps) {
  const { t, i18n } = useTranslation('office');
  const describe = useErrorText();
  const serverWords = useServerWords();
  const quota = quotaRefusal(error);
  if (quota) return <QuotaNotice refusal={quota} />;
  const language = i18n.resolvedLanguage ?? i18n.language;
  let text: string;
  if (error instanceof OfficeJobError && error.refusal) {
    const refusal = refusalText(error.refusal, limits, language);
    text = t(refusal.key, refusal.values);
  } else if (error instanceof OfficeJobError) {
    text = t('job.failed', { reason: serverWords(error.message) || t('job.unknown') });
  } else {
    text = t('job.failed', { reason: describe(error) });
  }
  return (
    <Text as="p" role="alert" tone="critical">
      {text}
    </Text>
  );
}

/** Today's pages are used up: when they come back, and the way to more. */
export function QuotaNotice({ refusal }: { refusal: QuotaErrorResponse }) {
  const { t, i18n } = useTranslation('office');
  const upgrade = useUpgradeModal();
  const navigate = useNavigate();
  const resets = formatMoment(refusal.resetsAt, i18n.resolvedLanguage ?? i18n.language);
  return (
    <Stack gap="xs" role="alert">
      <Text as="p" tone="critical">
        {refusal.refusedBy === 'address'
          ? t('quota.addressReached')
          : refusal.remaining > 0
            ? t('quota.onlyLeft', { remaining: refusal.remaining })
            : t('quota.reached', { limit: refusal.limit })}{' '}
        {t('quota.resets', { time: resets })}
      </Text>
      <div>
        <Button size="sm" onClick={() => (upgrade ? upgrade.open() : navigate(paths.plans))}>
          {t('quota.upgrade')}
        </Button>
      </div>
    </Stack>
  );
}
