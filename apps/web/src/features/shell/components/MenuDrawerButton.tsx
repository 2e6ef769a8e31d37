import { IconButton } from '@studio/ui';
import { Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The drawer (Radix dialog, its links and preference controls) is not part of the first load:
// it is fetched when the button is pointed at, focused or pressed.
const loadDrawer = () => import('./MenuDrawer');
const MenuDrawer = lazy(() => loadDrawer().then((module) => ({ default: module.MenuDrawer })));

/** The compact header's menu button: opens the drawer with the menu groups and preferences. */
export function MenuDrawerButton() {
  const { t } = useTranslation('common');
  const [drawer, setDrawer] = useState({ requested: false, open: false });
  const preload = () => void loadDrawer();
  return (
    <>
      <IconButton
        label={t('header.openMenu')}
        icon={<Menu size={20} />}
        aria-haspopup="dialog"
        aria-expanded={drawer.open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setDrawer({ requested: true, open: true })}
      />
      {drawer.requested ? (
        <Suspense fallback={null}>
          <MenuDrawer
            open={drawer.open}
            onOpenChange={(open) => setDrawer({ requested: true, open })}
          />
        </Suspense>
      ) : null}
    </>
  );
}
