import type { MessageStatus } from '@studio/contracts';
import type { ColumnType, Generated } from 'kysely';

/**
 * Table shapes for Kysely. Only repositories see these; they hand domain objects to services.
 * Timestamps are timestamptz on PostgreSQL (read back as Date) and ISO-8601 UTC text on SQLite
 * (read back as string); both are written as ISO strings. See timestamps.ts.
 */
type Timestamp = ColumnType<Date | string, string, string>;
type NullableTimestamp = ColumnType<Date | string | null, string | null, string | null>;

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  language: string;
  created_at: Timestamp;
}

export interface NewsletterSubscriptionsTable {
  id: string;
  email: string;
  status: 'pending' | 'confirmed';
  language: string;
  /** SHA-256 of the confirmation token; the token itself is only ever in the e-mail. */
  token_hash: string | null;
  /** When the current token was mailed: paces re-sends and bounds the token's life. */
  token_sent_at: NullableTimestamp;
  created_at: Timestamp;
  confirmed_at: NullableTimestamp;
}

export interface MailOutboxTable {
  /** A sequence: bigserial on PostgreSQL (read back as string), integer on SQLite. */
  id: Generated<number | string>;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Timestamp;
}

/** 0 or 1 on both databases (better-sqlite3 cannot bind booleans). */
type Flag = ColumnType<number, number | undefined, number>;

export interface UsersTable {
  id: string;
  user_name: string;
  /** Lower-cased; unique among verified addresses only. */
  email: string | null;
  email_verified: Flag;
  display_name: string;
  auth_provider: string;
  /** JSON array of role names (from the identity token's `roles` claim). */
  roles: ColumnType<string, string | undefined, string>;
  /** argon2id PHC string; null for accounts that never set a password. */
  password_hash: string | null;
  language: ColumnType<string, string | undefined, string>;
  currency: ColumnType<string, string | undefined, string>;
  theme: ColumnType<string, string | undefined, string>;
  subscription_tier: ColumnType<string, string | undefined, string>;
  /** Tokens issued before this instant are refused ("sign out everywhere", password reset). */
  tokens_not_before: NullableTimestamp;
  /** When paid Pro / the GodMode add-on end: recomputed from entitlement_grants. */
  pro_until: ColumnType<Date | string | null, string | null | undefined, string | null>;
  godmode_until: ColumnType<Date | string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: string;
  provider: string;
  created_at: Timestamp;
}

