import { z } from '../../../lib/shape';
import { contentSectionSchema } from '../shared/ContentSection';

/** The policies kept in the `legal` namespace, one top-level key each. */
export const legalDocumentIds = [
  'privacy',
  'terms',
  'serviceUsage',
  'purchasesRefunds',
  'ownershipIp',
  'shippingInspection',
] as const;
export type LegalDocumentId = (typeof legalDocumentIds)[number];

/** One policy: its sections keyed by the anchor id the table of contents links to. */
export const legalDocumentSchema = z.object({
  title: z.string(),
  summary: z.string(),
  intro: z.array(z.string()),
  sections: z.record(z.string(), contentSectionSchema),
});
