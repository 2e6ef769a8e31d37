import type { ConversationSummary, ExportFormat } from '@studio/contracts';
import { plainLine } from '@studio/contracts/plainText';
import { DropdownMenu, formatDay, IconButton, ListItem, TextField, useToast } from '@studio/ui';
import { FileJson, FileText, MoreHorizontal, Pencil, Share2, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/api/useErrorText';
import { useLanguage } from '../../../lib/i18n/useLanguage';
import { renameConversation, titleToSave } from '../api/renameConversation';

export interface ConversationItemProps {
  conversation: ConversationSummary;
  active: boolean;
  onSelect: (id: string) => void;
  onRenamed: (conversation: ConversationSummary) => void;
  onShare: (conversation: ConversationSummary) => void;
  onDelete: (conversation: ConversationSummary) => void;
  onExport: (conversation: ConversationSummary, format: ExportFormat) => void;
}

/** One conversation in the sidebar: select it, or rename, share, export or delete it. */
export function ConversationItem({
  conversation,
  active,
  onSelect,
  onRenamed,
  onShare,
  onDelete,
  onExport,
}: ConversationItemProps) {
  const { t } = useTranslation('conversations');
  const language = useLanguage();
  const describe = useErrorText();
  const { toast } = useToast();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(conversation.title);
  const [saving, setSaving] = useState(false);
  const selectButton = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLInputElement>(null);
  // Set once editing ends, so the blur that follows Escape or Enter does not save again.
  const finished = useRef(false);

  // The menu hands focus back to its trigger as it closes; when Rename was chosen the field
  // takes it instead.
  const focusField = useRef(false);
  const focusTitle = () => {
    field.current?.focus();
    field.current?.select();
  };

  useEffect(() => {
    if (editing) focusTitle();
  }, [editing]);

  const startEditing = () => {
    finished.current = false;
    focusField.current = true;
    setDraft(conversation.title);
    setEditing(true);
  };

  const stopEditing = () => {
    finished.current = true;
    setEditing(false);
    // Back where the keyboard was before renaming.
    requestAnimationFrame(() => selectButton.current?.focus());
  };

  const save = async () => {
    if (finished.current || saving) return;
    const title = titleToSave(draft, conversation.title);
    // Empty or unchanged: nothing to save, editing just ends.
    if (title === null) {
      stopEditing();
      return;
    }
    setSaving(true);
    try {
      onRenamed(await renameConversation(conversation.id, title));
      stopEditing();
    } catch (error) {
      toast({ tone: 'critical', title: t('rename.failed'), description: describe(error) });
      field.current?.focus();
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      stopEditing();
    }
  };

  const date = formatDay(conversation.updatedAt, language);
  // Shown as text: a title or preview stored before the API kept them plain may hold Markdown.
  const shownTitle = plainLine(conversation.title) || t('untitled');
  const preview = plainLine(conversation.preview);

  return (
    <ListItem
      current={active}
      title={shownTitle}
      description={preview ? `${date} · ${preview}` : date}
      truncate
      onSelect={() => onSelect(conversation.id)}
      selectRef={selectButton}
      trailing={
        <DropdownMenu.Root>
          <DropdownMenu.Trigger asChild>
            <IconButton
              variant="ghost"
              size="sm"
              icon={<MoreHorizontal size={16} />}
              label={t('item.actions', { title: shownTitle })}
            />
          </DropdownMenu.Trigger>
          <DropdownMenu.Content
            align="end"
            onCloseAutoFocus={(event) => {
              if (!focusField.current) return;
              focusField.current = false;
              event.preventDefault();
              focusTitle();
            }}
          >
            <DropdownMenu.Item icon={<Pencil size={16} />} onSelect={startEditing}>
              {t('item.rename')}
            </DropdownMenu.Item>
            <DropdownMenu.Item icon={<Share2 size={16} />} onSelect={() => onShare(conversation)}>
              {t('item.share')}
            </DropdownMenu.Item>
            <DropdownMenu.Item
              icon={<FileJson size={16} />}
              onSelect={() => onExport(conversation, 'json')}
            >
              {t('item.exportJson')}
            </DropdownMenu.Item>
            <DropdownMenu.Item
              icon={<FileText size={16} />}
              onSelect={() => onExport(conversation, 'markdown')}
            >
              {t('item.exportMarkdown')}
            </DropdownMenu.Item>
            <DropdownMenu.Separator />
            <DropdownMenu.Item icon={<Trash2 size={16} />} onSelect={() => onDelete(conversation)}>
              {t('item.delete')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Root>
      }
    >
      {editing ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <TextField
            ref={field}
            size="sm"
            label={t('rename.label')}
            hideLabel
            value={draft}
            maxLength={200}
            disabled={saving}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            onBlur={() => void save()}
          />
        </form>
      ) : undefined}
    </ListItem>
  );
}
