import { clsx } from 'clsx';
import {
  forwardRef,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { CommonProps, LabellingProps } from '../private/commonProps';
import * as styles from './PlanCard.css';
import { PlanCardGroupContext } from './PlanCardGroupContext';

/**
 * Closed: the group's own props, an id, a test id and its accessible name (see
 * private/commonProps.ts).
 */
export interface PlanCardGroupProps extends CommonProps, LabellingProps {
  /** The chosen card's value (controlled). `null` when nothing is chosen yet. */
  value?: string | null;
  /** The initially chosen value when uncontrolled. */
  defaultValue?: string | null;
  onValueChange?: (value: string) => void;
  /** Narrower cards, closer together: for a group inside a modal. */
  compact?: boolean;
  children?: ReactNode;
}

function enabledRadios(root: HTMLElement | null): HTMLElement[] {
  if (!root) return [];
  return Array.from(root.querySelectorAll<HTMLElement>('[role="radio"]')).filter(
    (radio) => radio.getAttribute('aria-disabled') !== 'true',
  );
}

/**
 * A radio group of PlanCards (give it an aria-label or aria-labelledby). One tab stop: the chosen
 * card, else the first. Arrow keys move to the next or previous card and choose it, wrapping
 * around and skipping unavailable cards.
 */
export const PlanCardGroup = forwardRef<HTMLDivElement, PlanCardGroupProps>(function PlanCardGroup(
  { value: valueProp, defaultValue = null, onValueChange, compact = false, ...rest },
  forwardedRef,
) {
  const [uncontrolled, setUncontrolled] = useState<string | null>(defaultValue);
  const value = valueProp !== undefined ? valueProp : uncontrolled;
  const rootRef = useRef<HTMLDivElement | null>(null);

  const setRefs = useCallback(
    (node: HTMLDivElement | null) => {
      rootRef.current = node;
      if (typeof forwardedRef === 'function') forwardedRef(node);
      else if (forwardedRef) forwardedRef.current = node;
    },
    [forwardedRef],
  );

  // The tab stop is kept on the DOM directly: which card is "first" is only known from the DOM.
  const syncTabStops = useCallback(() => {
    const root = rootRef.current;
    if (!root) return;
    const enabled = enabledRadios(root);
    const stop =
      enabled.find((radio) => radio.getAttribute('aria-checked') === 'true') ?? enabled[0];
    for (const radio of root.querySelectorAll<HTMLElement>('[role="radio"]')) {
      radio.tabIndex = radio === stop ? 0 : -1;
    }
  }, []);

  useLayoutEffect(syncTabStops);

  const change = useCallback(
    (next: string) => {
      if (valueProp === undefined) setUncontrolled(next);
      onValueChange?.(next);
    },
    [valueProp, onValueChange],
  );

  const move = useCallback((from: HTMLElement, step: 1 | -1) => {
    const radios = enabledRadios(rootRef.current);
    const current = radios.indexOf(from);
    const target = radios[(current + step + radios.length) % radios.length];
    if (!target || target === from) return;
    target.tabIndex = 0;
    target.focus();
    // Clicking runs the card's own selection path, so its onSelect fires too.
    target.click();
  }, []);

  const context = useMemo(
    () => ({ value, onValueChange: change, syncTabStops, move }),
    [value, change, syncTabStops, move],
  );

  return (
    <PlanCardGroupContext.Provider value={context}>
      <div
        ref={setRefs}
        role="radiogroup"
        className={clsx(styles.group, compact && styles.groupCompact)}
        {...rest}
      />
    </PlanCardGroupContext.Provider>
  );
});
