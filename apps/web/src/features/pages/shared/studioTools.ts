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
  id: string;
  /** Chat and the three image tools are open today; the others are announced. */
  available: boolean;
  /** Where the tool is described or used. */
  href: string;
  icon: LucideIcon;
}

const servicesAnchor = (id: string) => `${paths.services}#${id}`;

/** The nine tools of the studio (§1), in the order the pages show them. */
export const studioTools: readonly StudioTool[] = [
  { id: 'chat', available: true, href: paths.home, icon: MessagesSquare },
  { id: 'image-generator', available: true, href: paths.imageGenerator, icon: ImageIcon },
  { id: 'vision', available: false, href: servicesAnchor('vision'), icon: ScanEye },
  { id: 'content-writer', available: false, href: servicesAnchor('content-writer'), icon: PenLine },
  { id: 'office-tools', available: false, href: paths.officeTools, icon: Briefcase },
  { id: 'music-creator', available: false, href: servicesAnchor('music-creator'), icon: Music },
  {
    id: 'voice-synthesis',
    available: false,
    href: servicesAnchor('voice-synthesis'),
    icon: AudioLines,
  },
  { id: 'anime', available: true, href: paths.anime, icon: Sparkles },
  { id: 'imagen', available: true, href: paths.imagen, icon: WandSparkles },
];
