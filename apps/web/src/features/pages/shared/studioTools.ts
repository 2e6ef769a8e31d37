import { studioTools as manifest, type StudioToolId } from '@studio/contracts/tools';
import type { LucideIcon } from 'lucide-react';
import { toolIcons } from '../../../components/toolIcons';
import { paths } from '../../../lib/paths';

export interface StudioTool {
  /** Also the tool's key in the `services` namespace and its anchor on /services. */
  id: StudioToolId;
  /** Open today; the others are announced. */
  available: boolean;
  /** Where the tool is described or used. */
  href: string;
  /** Its own page (an announced tool's describes it), or null while it has none. */
  page: string | null;
  icon: LucideIcon;
}

/**
 * The studio's tools as the pages draw them, from the tool manifest (@studio/contracts/tools):
 * a tool's own page, or its section of /services while it has none.
 */
export const studioTools: readonly StudioTool[] = manifest.map((tool) => ({
  id: tool.id,
  available: tool.available,
  href: tool.path ?? `${paths.services}#${tool.id}`,
  page: tool.path,
  icon: toolIcons[tool.icon],
}));
