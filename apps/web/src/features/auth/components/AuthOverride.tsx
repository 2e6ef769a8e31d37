import type { ReactNode } from 'react';
import { AuthContext, useAuth, type AuthContextValue } from '../hooks/useAuth';

export interface AuthOverrideProps {
  /** The parts of the auth context to replace (a failing verifyCode, the providers...). */
  value: Partial<AuthContextValue>;
  children: ReactNode;
}

/**
 * The surrounding auth context with some parts replaced, for the sign-in screens' stories and
 * tests: each shows one answer of the service (a wrong code, a pending request) without a server.
 */
export function AuthOverride({ value, children }: AuthOverrideProps) {
  const outer = useAuth();
  return <AuthContext value={{ ...outer, ...value }}>{children}</AuthContext>;
}

/** A promise that never settles: the screen stays busy. */
export function pending<T>(): Promise<T> {
  return new Promise<T>(() => undefined);
}
