import { LegalDocument } from '../legal/LegalDocument';

export function PrivacyPolicyPage() {
  return <LegalDocument document="privacy" />;
}
