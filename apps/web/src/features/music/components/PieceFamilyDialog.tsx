import type { MusicPiece } from '@studio/contracts';
import { Badge, Button, formatClock, Inline, Modal, Spinner, Stack, Text } from '@studio/ui';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/api/useErrorText';
import { queryOptions, useQuery } from '../../../lib/query';
import { piecesQueryKey } from '../api/listPieces';
import { familyMembers, familyRootId } from '../pieces/pieceFamily';
import type { PieceSource } from '../pieces/pieceSource';
import * as styles from './music.css';
import { pieceTitle } from '../pieces/pieceNames';

export interface PieceFamilyDialogProps {
  piece: MusicPiece;
  source: PieceSource;
  onOpenChange: (open: boolean) => void;
}

/** Under the pieces' key: a new piece (possibly a new member) or a deletion reads it again. */
const familyQueryOptions = (source: PieceSource, piece: MusicPiece) =>
  queryOptions({
    queryKey: [...piecesQueryKey, source.owner, 'family', piece.id],
    queryFn: (signal) => source.family(piece, signal),
  });

/**
 * A piece's family, as the image tools show an image's: the first piece, then each piece made
 * from another indented under it (extended, a section rewritten, a variation), this one marked.
 */
export function PieceFamilyDialog({ piece, source, onOpenChange }: PieceFamilyDialogProps) {
  const { t } = useTranslation('music');
  const describe = useErrorText();
  const family = useQuery(familyQueryOptions(source, piece));
  const members =
    family.status === 'success'
      ? familyMembers(family.data, familyRootId(family.data) ?? piece.id)
      : [];

  return (
    <Modal.Root open onOpenChange={onOpenChange}>
      <Modal.Content title={t('family.title')} description={t('family.description')} size="md">
        <Modal.Body>
          {family.status === 'loading' ? <Spinner text={t('family.loading')} /> : null}
          {family.status === 'error' ? (
            <Stack gap="xs" role="alert">
              <Text as="p">{t('family.loadFailed', { reason: describe(family.error) })}</Text>
              <div>
                <Button size="sm" variant="secondary" onClick={family.reload}>
                  {t('family.retry')}
                </Button>
              </div>
            </Stack>
          ) : null}
          {family.status === 'success' ? (
            <ol
              className={styles.familyList}
              aria-label={t('family.label', { title: pieceTitle(piece, t) })}
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
                        {pieceTitle(member, t)}
                      </Text>
                      {member.id === piece.id ? (
                        <Badge size="sm" tone="accent">
                          {t('family.current')}
                        </Badge>
                      ) : null}
                    </Inline>
                    <Text as="span" size="sm" tone="secondary">
                      {member.operation ? t(`operations.${member.operation}`) : t('family.first')}
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
