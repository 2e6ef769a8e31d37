import { LegalDocument } from '../legal/LegalDocument';

export function ShippingInspectionPage() {
  return <LegalDocument document="shippingInspection" />;
}
