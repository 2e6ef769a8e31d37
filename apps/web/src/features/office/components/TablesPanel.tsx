import type { OfficeDocument } from '@studio/contracts';
import {
  Button,
  Card,
  Inline,
  Skeleton,
  SkeletonGroup,
  Stack,
  Text,
  Tiles,
  useToast,
} from '@studio/ui';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../lib/api/endpoints/jobs/downloadJobResult';
import { useErrorText } from '../../../lib/api/useErrorText';
import { queryOptions, useQuery } from '../../../lib/query';
import { downloadOfficeTable } from '../api/documentFiles';
import { officeDocumentsKey } from '../api/documents';
import { getOfficeTables } from '../api/tables';
import { partLabel } from '../model/partLabels';
import { OfficeTable } from './OfficeBlocks';

/** The document's tables, each with its first rows and its downloads (CSV, XLSX). */
export function TablesPanel({ document }: { document: OfficeDocument }) {
  const { t } = useTranslation('office');
  const describe = useErrorText();
  const { toast } = useToast();
  const tables = useQuery(
    queryOptions({
      queryKey: [...officeDocumentsKey, 'tables', document.id],
      queryFn: (signal) => getOfficeTables(document.id, signal),
    }),
  );

  const download = async (number: number, format: 'csv' | 'xlsx') => {
    try {
      saveFile(await downloadOfficeTable(document, number, format));
    } catch (error) {
      toast({ tone: 'critical', title: t('tables.downloadFailed'), description: describe(error) });
    }
  };

  if (tables.status === 'loading') {
    return (
      <SkeletonGroup label={t('tables.loading')}>
        <Skeleton shape="rect" height="12rem" />
      </SkeletonGroup>
    );
  }
  if (tables.status === 'error') {
    return (
      <Text as="p" role="alert" tone="critical">
        {t('tables.failed', { reason: describe(tables.error) })}
      </Text>
    );
  }
  if (tables.data.tables.length === 0) {
    return (
      <Text as="p" tone="secondary">
        {t('tables.none')}
      </Text>
    );
  }
  return (
    <Tiles as="ul" minItemWidth="lg" aria-label={t('tables.title')}>
      {tables.data.tables.map((table) => {
        const where = partLabel(table.ref);
        const name = t('tables.name', { number: table.number, part: t(where.key, where.values) });
        return (
          <li key={table.number}>
            <Card
              as="article"
              title={name}
              headingLevel={3}
              description={t('tables.size', { rows: table.rows, columns: table.columns })}
              footer={
                <Inline gap="sm">
                  <Button
                    size="sm"
                    variant="secondary"
                    icon={<Download size={14} />}
                    aria-label={t('tables.downloadCsvNamed', { name })}
                    onClick={() => void download(table.number, 'csv')}
                  >
                    {t('tables.downloadCsv')}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    icon={<Download size={14} />}
                    aria-label={t('tables.downloadXlsxNamed', { name })}
                    onClick={() => void download(table.number, 'xlsx')}
                  >
                    {t('tables.downloadXlsx')}
                  </Button>
                </Inline>
              }
            >
              <Stack gap="xs">
                <OfficeTable rows={table.preview} header label={t('tables.preview', { name })} />
                {table.rows > table.preview.length ? (
                  <Text as="p" size="xs" tone="secondary">
                    {t('tables.more', { count: table.rows - table.preview.length })}
                  </Text>
                ) : null}
              </Stack>
            </Card>
          </li>
        );
      })}
    </Tiles>
  );
}
