import { Skeleton, SkeletonGroup, Text } from '@studio/ui';
import { useTranslation } from 'react-i18next';
import { useImageObjectUrl } from '../../../lib/api/endpoints/images/useImageObjectUrl';
import { getOfficePageImage } from '../api/documentFiles';
import * as styles from './office.css';

/** A PDF page as a picture (GET …/pages/{n}.png), its A4 frame kept while it loads. */
export function PageImage({ documentId, page }: { documentId: string; page: number }) {
  const { t } = useTranslation('office');
  const picture = useImageObjectUrl(`${documentId}#${page}`, (_key, signal) =>
    getOfficePageImage(documentId, page, signal),
  );
  if (picture.status === 'failed') {
    return (
      <Text as="p" size="sm" tone="secondary">
        {t('viewer.pageImageFailed')}
      </Text>
    );
  }
  if (picture.status === 'loading') {
    return (
      <SkeletonGroup label={t('viewer.pageImageLoading')}>
        <Skeleton shape="rect" height="28rem" />
      </SkeletonGroup>
    );
  }
  return (
    <img
      src={picture.url}
      className={styles.pageImage}
      width={595}
      height={842}
      alt={t('viewer.pageImageAlt', { number: page })}
    />
  );
}
