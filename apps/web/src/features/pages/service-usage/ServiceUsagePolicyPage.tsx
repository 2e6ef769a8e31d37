import { LegalDocument } from '../legal/LegalDocument';

export function ServiceUsagePolicyPage() {
  return <LegalDocument document="serviceUsage" />;
}
