import type { PaymentRecord } from '@studio/contracts';
import { Badge, Button, EmptyState, type BadgeTone } from '@studio/ui';
import { Receipt as ReceiptIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { historyRow, sortNewestFirst } from '../../billing/describePayment';
import * as styles from './paymentHistory.css';

export interface PaymentHistoryProps {
  payments: readonly PaymentRecord[];
  /** Opens the receipt of a paid payment. */
  onReceipt: (payment: PaymentRecord) => void;
}

/** The badge's tone backs up the status word; the word itself says it (never colour alone). */
const statusTones: Readonly<Record<PaymentRecord['outcome'], BadgeTone>> = {
  completed: 'success',
  pending: 'warning',
  failed: 'critical',
  cancelled: 'neutral',
};

/** The account's payments, newest first: date, plan, amount, provider, reference and status. */
export function PaymentHistory({ payments, onReceipt }: PaymentHistoryProps) {
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
                  {row.receipt ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={t('membership.history.receiptFor', { reference: row.reference })}
                      onClick={() => onReceipt(payment)}
                    >
                      {t('membership.history.receipt')}
                    </Button>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
