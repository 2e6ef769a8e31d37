import { Button, DropdownMenu } from '@studio/ui';
import { MoreHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';

export interface MoreMenuProps {
  /** Names the "…" button and its menu after the thing it acts on ("More for: Rainy night"). */
  label: string;
  /** The menu's items (DropdownMenu.Item, DropdownMenu.Separator). */
  children: ReactNode;
}

/** A card's other actions behind a small "…" button, as every tool's cards and the library's have. */
export function MoreMenu({ label, children }: MoreMenuProps) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button
          size="sm"
          variant="ghost"
          icon={<MoreHorizontal size={16} aria-hidden="true" />}
          aria-label={label}
        />
      </DropdownMenu.Trigger>
      <DropdownMenu.Content aria-label={label}>{children}</DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
