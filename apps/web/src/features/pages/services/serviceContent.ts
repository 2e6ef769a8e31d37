import { z } from '../../../lib/shape';
import { contentSectionSchema } from '../shared/ContentSection';

/** A tool as the `services` namespace describes it under `tools.<id>`. */
export const toolDescriptionSchema = z.object({
  name: z.string(),
  description: z.string(),
  audience: z.string(),
  highlights: z.array(z.string()),
});

/** The tools that have a page of their own, by their key in the namespace. */
export const servicePageKeys = ['officeTools'] as const;
export type ServicePageKey = (typeof servicePageKeys)[number];

export const servicePageSchema = z.object({
  title: z.string(),
  lead: z.string(),
  sections: z.record(z.string(), contentSectionSchema),
  cta: z.object({ title: z.string(), text: z.string() }),
});
