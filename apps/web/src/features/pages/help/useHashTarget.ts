import { useLocation } from 'react-router-dom';

/** The element id the URL points at (`/help#pay-with-vnpay` → "pay-with-vnpay"), or "". */
export function useHashTarget(): string {
  const { hash } = useLocation();
  try {
    return decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    // A malformed escape in a hand-typed URL points nowhere.
    return '';
  }
}
