import type { ReactNode } from 'react';

// What the provider keeps and the lazily loaded region renders, in a module of its own so that
// the region does not import the provider that loads it.

export const toastTones = ['info', 'success', 'warning', 'critical'] as const;
export type ToastTone = (typeof toastTones)[number];

export interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  tone?: ToastTone;
  /** Milliseconds before it closes by itself; `Infinity` keeps it until dismissed. */
  duration?: number;
  /** Reusing an id replaces that toast instead of stacking a new one. */
  id?: string;
}

export interface ToastEntry extends ToastOptions {
  id: string;
  open: boolean;
}
