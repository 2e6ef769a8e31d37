import type { MusicPiece } from '@studio/contracts';
import { Badge, Button, formatClock, Inline, Modal, Spinner, Stack, Text } from '@studio/ui';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/api/useErrorText';
import { useMusicNames } from '../../lib/media/musicNames';
import { familyMembers, familyRootId } from '../../lib/media/pieceFamily';
import { queryOptions, useQuery, type QueryKey } from '../../lib/query';
import * as styles from './pieceFamily.css';

export interface PieceFamilyDialogProps {
  piece: MusicPiece;
  /**
   * Where the family is cached: under the key of the list the piece was opened from, so that a
   * new piece (possibly a new member) or a deletion, which invalidates that list, reads it again.
   */
  queryKey: QueryKey;
  /** Reads the piece's whole family, parents before children (the server's, or this browser's). */
  loadFamily: (signal: AbortSignal) => Promise<MusicPiece[]>;
  onOpenChange: (open: boolean) => void;
}

/**
 * A piece's family, as the image tools show an image's: the first piece, then each piece made
 * from another indented under it (extended, a section rewritten, a variation), this one marked.
 */
export function PieceFamilyDialog({
  piece,
  queryKey,
  loadFamily,
  onOpenChange,
}: PieceFamilyDialogProps) {
  const { t } = useTranslation('media');
  const names = useMusicNames();
  const describe = useErrorText();
  const family = useQuery(queryOptions({ queryKey, queryFn: loadFamily }));
  const members =
    family.status === 'success'
      ? familyMembers(family.data, familyRootId(family.data) ?? piece.id)
      : [];

  return (
    <Modal.Root open onOpenChange={onOpenChange}>
      <Modal.Content
        title={t('pieceFamily.title')}
        description={t('pieceFamily.description')}
        size="md"
      >
        <Modal.Body>
          {family.status === 'loading' ? <Spinner text={t('pieceFamily.loading')} /> : null}
          {family.status === 'error' ? (
            <Stack gap="xs" role="alert">
              <Text as="p">{t('pieceFamily.loadFailed', { reason: describe(family.error) })}</Text>
              <div>
                <Button size="sm" variant="secondary" onClick={family.reload}>
                  {t('retry')}
                </Button>
              </div>
            </Stack>
          ) : null}
          {family.status === 'success' ? (
            <ol
              className={styles.familyList}
              aria-label={t('pieceFamily.label', { title: names.pieceTitle(piece) })}
            >
              {members.map(({ piece: member, depth }) => (
                <li
                  key={member.id}
                  className={styles.familyItem}
                  style={{ paddingInlineStart: `${depth * 1.5}rem` }}
                  aria-current={member.id === piece.id ? 'true' : undefined}
                >
                  <Stack gap="xxs">
                    <Inline gap="xs" align="center">
                      <Text as="span" weight="semibold">
                        {names.pieceTitle(member)}
                      </Text>
                      {member.id === piece.id ? (
                        <Badge size="sm" tone="accent">
                          {t('pieceFamily.current')}
                        </Badge>
                      ) : null}
                    </Inline>
                    <Text as="span" size="sm" tone="secondary">
                      {member.operation
                        ? names.operation(member.operation)
                        : t('pieceFamily.first')}
                      {' · '}
                      {formatClock(member.durationMs / 1000)}
                    </Text>
                  </Stack>
                </li>
              ))}
            </ol>
          ) : null}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
