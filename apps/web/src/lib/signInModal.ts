import { createContext, useContext } from 'react';

/**
 * Opening the sign-in modal from anywhere in the app: AppLayout hosts the modal (loaded on first
 * use) and provides this; what a visitor cannot do yet (attach an image to a message) asks it to
 * open. Kept apart from the modal so asking costs no download.
 */
export interface SignInModalControls {
  open: () => void;
}

export const SignInModalContext = createContext<SignInModalControls | null>(null);

/** The app's sign-in modal; null outside AppLayout (a component alone in a test or story). */
export function useSignInModal(): SignInModalControls | null {
  return useContext(SignInModalContext);
}
