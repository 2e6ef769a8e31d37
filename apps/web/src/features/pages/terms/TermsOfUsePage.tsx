import { LegalDocument } from '../legal/LegalDocument';

export function TermsOfUsePage() {
  return <LegalDocument document="terms" />;
}
