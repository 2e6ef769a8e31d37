import type { VisionRead } from '@studio/contracts';
import { Button, MediaCard } from '@studio/ui';
import { Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { madeDetail } from '../../../components/media/mediaDetails';
import { useNearViewport } from '../../../components/markdown/MessageImage/useNearViewport';
import { useImageObjectUrl } from '../../../lib/api/endpoints/images/useImageObjectUrl';
import { getReadFile } from '../api/getReadFile';
import { firstLine } from '../model/readText';

export interface ReadCardProps {
  read: VisionRead;
  /** The read shown above (an accent outline). */
  current: boolean;
  onOpen: (read: VisionRead) => void;
  onDelete: (read: VisionRead) => void;
}

/**
 * A read in the history: its picture (fetched with the caller's session or key once the card
 * nears the viewport), its first line of text, when, and how many answers; opening it shows its
 * result and answers above.
 */
export function ReadCard({ read, current, onOpen, onDelete }: ReadCardProps) {
  const { t, i18n } = useTranslation('vision');
  const mediaRef = useRef<HTMLElement>(null);
  const near = useNearViewport(mediaRef);
  const picture = useImageObjectUrl(near ? read.fileUrl : null, getReadFile);
  const title = firstLine(read.text) || t('history.noText');
  const name = read.fileName;
  return (
    <MediaCard
      as="li"
      mediaRef={mediaRef}
      media={
        picture.status === 'ready' ? (
          <img src={picture.url} alt="" width={read.width} height={read.height} decoding="async" />
        ) : null
      }
      fit="contain"
      selected={current}
      openAction={{ label: t('history.open', { name }), onOpen: () => onOpen(read) }}
      title={title}
      titleTooltip={title}
      titleLines={2}
      headingLevel={3}
      details={[
        madeDetail(t('history.date'), read.createdAt, i18n.resolvedLanguage ?? i18n.language),
        ...(read.answers.length > 0
          ? [
              {
                label: t('history.answersLabel'),
                value: t('history.answers', { count: read.answers.length }),
              },
            ]
          : []),
      ]}
      actions={
        <Button
          size="sm"
          variant="ghost"
          icon={<Trash2 size={16} aria-hidden="true" />}
          aria-label={t('history.deleteLabel', { name })}
          onClick={() => onDelete(read)}
        >
          {t('history.delete')}
        </Button>
      }
    />
  );
}
