import { randomUUID } from 'node:crypto';
import type {
  PaymentCurrency,
  PaymentProvider,
  PaymentReason,
  PaymentState,
  PlanType,
} from '@studio/contracts';
import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { PaymentsTable, Tables } from '../../db/tables.ts';
import { toIsoString } from '../../db/timestamps.ts';
import type { PaymentRow } from './payment.ts';

type Executor = Kysely<Tables> | Transaction<Tables>;

export type PaymentEventSource = 'ipn' | 'return' | 'webhook' | 'capture' | 'query' | 'refund';

export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return error.code === '23505' || error.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

function parseJsonObject(value: string | null): Record<string, unknown> | null {
  if (value === null) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const toDate = (value: Date | string) => new Date(toIsoString(value));

function toPayment(row: Selectable<PaymentsTable>): PaymentRow {
  return {
    id: row.id,
    userId: row.user_id,
    provider: row.provider as PaymentProvider,
    txnRef: row.txn_ref,
    clientTxnId: row.client_txn_id,
    requestFingerprint: row.request_fingerprint,
    providerOrderId: row.provider_order_id,
    providerTxnId: row.provider_txn_id,
    planType: row.plan_type as PlanType,
    // bigint arrives as a string from PostgreSQL; prices are far below 2^53.
    amountMinor: Number(row.amount_minor),
    currency: row.currency as PaymentCurrency,
    status: row.status as PaymentState,
    reason: row.reason as PaymentReason | null,
    redirectUrl: row.redirect_url,
    vnpCreateDate: row.vnp_create_date,
    expiresAt: toDate(row.expires_at),
    paidAt: row.paid_at === null ? null : toDate(row.paid_at),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
    details: parseJsonObject(row.details),
  };
}

export interface NewPayment {
  id: string;
  userId: string;
  provider: PaymentProvider;
  txnRef: string;
  clientTxnId: string | null;
  requestFingerprint: string | null;
  planType: PlanType;
  amountMinor: number;
  currency: PaymentCurrency;
  expiresAt: Date;
  now: Date;
}

/** What a state change writes besides the status. Undefined fields are left as they are. */
export interface PaymentChange {
  status: PaymentState;
  reason?: PaymentReason | null;
  providerTxnId?: string;
  paidAt?: Date;
  details?: Record<string, unknown>;
  payload?: unknown;
}

export interface NewPaymentEvent {
  paymentId: string | null;
  provider: PaymentProvider;
  source: PaymentEventSource;
  dedupeKey: string;
  signatureOk: boolean;
  payload: unknown;
  outcome: string;
  receivedAt: Date;
}

/** Serialises a provider payload for storage; never throws (a cyclic value is not worth a 500). */
function payloadJson(payload: unknown): string {
  try {
    return JSON.stringify(payload ?? null) ?? 'null';
  } catch {
    return JSON.stringify({ unserialisable: String(payload) });
  }
}

/**
 * Every SQL statement about payments and their events. Works on the app's database or inside a
 * transaction (the applier hands it one).
 */
export function createPaymentsRepository(db: Executor) {
  const byId = (id: string) => db.selectFrom('payments').selectAll().where('id', '=', id);

  const one = async (query: ReturnType<typeof byId>) => {
    const row = await query.executeTakeFirst();
    return row ? toPayment(row) : null;
  };

  return {
    async insert(payment: NewPayment): Promise<PaymentRow> {
      const at = payment.now.toISOString();
      const row = await db
        .insertInto('payments')
        .values({
          id: payment.id,
          user_id: payment.userId,
          provider: payment.provider,
          txn_ref: payment.txnRef,
          client_txn_id: payment.clientTxnId,
          request_fingerprint: payment.requestFingerprint,
          provider_order_id: null,
          provider_txn_id: null,
          plan_type: payment.planType,
          amount_minor: payment.amountMinor,
          currency: payment.currency,
          status: 'created',
          reason: null,
          redirect_url: null,
          vnp_create_date: null,
          expires_at: payment.expiresAt.toISOString(),
          paid_at: null,
          created_at: at,
          updated_at: at,
          details: null,
          last_provider_payload: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toPayment(row);
    },

    findById: (id: string) => one(byId(id)),
    findByIdForUser: (id: string, userId: string) => one(byId(id).where('user_id', '=', userId)),

    findByTxnRef: (txnRef: string) =>
      one(db.selectFrom('payments').selectAll().where('txn_ref', '=', txnRef)),
    findByTxnRefForUser: (txnRef: string, userId: string) =>
      one(
        db
          .selectFrom('payments')
          .selectAll()
          .where('txn_ref', '=', txnRef)
          .where('user_id', '=', userId),
      ),

    findByProviderOrderId: (orderId: string) =>
      one(db.selectFrom('payments').selectAll().where('provider_order_id', '=', orderId)),
    findByProviderOrderIdForUser: (orderId: string, userId: string) =>
      one(
        db
          .selectFrom('payments')
          .selectAll()
          .where('provider_order_id', '=', orderId)
          .where('user_id', '=', userId),
      ),

    /** By any of the three ids the SPA may hold: ours, the txn ref, or PayPal's order id. */
    findAnyIdForUser: (anyId: string, userId: string) =>
      one(
        db
          .selectFrom('payments')
          .selectAll()
          .where('user_id', '=', userId)
          .where((eb) =>
            eb.or([
              eb('id', '=', anyId),
              eb('txn_ref', '=', anyId),
              eb('provider_order_id', '=', anyId),
            ]),
          ),
      ),

    findByClientTxnId: (userId: string, clientTxnId: string) =>
      one(
        db
          .selectFrom('payments')
          .selectAll()
          .where('user_id', '=', userId)
          .where('client_txn_id', '=', clientTxnId),
      ),

    /** Newest first. */
    async listForUser(userId: string, limit = 100): Promise<PaymentRow[]> {
      const rows = await db
        .selectFrom('payments')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('txn_ref', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toPayment);
    },

    /** The provider took the attempt: where to send the payer, and it is now pending. */
    async setRedirect(
      id: string,
      redirectUrl: string,
      extra: { providerOrderId?: string; vnpCreateDate?: string; now: Date },
    ): Promise<PaymentRow | null> {
      const row = await db
        .updateTable('payments')
        .set({
          redirect_url: redirectUrl,
          status: 'pending',
          updated_at: extra.now.toISOString(),
          ...(extra.providerOrderId === undefined
            ? {}
            : { provider_order_id: extra.providerOrderId }),
          ...(extra.vnpCreateDate === undefined ? {} : { vnp_create_date: extra.vnpCreateDate }),
        })
        .where('id', '=', id)
        .where('status', '=', 'created')
        .returningAll()
        .executeTakeFirst();
      return row ? toPayment(row) : null;
    },

    /** PayPal: a new approval link for the same order (after a declined card). */
    async updateRedirect(id: string, redirectUrl: string, now: Date): Promise<void> {
      await db
        .updateTable('payments')
        .set({ redirect_url: redirectUrl, updated_at: now.toISOString() })
        .where('id', '=', id)
        .execute();
    },

    /**
     * The conditional state change (payments.md §3.2): only from one of `from`, so of two
     * concurrent callers exactly one gets the row back; the other gets null.
     */
    async transition(
      id: string,
      from: readonly PaymentState[],
      change: PaymentChange,
      now: Date,
    ): Promise<PaymentRow | null> {
      const set: Updateable<PaymentsTable> = {
        status: change.status,
        updated_at: now.toISOString(),
      };
      if (change.reason !== undefined) set.reason = change.reason;
      if (change.providerTxnId !== undefined) set.provider_txn_id = change.providerTxnId;
      if (change.paidAt !== undefined) set.paid_at = change.paidAt.toISOString();
      if (change.details !== undefined) set.details = JSON.stringify(change.details);
      if (change.payload !== undefined) set.last_provider_payload = payloadJson(change.payload);
      const row = await db
        .updateTable('payments')
        .set(set)
        .where('id', '=', id)
        .where('status', 'in', [...from])
        .returningAll()
        .executeTakeFirst();
      return row ? toPayment(row) : null;
    },

    /** The payment that already claimed this provider transaction, if another one did. */
    findOtherByProviderTxn: (provider: PaymentProvider, providerTxnId: string, notId: string) =>
      one(
        db
          .selectFrom('payments')
          .selectAll()
          .where('provider', '=', provider)
          .where('provider_txn_id', '=', providerTxnId)
          .where('id', '<>', notId),
      ),

    /** Records a provider message; false when one with the same dedupe key was seen already. */
    async recordEvent(event: NewPaymentEvent): Promise<boolean> {
      const result = await db
        .insertInto('payment_events')
        .values({
          id: randomUUID(),
          payment_id: event.paymentId,
          provider: event.provider,
          source: event.source,
          dedupe_key: event.dedupeKey,
          signature_ok: event.signatureOk ? 1 : 0,
          payload: payloadJson(event.payload),
          outcome: event.outcome,
          received_at: event.receivedAt.toISOString(),
        })
        .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    async eventsFor(paymentId: string) {
      return db
        .selectFrom('payment_events')
        .selectAll()
        .where('payment_id', '=', paymentId)
        .orderBy('received_at')
        .execute();
    },

    /**
     * What the reconciliation job looks at: pending attempts older than `pendingBefore` (ask the
     * provider), and created/pending ones past their expiry (expire them).
     */
    /** A user's payments still open past their provider's window (what the history settles). */
    async listOverdueForUser(userId: string, now: Date, limit = 20): Promise<PaymentRow[]> {
      const rows = await db
        .selectFrom('payments')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', 'in', ['created', 'pending'])
        .where('expires_at', '<', now.toISOString())
        .orderBy('created_at')
        .limit(limit)
        .execute();
      return rows.map(toPayment);
    },

    async listStale(pendingBefore: Date, now: Date, limit = 200): Promise<PaymentRow[]> {
      const rows = await db
        .selectFrom('payments')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb.and([
              eb('status', '=', 'pending'),
              eb('created_at', '<', pendingBefore.toISOString()),
            ]),
            eb.and([
              eb('status', 'in', ['created', 'pending']),
              eb('expires_at', '<', now.toISOString()),
            ]),
          ]),
        )
        .orderBy('created_at')
        .limit(limit)
        .execute();
      return rows.map(toPayment);
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
