import { type Kysely, sql } from 'kysely';
import type { MigrationFactory } from './migration-factory.ts';

/**
 * Plans and payments (payments.md §3.1): the payment ledger, every provider message seen, and
 * the entitlement grants. The unique constraints do the heavy lifting of exactly-once activation:
 * one grant per payment, one payment per provider transaction, one payment per client
 * idempotency key. users.pro_until / godmode_until are a cache of the grants, recomputed in the
 * same transaction as any grant or revocation.
 */
export const payments: MigrationFactory = (driver) => {
  const timestamp = driver === 'postgres' ? 'timestamptz' : 'text';
  // Minor units: VND amounts reach 10^10 đồng ×100 in VNPay's terms; keep 64 bits on PostgreSQL.
  const money = driver === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('pro_until', timestamp).execute();
      await db.schema.alterTable('users').addColumn('godmode_until', timestamp).execute();

      await db.schema
        .createTable('payments')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('user_id', 'text', (column) =>
          column.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('provider', 'text', (column) => column.notNull())
        // vnp_TxnRef / PayPal invoice_id: new per attempt, never repeated.
        .addColumn('txn_ref', 'text', (column) => column.notNull().unique())
        .addColumn('client_txn_id', 'text')
        // provider, plan, amount and currency of the first request under client_txn_id.
        .addColumn('request_fingerprint', 'text')
        // PayPal's order id (null for VNPay).
        .addColumn('provider_order_id', 'text', (column) => column.unique())
        // vnp_TransactionNo ('0' on cancellations) / PayPal capture id.
        .addColumn('provider_txn_id', 'text')
        .addColumn('plan_type', 'text', (column) => column.notNull())
        .addColumn('amount_minor', money, (column) => column.notNull())
        .addColumn('currency', 'text', (column) => column.notNull())
        .addColumn('status', 'text', (column) => column.notNull())
        .addColumn('reason', 'text')
        // The payment/approval URL, replayed on an idempotent retry.
        .addColumn('redirect_url', 'text')
        // VNPay's vnp_CreateDate (GMT+7): querydr needs it as vnp_TransactionDate.
        .addColumn('vnp_create_date', 'text')
        .addColumn('expires_at', timestamp, (column) => column.notNull())
        .addColumn('paid_at', timestamp)
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('updated_at', timestamp, (column) => column.notNull())
        // JSON: bank code, bank transaction number, card type, pay date…
        .addColumn('details', 'text')
        .addColumn('last_provider_payload', 'text')
        .addCheckConstraint('payments_provider_check', sql`provider in ('vnpay', 'paypal')`)
        .addCheckConstraint('payments_currency_check', sql`currency in ('USD', 'VND')`)
        .addCheckConstraint('payments_amount_check', sql`amount_minor > 0`)
        .addCheckConstraint(
          'payments_status_check',
          sql`status in ('created', 'pending', 'succeeded', 'failed', 'cancelled', 'expired', 'needs_review', 'refunded', 'partially_refunded', 'reversed')`,
        )
        .execute();
      // One provider transaction can settle one payment only (VNPay sends '0' on every cancel).
      await db.schema
        .createIndex('payments_provider_txn_idx')
        .on('payments')
        .columns(['provider', 'provider_txn_id'])
        .unique()
        .where(sql<boolean>`provider_txn_id is not null and provider_txn_id <> '0'`)
        .execute();
      await db.schema
        .createIndex('payments_client_txn_idx')
        .on('payments')
        .columns(['user_id', 'client_txn_id'])
        .unique()
        .where(sql.ref('client_txn_id'), 'is not', null)
        .execute();
      await db.schema
        .createIndex('payments_user_created_idx')
        .on('payments')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('payments_status_created_idx')
        .on('payments')
        .columns(['status', 'created_at'])
        .execute();

      await db.schema
        .createTable('payment_events')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('payment_id', 'text', (column) =>
          column.references('payments.id').onDelete('cascade'),
        )
        .addColumn('provider', 'text', (column) => column.notNull())
        .addColumn('source', 'text', (column) => column.notNull())
        // PayPal event id; VNPay: a hash of TxnRef, TransactionNo, ResponseCode, TransactionStatus.
        .addColumn('dedupe_key', 'text', (column) => column.notNull().unique())
        .addColumn('signature_ok', 'integer', (column) => column.notNull())
        .addColumn('payload', 'text', (column) => column.notNull())
        .addColumn('outcome', 'text', (column) => column.notNull())
        .addColumn('received_at', timestamp, (column) => column.notNull())
        .addCheckConstraint(
          'payment_events_source_check',
          sql`source in ('ipn', 'return', 'webhook', 'capture', 'query', 'refund')`,
        )
        .addCheckConstraint('payment_events_signature_ok_check', sql`signature_ok in (0, 1)`)
        .execute();
      await db.schema
        .createIndex('payment_events_payment_idx')
        .on('payment_events')
        .column('payment_id')
        .execute();

      await db.schema
        .createTable('entitlement_grants')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('user_id', 'text', (column) =>
          column.notNull().references('users.id').onDelete('cascade'),
        )
        // One grant per payment, enforced by the database: the last line of defence.
        .addColumn('payment_id', 'text', (column) =>
          column.notNull().unique().references('payments.id').onDelete('cascade'),
        )
        .addColumn('pro_months', 'integer', (column) => column.notNull())
        .addColumn('godmode_months', 'integer', (column) => column.notNull())
        .addColumn('granted_at', timestamp, (column) => column.notNull())
        .addColumn('revoked_at', timestamp)
        .addColumn('revoked_reason', 'text')
        // Who revoked it (an operator, or the provider's refund/reversal message).
        .addColumn('actor', 'text')
        .execute();
      await db.schema
        .createIndex('entitlement_grants_user_idx')
        .on('entitlement_grants')
        .columns(['user_id', 'granted_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['entitlement_grants', 'payment_events', 'payments']) {
        await db.schema.dropTable(table).execute();
      }
      await db.schema.alterTable('users').dropColumn('godmode_until').execute();
      await db.schema.alterTable('users').dropColumn('pro_until').execute();
    },
  };
};
