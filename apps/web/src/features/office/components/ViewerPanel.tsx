import type { OfficeDocumentContent } from '@studio/contracts';
import { Badge, Button, Heading, Inline, Select, Stack, Text } from '@studio/ui';
import { ScanText } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { citedBlockIndex } from '../model/blocks';
import { partLabel } from '../model/partLabels';
import { OfficeBlocks } from './OfficeBlocks';
import { PageImage } from './PageImage';
import * as styles from './office.css';

/** Where a citation opens the viewer: its part and the passage's start. */
export interface ViewerTarget {
  part: number;
  excerpt: string;
  /** A new one each click, so the same citation clicked again scrolls to it again. */
  opened: number;
}

export interface ViewerPanelProps {
  content: OfficeDocumentContent;
  target: ViewerTarget | null;
}

/**
 * The document's parts one at a time, chosen with the part picker: its headings, lists and
 * tables from its blocks, a scanned part marked as read from a scan. Opened from a citation, the
 * passage is marked and scrolled to and, for a PDF page, the page's picture shows beside its text.
 */
export function ViewerPanel({ content, target }: ViewerPanelProps) {
  const { t } = useTranslation('office');
  const headingId = useId();
  const { document, parts } = content;
  const [chosen, setChosen] = useState(() => target?.part ?? parts[0]?.ref.number ?? 1);
  const [showImage, setShowImage] = useState(target !== null && document.format === 'pdf');
  const [lastTarget, setLastTarget] = useState(target);
  const cited = useRef<HTMLDivElement>(null);

  // A new citation moves the viewer to its part (state adjusted while rendering, not after).
  if (target !== lastTarget) {
    setLastTarget(target);
    if (target) {
      setChosen(target.part);
      setShowImage(document.format === 'pdf');
    }
  }

  const part = parts.find((one) => one.ref.number === chosen) ?? parts[0];
  const citedIndex =
    target && part && target.part === part.ref.number
      ? citedBlockIndex(part.blocks, target.excerpt)
      : undefined;

  useEffect(() => {
    if (!target) return;
    cited.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [target]);

  if (!part) {
    return (
      <Text as="p" tone="secondary">
        {t('viewer.empty')}
      </Text>
    );
  }

  const label = (ref: (typeof parts)[number]['ref']) => {
    const name = partLabel(ref);
    const text = t(name.key, name.values);
    return ref.kind === 'slide' && ref.name ? `${text} · ${ref.name}` : text;
  };
  const isPage = document.format === 'pdf' && part.ref.kind === 'page';
  const text = (
    <Stack gap="sm">
      {part.blocks.length === 0 ? (
        <Text as="p" tone="secondary">
          {t('viewer.noText')}
        </Text>
      ) : (
        <OfficeBlocks
          ref={cited}
          blocks={part.blocks}
          cited={citedIndex}
          tableLabel={(index) => t('viewer.tableName', { part: label(part.ref), number: index })}
        />
      )}
    </Stack>
  );

  return (
    <Stack gap="md">
      <Inline gap="md" align="end">
        <div>
          <Select
            label={t('viewer.partPicker')}
            placeholder={false}
            value={String(part.ref.number)}
            options={parts.map((one) => ({
              value: String(one.ref.number),
              label:
                one.source === 'ocr'
                  ? `${label(one.ref)} · ${t('viewer.scanned')}`
                  : label(one.ref),
            }))}
            onChange={(event) => setChosen(Number(event.target.value))}
          />
        </div>
        {isPage ? (
          <Button size="sm" variant="secondary" onClick={() => setShowImage((shown) => !shown)}>
            {showImage ? t('viewer.hidePage') : t('viewer.showPage')}
          </Button>
        ) : null}
      </Inline>
      <section aria-labelledby={headingId}>
        <Stack gap="sm">
          <Inline gap="sm" align="center">
            <Heading level={4} as="h3" id={headingId}>
              {label(part.ref)}
            </Heading>
            {part.source === 'ocr' ? (
              <Badge size="sm" tone="accent" icon={<ScanText size={12} />}>
                {t('viewer.scanned')}
              </Badge>
            ) : null}
          </Inline>
          {isPage && showImage ? (
            <div className={styles.pageWithImage}>
              <PageImage documentId={document.id} page={part.ref.number} />
              {text}
            </div>
          ) : (
            text
          )}
        </Stack>
      </section>
    </Stack>
  );
}
