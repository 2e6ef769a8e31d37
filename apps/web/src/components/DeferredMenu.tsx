import {
  cloneElement,
  lazy,
  Suspense,
  useState,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import type { MenuParts } from './LoadedMenu';

const loadMenu = () => import('./LoadedMenu');
const LoadedMenu = lazy(() => loadMenu().then((module) => ({ default: module.LoadedMenu })));

export interface DeferredMenuProps {
  /** The trigger: a Button or IconButton element. */
  trigger: ReactElement<TriggerProps>;
  align?: 'start' | 'end';
  /** The menu's items, built with the DropdownMenu parts it is given. */
  children: (menu: MenuParts) => ReactNode;
}

interface TriggerProps {
  'aria-haspopup'?: 'menu';
  'aria-expanded'?: boolean;
  onClick?: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
}

const opensMenu = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * A dropdown menu whose code (Radix menu, positioning, focus trapping) loads when it is first
 * wanted: the header's seven menus would otherwise weigh on every first page load. Until then
 * the trigger is the same button, announced as a closed menu button; pointing at it or focusing
 * it starts the download, and opening it (click, Enter, Space, ArrowDown) opens the real menu
 * as soon as it has arrived. From then on it is the design system's DropdownMenu.
 */
export function DeferredMenu({ trigger, align = 'start', children }: DeferredMenuProps) {
  const [wanted, setWanted] = useState(false);
  const closed = { 'aria-haspopup': 'menu', 'aria-expanded': false } as const;

  if (!wanted) {
    const preload = () => void loadMenu();
    return cloneElement(trigger, {
      ...closed,
      onPointerEnter: preload,
      onFocus: preload,
      onClick: () => setWanted(true),
      onKeyDown: (event) => {
        if (!opensMenu.has(event.key)) return;
        event.preventDefault();
        setWanted(true);
      },
    });
  }
  return (
    <Suspense fallback={cloneElement(trigger, closed)}>
      <LoadedMenu trigger={trigger} align={align} defaultOpen>
        {children}
      </LoadedMenu>
    </Suspense>
  );
}
