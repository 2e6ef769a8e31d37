import { createContext } from 'react';

export interface PlanCardGroupContextValue {
  value: string | null;
  onValueChange: (value: string) => void;
  /** Makes exactly one enabled card tabbable: the checked one, else the first. */
  syncTabStops: () => void;
  /** Moves focus to the next (1) or previous (-1) available card, wrapping, and chooses it. */
  move: (from: HTMLElement, step: 1 | -1) => void;
}

export const PlanCardGroupContext = createContext<PlanCardGroupContextValue | null>(null);
