import {
  studioTools as manifest,
  type StudioToolIcon,
  type StudioToolId,
} from '@studio/contracts/tools';
import {
  AudioLines,
  Briefcase,
  ImageIcon,
  MessagesSquare,
  Music,
  PenLine,
  ScanEye,
  Sparkles,
  WandSparkles,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '../../../lib/paths';

export interface StudioTool {
  /** Also the tool's key in the `services` namespace and its anchor on /services. */
  id: StudioToolId;
  /** Open today; the others are announced. */
  available: boolean;
  /** Where the tool is described or used. */
  href: string;
  icon: LucideIcon;
}

const icons: Record<StudioToolIcon, LucideIcon> = {
  'messages-square': MessagesSquare,
  image: ImageIcon,
  'scan-eye': ScanEye,
  'pen-line': PenLine,
  briefcase: Briefcase,
  music: Music,
  'audio-lines': AudioLines,
  sparkles: Sparkles,
  'wand-sparkles': WandSparkles,
};

/**
 * The studio's tools as the pages draw them, from the tool manifest (@studio/contracts/tools):
 * a tool's own page, or its section of /services while it has none.
 */
export const studioTools: readonly StudioTool[] = manifest.map((tool) => ({
  id: tool.id,
  available: tool.available,
  href: tool.path ?? `${paths.services}#${tool.id}`,
  icon: icons[tool.icon],
}));
