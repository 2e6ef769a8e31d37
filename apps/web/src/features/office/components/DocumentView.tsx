import type {
  OfficeCatalogueResponse,
  OfficeDocument,
  OfficeLanguage,
  OfficeSource,
} from '@studio/contracts';
import {
  Badge,
  Button,
  Heading,
  Inline,
  Skeleton,
  SkeletonGroup,
  Stack,
  Tabs,
  Text,
} from '@studio/ui';
import { ScanText, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/api/useErrorText';
import { queryOptions, useQuery } from '../../../lib/query';
import { getOfficeDocumentContent, officeDocumentsKey } from '../api/documents';
import { useAnswerStream } from '../hooks/useAnswerStream';
import { useOfficeJob } from '../hooks/useOfficeJob';
import { partsSummary } from '../model/partLabels';
import { AskPanel } from './AskPanel';
import { TablesPanel } from './TablesPanel';
import { TransformPanel } from './TransformPanel';
import { ViewerPanel, type ViewerTarget } from './ViewerPanel';
import * as styles from './office.css';

export type DocumentTab = 'ask' | 'viewer' | 'tables' | 'transform';

export interface DocumentViewProps {
  documentId: string;
  catalogue: OfficeCatalogueResponse;
  language: OfficeLanguage;
  onOpen: (document: OfficeDocument) => void;
  onMade: (document: OfficeDocument) => void;
  onSettled: () => void;
  onClose: () => void;
  /** The tab it opens on (a story's, or Ask). */
  initialTab?: DocumentTab;
}

/**
 * One document: its name, format and parts (the ones read from scans counted), and its tools
 * in tabs: Ask & summarise, the viewer, its tables, translate and convert. A citation in an
 * answer opens the viewer at its part.
 */
export function DocumentView({
  documentId,
  catalogue,
  language,
  onOpen,
  onMade,
  onSettled,
  onClose,
  initialTab = 'ask',
}: DocumentViewProps) {
  const { t } = useTranslation('office');
  const describe = useErrorText();
  const headingId = useId();
  const [tab, setTab] = useState<DocumentTab>(initialTab);
  const [target, setTarget] = useState<ViewerTarget | null>(null);
  // Kept here, not in their tabs: an answer being written or a job being followed goes on while
  // another tab is open (a tab's content is unmounted when it is left).
  const stream = useAnswerStream(documentId);
  const translation = useOfficeJob({ onDocument: onMade, onSettled });
  const conversion = useOfficeJob({ onDocument: onMade, onSettled });
  const content = useQuery(
    queryOptions({
      queryKey: [...officeDocumentsKey, 'content', documentId],
      queryFn: (signal) => getOfficeDocumentContent(documentId, signal),
    }),
  );

  const cite = (source: OfficeSource) => {
    setTarget({ part: source.ref.number, excerpt: source.excerpt, opened: Date.now() });
    setTab('viewer');
  };

  if (content.status === 'loading') {
    return (
      <div className={styles.panel}>
        <SkeletonGroup label={t('view.loading')}>
          <Skeleton shape="text" lines={2} />
          <Skeleton shape="rect" height="16rem" />
        </SkeletonGroup>
      </div>
    );
  }
  if (content.status === 'error') {
    return (
      <div className={styles.panel}>
        <Text as="p" role="alert" tone="critical">
          {t('view.failed', { reason: describe(content.error) })}
        </Text>
        <div>
          <Button size="sm" variant="secondary" onClick={onClose}>
            {t('view.close')}
          </Button>
        </div>
      </div>
    );
  }

  const { document } = content.data;
  const sandbox = catalogue.models.find((one) => one.id === catalogue.defaultModel)?.sandbox;
  const [parts, scanned] = partsSummary(document);
  return (
    <section aria-labelledby={headingId} className={styles.panel}>
      <div className={styles.viewHeader}>
        <Stack gap="xs">
          <Heading level={3} as="h2" id={headingId} maxLines={2}>
            {document.title ?? document.fileName}
          </Heading>
          <Inline gap="sm" align="center">
            <Badge size="sm">{document.format.toUpperCase()}</Badge>
            {parts ? (
              <Text size="sm" tone="secondary">
                {t(parts.key, parts.values)}
              </Text>
            ) : null}
            {scanned ? (
              <Badge size="sm" tone="accent" icon={<ScanText size={12} />}>
                {t(scanned.key, scanned.values)}
              </Badge>
            ) : null}
          </Inline>
          {document.title ? (
            <Text as="p" size="sm" tone="secondary">
              {document.fileName}
            </Text>
          ) : null}
        </Stack>
        <Button size="sm" variant="ghost" icon={<X size={14} />} onClick={onClose}>
          {t('view.close')}
        </Button>
      </div>
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as DocumentTab)}>
        <Tabs.List aria-label={t('view.tools')}>
          <Tabs.Trigger value="ask">{t('view.tabs.ask')}</Tabs.Trigger>
          <Tabs.Trigger value="viewer">{t('view.tabs.viewer')}</Tabs.Trigger>
          <Tabs.Trigger value="tables">
            {t('view.tabs.tables', { count: document.tables })}
          </Tabs.Trigger>
          <Tabs.Trigger value="transform">{t('view.tabs.transform')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="ask">
          <AskPanel
            document={document}
            language={language}
            sandbox={sandbox ?? false}
            onCite={cite}
            stream={stream}
          />
        </Tabs.Content>
        <Tabs.Content value="viewer">
          <ViewerPanel content={content.data} target={target} />
        </Tabs.Content>
        <Tabs.Content value="tables">
          <TablesPanel document={document} />
        </Tabs.Content>
        <Tabs.Content value="transform">
          <TransformPanel
            document={document}
            catalogue={catalogue}
            onOpen={onOpen}
            translation={translation}
            conversion={conversion}
          />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
