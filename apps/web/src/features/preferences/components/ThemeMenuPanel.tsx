import type { ThemeName } from '@studio/tokens';
import { ThemePicker } from '@studio/ui';
import { useEffect, useRef } from 'react';
import * as styles from './themeMenu.css';

export interface ThemeMenuPanelProps {
  id: string;
  value: ThemeName;
  onChange: (theme: ThemeName) => void;
  open: boolean;
}

/** The theme menu's panel of six swatches (loaded by ThemeMenu when first wanted). */
export function ThemeMenuPanel({ id, value, onChange, open }: ThemeMenuPanelProps) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The chosen theme takes the focus, so the arrow keys work at once.
    if (open)
      panel.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.focus();
  }, [open]);
  return (
    <div ref={panel} id={id} className={styles.panel} hidden={!open}>
      <ThemePicker value={value} onChange={onChange} layout="grid" />
    </div>
  );
}
