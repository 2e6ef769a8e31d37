import { DropdownMenu } from '@studio/ui';
import type { ReactElement, ReactNode } from 'react';

export type MenuParts = typeof DropdownMenu;

export interface LoadedMenuProps {
  trigger: ReactElement;
  align: 'start' | 'end';
  defaultOpen: boolean;
  children: (menu: MenuParts) => ReactNode;
}

/** The design system's DropdownMenu around the deferred trigger (loaded by DeferredMenu). */
export function LoadedMenu({ trigger, align, defaultOpen, children }: LoadedMenuProps) {
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Content align={align}>{children(DropdownMenu)}</DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
