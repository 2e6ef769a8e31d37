import { Button, Modal } from '@studio/ui';
import { Printer } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { Receipt } from '../../billing/describePayment';
import * as details from '../paymentDetails.css';

export interface ReceiptDialogProps {
  /** The receipt shown; null keeps the dialog closed. */
  receipt: Receipt | null;
  onClose: () => void;
  /** window.print() by default; stories and tests watch it instead. */
  print?: () => void;
}

/** A payment's printable receipt: printing hides the rest of the page (Modal's printable). */
export function ReceiptDialog({
  receipt,
  onClose,
  print = () => window.print(),
}: ReceiptDialogProps) {
  const { t } = useTranslation('billing');
  const rows: [string, string][] = receipt
    ? [
        [t('receipt.merchant'), receipt.merchant],
        [t('receipt.customer'), receipt.customerName],
        [t('receipt.email'), receipt.customerEmail],
        [t('receipt.date'), receipt.date],
        [t('receipt.item'), receipt.item],
        [t('receipt.amount'), receipt.amount],
        [t('receipt.provider'), receipt.provider],
        [t('receipt.providerTransaction'), receipt.providerTransactionId],
        [t('receipt.reference'), receipt.reference],
      ]
    : [];
  return (
    <Modal.Root open={receipt !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Modal.Content title={t('receipt.title')} size="md" printable hideCloseButton>
        <Modal.Body>
          <dl className={details.list}>
            {rows.map(([term, value]) => (
              <Fragment key={term}>
                <dt className={details.term}>{term}</dt>
                <dd className={details.value}>{value}</dd>
              </Fragment>
            ))}
          </dl>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            {t('receipt.close')}
          </Button>
          <Button icon={<Printer size={16} />} onClick={print}>
            {t('receipt.print')}
          </Button>
        </Modal.Footer>
      </Modal.Content>
    </Modal.Root>
  );
}
