import type { PaymentRecord } from '@studio/contracts';
import { Badge, Button, EmptyState, Link, type BadgeTone } from '@studio/ui';
import { Receipt as ReceiptIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { historyRow, sortNewestFirst } from '../../billing/describePayment';
import * as styles from './paymentHistory.css';

export interface PaymentHistoryProps {
  payments: readonly PaymentRecord[];
  /** Opens the receipt of a paid payment. */
  onReceipt: (payment: PaymentRecord) => void;
  /** Gives up a payment still open (the page asks the API and refreshes the history). */
  onCancel?: (payment: PaymentRecord) => void;
  /** The payment being cancelled: its button shows it is busy. */
  cancelling?: string | null;
}

/** A payment not yet paid, failed or ended: it can still be finished or given up. */
const isOpen = (payment: PaymentRecord) =>
  payment.status === 'created' || payment.status === 'pending';

/** The badge's tone backs up the status word; the word itself says it (never colour alone). */
const statusTones: Readonly<Record<PaymentRecord['outcome'], BadgeTone>> = {
  completed: 'success',
  pending: 'warning',
  failed: 'critical',
  cancelled: 'neutral',
};

/** The account's payments, newest first: date, plan, amount, provider, reference and status. */
export function PaymentHistory({
  payments,
  onReceipt,
  onCancel,
  cancelling = null,
}: PaymentHistoryProps) {
  const { t, i18n } = useTranslation('billing');
  if (payments.length === 0) {
    return (
      <EmptyState
        headingLevel={3}
        icon={<ReceiptIcon size={32} />}
        title={t('membership.history.emptyTitle')}
        description={t('membership.history.emptyDescription')}
      />
    );
  }
  const columns = ['date', 'plan', 'amount', 'provider', 'reference', 'status', 'actions'] as const;
  return (
    <div className={styles.scroller}>
      <table className={styles.table}>
        <caption className={styles.caption}>{t('membership.history.caption')}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={styles.header}>
                {t(`membership.history.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sortNewestFirst(payments).map((payment) => {
            const row = historyRow(payment, t, i18n.language);
            return (
              <tr key={row.orderId}>
                <td className={styles.cell}>
                  <time dateTime={row.createdAt}>{row.date}</time>
                </td>
                <td className={styles.cell}>{row.item}</td>
                <td className={styles.cell}>{row.amount}</td>
                <td className={styles.cell}>{row.provider}</td>
                <td className={`${styles.cell} ${styles.reference}`}>{row.reference}</td>
                <td className={styles.cell}>
                  <Badge tone={statusTones[payment.outcome]}>{row.status}</Badge>
                </td>
                <td className={styles.cell}>
                  <div className={styles.actions}>
                    {/* An open payment's provider page, while the provider still takes it. */}
                    {isOpen(payment) && payment.retryUrl ? (
                      <Link
                        href={payment.retryUrl}
                        underline="hover"
                        aria-label={t('membership.history.resumeFor', { reference: row.reference })}
                      >
                        {t('membership.history.resume')}
                      </Link>
                    ) : null}
                    {isOpen(payment) && onCancel ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        loading={cancelling === payment.orderId}
                        aria-label={t('membership.history.cancelFor', { reference: row.reference })}
                        onClick={() => onCancel(payment)}
                      >
                        {t('membership.history.cancel')}
                      </Button>
                    ) : null}
                    {row.receipt ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={t('membership.history.receiptFor', {
                          reference: row.reference,
                        })}
                        onClick={() => onReceipt(payment)}
                      >
                        {t('membership.history.receipt')}
                      </Button>
                    ) : null}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
