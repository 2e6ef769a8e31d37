import { contactNewsletterOutbox } from './0001_contact_newsletter_outbox.ts';
import { accounts } from './0002_accounts.ts';
import { chat } from './0003_chat.ts';
import { payments } from './0004_payments.ts';
import { webauthn } from './0005_webauthn.ts';
import { webauthnSessionVerifications } from './0006_webauthn_session_verifications.ts';
import { images } from './0007_images.ts';
import { imageQuotaHoldCeilings } from './0008_image_quota_hold_ceilings.ts';
import { quotaHolds } from './0009_quota_holds.ts';
import { voiceClips } from './0010_voice_clips.ts';
import { musicPieces } from './0011_music_pieces.ts';
import { libraryImports } from './0012_library_imports.ts';
import { visionReads } from './0013_vision_reads.ts';
import { officeDocuments } from './0014_office_documents.ts';
import { writerDocuments } from './0015_writer_documents.ts';
import { interruptedReplies } from './0016_interrupted_replies.ts';
import type { MigrationFactory } from './migration-factory.ts';

/** Every migration, by name; Kysely applies them in name order, so names start with a number. */
export const migrations: Record<string, MigrationFactory> = {
  '0001_contact_newsletter_outbox': contactNewsletterOutbox,
  '0002_accounts': accounts,
  '0003_chat': chat,
  '0004_payments': payments,
  '0005_webauthn': webauthn,
  '0006_webauthn_session_verifications': webauthnSessionVerifications,
  '0007_images': images,
  '0008_image_quota_hold_ceilings': imageQuotaHoldCeilings,
  '0009_quota_holds': quotaHolds,
  '0010_voice_clips': voiceClips,
  '0011_music_pieces': musicPieces,
  '0012_library_imports': libraryImports,
  '0013_vision_reads': visionReads,
  '0014_office_documents': officeDocuments,
  '0015_writer_documents': writerDocuments,
  '0016_interrupted_replies': interruptedReplies,
};
