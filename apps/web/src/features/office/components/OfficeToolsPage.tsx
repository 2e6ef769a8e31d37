import type { OfficeDocument, OfficeLanguage } from '@studio/contracts';
import { EmptyState, Stack, Text, visuallyHidden } from '@studio/ui';
import { Briefcase } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { invalidateQueries } from '../../../lib/query';
import { officeDocumentsKey } from '../api/documents';
import { refreshOfficeCatalogue, useOfficeCatalogue } from '../api/getOfficeCatalogue';
import { DocumentList } from './DocumentList';
import { DocumentView, type DocumentTab } from './DocumentView';
import { GeneratePanel } from './GeneratePanel';
import { QuotaNotice } from './RefusalNotice';
import { UploadPanel } from './UploadPanel';
import { CatalogueStatus } from '../../../components/CatalogueStatus';

export interface OfficeToolsPageProps {
  /** The signed-in user's id; null for a visitor (their documents are kept a day). */
  account: string | null;
  /** A document open from the start, on a tab (a story's). */
  initialDocument?: { id: string; tab?: DocumentTab };
}

/**
 * /office-tools: a document (PDF, DOCX, XLSX, PPTX, CSV, text, Markdown) read on the server with
 * its scanned pages read by OCR, then asked about and summarised with answers citing their
 * pages, viewed part by part, its tables taken out, translated or converted; a new document
 * generated from a prompt; and the caller's documents, each a file to download.
 */
export function OfficeToolsPage({ account, initialDocument }: OfficeToolsPageProps) {
  const { t, i18n } = useTranslation('office');
  const catalogue = useOfficeCatalogue(account);
  const data = catalogue.status === 'success' ? catalogue.data : null;
  const [openDocument, setOpenDocument] = useState(initialDocument ?? null);
  const [announcement, setAnnouncement] = useState('');
  const language: OfficeLanguage = (i18n.resolvedLanguage ?? i18n.language).startsWith('vi')
    ? 'vi'
    : 'en';

  const open = useCallback((document: OfficeDocument) => {
    setOpenDocument({ id: document.id });
    globalThis.document?.getElementById('office-document')?.scrollIntoView?.({ block: 'start' });
  }, []);
  // A translation or a conversion says itself where it was asked for; the list reads it again.
  const made = useCallback((_document: OfficeDocument) => {
    invalidateQueries([...officeDocumentsKey, 'list']);
  }, []);
  const madeAndOpen = useCallback(
    (document: OfficeDocument) => {
      setAnnouncement(t('made.ready', { name: document.fileName }));
      made(document);
      open(document);
    },
    [made, open, t],
  );

  return (
    <Stack gap="xl">
      <PageHeader title={t('title')} intro={t('intro')} />

      <CatalogueStatus
        catalogue={catalogue}
        namespace="office"
        onRetry={refreshOfficeCatalogue}
        reserve="short"
      />
      {data && data.formats.length === 0 ? (
        <EmptyState
          headingLevel={2}
          bordered
          icon={<Briefcase size={28} />}
          title={t('catalogue.noneTitle')}
          description={t('catalogue.noneDescription')}
        />
      ) : null}

      {data && data.formats.length > 0 ? (
        <>
          <Stack gap="xs">
            <Text as="p" size="sm" tone="secondary">
              {t('quota.left', {
                remaining: data.limits.remainingToday,
                daily: data.limits.dailyPages,
              })}
            </Text>
            {data.limits.remainingToday === 0 ? (
              <QuotaNotice
                refusal={{
                  message: '',
                  code: 'quota',
                  limit: data.limits.dailyPages,
                  remaining: 0,
                  refusedBy: 'plan',
                  resetsAt: nextMidnightUtc(),
                  upgradeUrl: '/plans',
                }}
              />
            ) : null}
          </Stack>
          <UploadPanel catalogue={data} onRead={madeAndOpen} onSettled={refreshOfficeCatalogue} />
          {openDocument ? (
            <div id="office-document">
              <DocumentView
                key={openDocument.id}
                documentId={openDocument.id}
                initialTab={openDocument.tab}
                catalogue={data}
                language={language}
                onOpen={open}
                onMade={made}
                onSettled={refreshOfficeCatalogue}
                onClose={() => setOpenDocument(null)}
              />
            </div>
          ) : null}
          <GeneratePanel
            catalogue={data}
            language={language}
            onMade={madeAndOpen}
            onSettled={refreshOfficeCatalogue}
          />
        </>
      ) : null}

      <p className={visuallyHidden} role="status">
        {announcement}
      </p>

      <DocumentList
        signedIn={account !== null}
        openId={openDocument?.id ?? null}
        onOpen={open}
        onDeleted={(document) =>
          setOpenDocument((current) => (current?.id === document.id ? null : current))
        }
      />
    </Stack>
  );
}

/** When today's count starts again: midnight UTC, as the API counts. */
function nextMidnightUtc(): string {
  const now = new Date();
  return new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1),
  ).toISOString();
}
