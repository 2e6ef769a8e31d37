import { LegalDocument } from '../legal/LegalDocument';

export function OwnershipIpPage() {
  return <LegalDocument document="ownershipIp" />;
}