/** A first-party sign-in: one refresh-token family. */
export interface SessionsTable {
  id: string;
  user_id: string;
  method: string;
  user_agent: string | null;
  created_at: Timestamp;
  last_used_at: Timestamp;
  /** Absolute end; rotation never moves it. */
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface OneTimeCodesTable {
  id: string;
  email: string;
  purpose: 'sign-in' | 'register';
  /** HMAC of purpose, address and code: the code itself is only ever in the e-mail. */
  code_hmac: string;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface PendingRegistrationsTable {
  email: string;
  user_name: string;
  password_hash: string;
  language: string;
  created_at: Timestamp;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface ChatConversationsTable {
  id: string;
  user_id: string;
  title: string;
  /** 0 until generated from the first exchange or renamed. */
  title_set: ColumnType<number, number | undefined, number>;
  model_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ChatMessagesTable {
  id: string;
  conversation_id: string;
  seq: number;
  role: 'user' | 'assistant';
  content: string;
  model_id: string | null;
  /** JSON array of upload URLs. */
  image_urls: ColumnType<string, string | undefined, string>;
  status: ColumnType<MessageStatus, MessageStatus | undefined, MessageStatus>;
  created_at: Timestamp;
}

export interface ChatUsageTable {
  subject: string;
  /** YYYY-MM-DD, UTC */
  day: string;
  messages: ColumnType<number, number | undefined, number>;
}

export interface ChatSharesTable {
  id: string;
  conversation_id: string;
  user_id: string;
  slug: string;
  /** JSON {title, messages[{role, content, timestamp}]} */
  snapshot: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface ChatUploadsTable {
  id: string;
  user_id: string;
  mime_type: string;
  width: number;
  height: number;
  bytes: number;
  storage_key: string;
  created_at: Timestamp;
}

export interface ImagesTable {
  id: string;
  user_id: string;
  job_id: string;
  idx: number;
  tool: string;
  mode: string;
  prompt: string;
  negative_prompt: string | null;
  model_id: string;
  model_name: string;
  /** bigint on PostgreSQL comes back as a string, integer on SQLite as a number. */
  seed: ColumnType<number | string | null, number | null, number | null>;
  aspect_ratio: string;
  style: string | null;
  width: number;
  height: number;
  parent_id: string | null;
  storage_key: string;
  created_at: Timestamp;
}

export interface QuotaHoldsTable {
  job_id: string;
  meter: string;
  subject: string;
  day: string;
  units: number;
  /** The ceiling the units also count against (a visitor's address), same meter and day. */
  ceiling_subject: string | null;
  created_at: Timestamp;
}

export interface VoiceClipsTable {
  id: string;
  user_id: string;
  text: string;
  language: string;
  voice: string;
  voice_name: string;
  engine: string;
  speed: number;
  pitch: number;
  format: string;
  instructions: string | null;
  characters: number;
  duration_ms: number;
  bytes: number;
  storage_key: string;
  created_at: Timestamp;
}

export interface VoicePartsTable {
  job_id: string;
  idx: number;
  storage_key: string;
  created_at: Timestamp;
}

export interface MusicPiecesTable {
  id: string;
  user_id: string;
  parent_id: string | null;
  operation: string | null;
  title: string;
  /** JSON: the resolved settings. */
  settings: string;
  /** JSON: what the engine kept of how it made the piece; null when it keeps none. */
  composition: string | null;
  model: string;
  model_name: string;
  provider: string;
  quality: string;
  duration_ms: number;
  /** JSON: the sections and where they play. */
  sections: string;
  created_at: Timestamp;
}

export interface OfficeDocumentsTable {
  id: string;
  /** `user:<id>` or `visitor:<hash of their key>`. */
  owner: string;
  /** A user's documents go with the user; null for a visitor's. */
  user_id: string | null;
  storage_key: string;
  file_name: string;
  format: string;
  bytes: number;
  title: string | null;
  parts: number;
  part_kind: string;
  /** JSON: the part numbers read with OCR. */
  ocr_parts: string;
  tables: number;
  operation: string;
  source_id: string | null;
  /** JSON: the parts; null when they are kept in the object store (`model_key`). */
  model: string | null;
  model_key: string | null;
  created_at: Timestamp;
  /** When a visitor's document is deleted; null for a user's. */
  expires_at: NullableTimestamp;
}

export interface OfficeAnswersTable {
  id: string;
  document_id: string;
  task: string;
  question: string | null;
  text: string;
  /** JSON: the passages cited. */
  sources: string;
  state: string;
  model_id: string;
  model_name: string;
  created_at: Timestamp;
}

export interface WriterDocumentsTable {
  id: string;
  user_id: string;
  title: string;
  template: string | null;
  language: string;
  /** The latest version's content. */
  content: string;
  versions: number;
  current_version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WriterVersionsTable {
  id: string;
  document_id: string;
  /** 1, 2, 3… in the document's order. */
  number: number;
  kind: string;
  template: string | null;
  transform: string | null;
  restored_from: number | null;
  state: string;
  content: string;
  model_name: string | null;
  created_at: Timestamp;
}

export interface WriterTemplatesTable {
  id: string;
  user_id: string;
  name: string;
  template: string;
  /** JSON: the fields filled in. */
  fields: string;
  tone: string;
  length: string;
  audience: string;
  language: string;
  /** The token of its public link; null until shared. */
  share_token: string | null;
  created_at: Timestamp;
}

export interface MusicFilesTable {
  piece_id: string;
  role: string;
  storage_key: string;
  bytes: number;
}

export interface LibraryImportsTable {
  user_id: string;
  kind: 'image' | 'clip' | 'piece' | 'document';
  /** The browser's id of the thing (its visitor copy's). */
  source_id: string;
  /** The account's copy: an images, voice_clips or music_pieces id. */
  item_id: string;
  created_at: Timestamp;
}

export interface VisionReadsTable {
  id: string;
  /** A user's id, or `visitor:<hash of their key>`. */
  owner: string;
  /** The same user's id for a user's read (cascades with the account); null for a visitor's. */
  user_id: string | null;
  storage_key: string;
  file_name: string;
  bytes: number;
  width: number;
  height: number;
  /** Comma-separated languages. */
  languages: string;
  text: string;
  confidence: number;
  /** JSON: the lines, each with its words and boxes. */
  lines: string;
  has_table: Flag;
  engine: string;
  created_at: Timestamp;
  /** When a visitor's read goes; null for a user's. */
  expires_at: NullableTimestamp;
}

export interface VisionAnswersTable {
  id: string;
  read_id: string;
  task: string;
  question: string | null;
  target_language: string | null;
  text: string;
  state: string;
  model_id: string;
  model_name: string;
  created_at: Timestamp;
}

/** Minor units: bigint on PostgreSQL comes back as a string, integer on SQLite as a number. */
type Money = ColumnType<number | string, number, number>;

export interface PaymentsTable {
  id: string;
  user_id: string;
  provider: string;
  txn_ref: string;
  client_txn_id: string | null;
  request_fingerprint: string | null;
  provider_order_id: string | null;
  provider_txn_id: string | null;
  plan_type: string;
  amount_minor: Money;
  currency: string;
  status: string;
  reason: string | null;
  redirect_url: string | null;
  vnp_create_date: string | null;
  expires_at: Timestamp;
  paid_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** JSON */
  details: string | null;
  /** JSON */
  last_provider_payload: string | null;
}

export interface PaymentEventsTable {
  id: string;
  payment_id: string | null;
  provider: string;
  source: string;
  dedupe_key: string;
  signature_ok: number;
  /** JSON */
  payload: string;
  outcome: string;
  received_at: Timestamp;
}

export interface EntitlementGrantsTable {
  id: string;
  user_id: string;
  payment_id: string;
  pro_months: number;
  godmode_months: number;
  granted_at: Timestamp;
  revoked_at: NullableTimestamp;
  revoked_reason: string | null;
  actor: string | null;
}

export interface WebauthnAccountsTable {
  user_id: string;
  /** base64url of 32 random bytes: the WebAuthn `user.id`. */
  user_handle: string;
  require_for_payments: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The signature counter: bigint on PostgreSQL comes back as a string. */
type Counter = ColumnType<number | string, number, number>;

export interface WebauthnCredentialsTable {
  /** base64url */
  credential_id: string;
  user_id: string;
  /** COSE key, base64url */
  public_key: string;
  counter: Counter;
  /** JSON array */
  transports: ColumnType<string, string | undefined, string>;
  device_type: 'singleDevice' | 'multiDevice';
  backed_up: number;
  name: string;
  device_info: string;
  is_active: Flag;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
}

export type WebauthnChallengePurpose = 'registration' | 'payment' | 'manage';

export interface WebauthnChallengesTable {
  id: string;
  user_id: string;
  purpose: WebauthnChallengePurpose;
  /** base64url, as in the options handed out. */
  challenge: string;
  credential_name: string | null;
  device_info: string | null;
  /** JSON array of credential ids (authentication only). */
  allow_credentials: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface WebauthnVerificationsTable {
  id: string;
  user_id: string;
  credential_id: string;
  purpose: 'payment' | 'manage';
  verified_at: Timestamp;
  expires_at: Timestamp;
  /** The sign-in it belongs to (0006); null on rows made before, which authorise nothing. */
  session_key: string | null;
  /** A payment verification's plan, fixed by the first payment it authorised. */
  payment_plan: string | null;
  bound_at: NullableTimestamp;
}

export interface Tables {
  contact_messages: ContactMessagesTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  mail_outbox: MailOutboxTable;
  users: UsersTable;
  user_identities: UserIdentitiesTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  one_time_codes: OneTimeCodesTable;
  pending_registrations: PendingRegistrationsTable;
  password_reset_tokens: PasswordResetTokensTable;
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  chat_usage: ChatUsageTable;
  chat_shares: ChatSharesTable;
  chat_uploads: ChatUploadsTable;
  images: ImagesTable;
  quota_holds: QuotaHoldsTable;
  voice_clips: VoiceClipsTable;
  voice_parts: VoicePartsTable;
  music_pieces: MusicPiecesTable;
  music_files: MusicFilesTable;
  library_imports: LibraryImportsTable;
  vision_reads: VisionReadsTable;
  vision_answers: VisionAnswersTable;
  office_documents: OfficeDocumentsTable;
  office_answers: OfficeAnswersTable;
  writer_documents: WriterDocumentsTable;
  writer_versions: WriterVersionsTable;
  writer_templates: WriterTemplatesTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  entitlement_grants: EntitlementGrantsTable;
  webauthn_accounts: WebauthnAccountsTable;
  webauthn_credentials: WebauthnCredentialsTable;
  webauthn_challenges: WebauthnChallengesTable;
  webauthn_verifications: WebauthnVerificationsTable;
}
