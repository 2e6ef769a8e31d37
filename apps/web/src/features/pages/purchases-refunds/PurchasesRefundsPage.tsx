import { LegalDocument } from '../legal/LegalDocument';

export function PurchasesRefundsPage() {
  return <LegalDocument document="purchasesRefunds" />;
}
