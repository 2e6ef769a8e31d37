import type { LibraryItem } from '@studio/contracts';
import { DropdownMenu } from '@studio/ui';
import { ExternalLink, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MoreMenu } from '../../../components/media/MoreMenu';
import { toolOf } from './toolLinks';

export interface ItemMenuProps {
  item: LibraryItem;
  /** The item's short name, for the button's and the menu's names ("More for: …"). */
  name: string;
  onDelete: (item: LibraryItem) => void;
}

/** What else can be done with an item: open its tool, delete it (confirmed by the page). */
export function ItemMenu({ item, name, onDelete }: ItemMenuProps) {
  const { t } = useTranslation('library');
  const navigate = useNavigate();
  const tool = toolOf(item);
  return (
    <MoreMenu label={t('item.more', { name })}>
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
    </MoreMenu>
  );
}
