import type { RuntimeConfig } from '@studio/contracts';
import { createContext, use, useContext, type ReactNode } from 'react';

const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export interface RuntimeConfigProviderProps {
  /** The configuration, or the start-up request for it (the tree suspends until it settles). */
  config: RuntimeConfig | Promise<RuntimeConfig>;
  children: ReactNode;
}

export function RuntimeConfigProvider({ config, children }: RuntimeConfigProviderProps) {
  const value = config instanceof Promise ? use(config) : config;
  return <RuntimeConfigContext value={value}>{children}</RuntimeConfigContext>;
}

/** The runtime configuration served at /config.json (§7). */
export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig() must be used inside a <RuntimeConfigProvider>.');
  return config;
}
