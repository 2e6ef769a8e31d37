import { z } from '../../../lib/shape';

/** A tool as the `services` namespace describes it under `tools.<id>`. */
export const toolDescriptionSchema = z.object({
  name: z.string(),
  description: z.string(),
  audience: z.string(),
  highlights: z.array(z.string()),
});
