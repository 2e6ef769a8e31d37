import { Button } from '@studio/ui';
import { ChevronDown } from 'lucide-react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DeferredMenu } from '../../../components/DeferredMenu';
import type { NavLink } from '../navigation';

export interface LinkMenuProps {
  /** The trigger's text. */
  label: string;
  links: readonly NavLink[];
  /** A custom trigger (an icon button, say); a ghost button with a chevron by default. */
  trigger?: ReactElement;
}

/** A dropdown of links to the app's routes (arrow keys move, Enter follows). */
export function LinkMenu({ label, links, trigger }: LinkMenuProps) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <DeferredMenu
      trigger={
        trigger ?? (
          <Button variant="ghost" size="sm" iconEnd={<ChevronDown size={16} />}>
            {label}
          </Button>
        )
      }
    >
      {(Menu) =>
        links.map((link) => (
          <Menu.Item key={link.to} onSelect={() => void navigate(link.to)}>
            {t(`nav.links.${link.label}`)}
          </Menu.Item>
        ))
      }
    </DeferredMenu>
  );
}
