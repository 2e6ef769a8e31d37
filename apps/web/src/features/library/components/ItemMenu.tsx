import type { LibraryItem } from '@studio/contracts';
import { Button, DropdownMenu } from '@studio/ui';
import { ExternalLink, MoreHorizontal, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { nameOf, shortName, toolOf } from './toolLinks';

export interface ItemMenuProps {
  item: LibraryItem;
  onDelete: (item: LibraryItem) => void;
}

/** What else can be done with an item: open its tool, delete it (confirmed by the page). */
export function ItemMenu({ item, onDelete }: ItemMenuProps) {
  const { t } = useTranslation('library');
  const navigate = useNavigate();
  const name = shortName(nameOf(item));
  const tool = toolOf(item);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button
          size="sm"
          variant="ghost"
          icon={<MoreHorizontal size={16} aria-hidden="true" />}
          aria-label={t('item.more', { name })}
        />
      </DropdownMenu.Trigger>
      <DropdownMenu.Content aria-label={t('item.more', { name })}>
        <DropdownMenu.Item
          icon={<ExternalLink size={16} />}
          onSelect={() => void navigate(tool.path)}
        >
          {t(`item.openIn.${tool.label}`)}
        </DropdownMenu.Item>
        <DropdownMenu.Separator />
        <DropdownMenu.Item icon={<Trash2 size={16} />} onSelect={() => onDelete(item)}>
          {t('item.delete')}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
