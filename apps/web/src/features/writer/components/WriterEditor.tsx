import type { SocialNetwork, WriterSelection } from '@studio/contracts';
import { Heading, Stack, TextArea } from '@studio/ui';
import type { ReactNode, RefObject, SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyMarkdown } from '../../../components/markdown';
import { TextCounts } from './TextCounts';
import * as styles from './writer.css';

export interface WriterEditorProps {
  content: string;
  onChange: (content: string) => void;
  /** The passage selected in the editor (null: none), for a change to it only. */
  onSelect: (selection: WriterSelection | null) => void;
  /** While a result streams in, the text is the model's: read only. */
  streaming: boolean;
  network: { id: SocialNetwork; limit: number } | null;
  /** The preview's element, whose HTML "copy as rich text" takes. */
  previewRef: RefObject<HTMLDivElement | null>;
  /** Stop, regenerate, keep an edit: what the page offers for the text as it stands. */
  actions: ReactNode;
}

/**
 * The Markdown editor beside its live preview (the chat's safe renderer: no raw HTML, safe
 * links), with the counts under it.
 */
export function WriterEditor({
  content,
  onChange,
  onSelect,
  streaming,
  network,
  previewRef,
  actions,
}: WriterEditorProps) {
  const { t } = useTranslation('writer');
  const select = (event: SyntheticEvent<HTMLTextAreaElement>) => {
    const { selectionStart: start, selectionEnd: end } = event.currentTarget;
    onSelect(end > start ? { start, end } : null);
  };
  return (
    <Stack gap="sm">
      <div className={styles.sideBySide}>
        <TextArea
          label={t('editor.label')}
          hint={t('editor.hint')}
          value={content}
          rows={16}
          readOnly={streaming}
          aria-busy={streaming}
          onChange={(event) => onChange(event.currentTarget.value)}
          onSelect={select}
          placeholder={t('editor.placeholder')}
        />
        <section aria-labelledby="writer-preview-title">
          <Stack gap="xs">
            <Heading level={4} as="h3" id="writer-preview-title">
              {t('editor.preview')}
            </Heading>
            <div ref={previewRef} className={styles.preview}>
              {content.trim() ? <LazyMarkdown content={content} /> : null}
            </div>
          </Stack>
        </section>
      </div>
      <TextCounts text={content} network={network} />
      {actions}
    </Stack>
  );
}
