import type { StudioToolIcon } from '@studio/contracts/tools';
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

/** The tool manifest's icons (lucide's names, @studio/contracts/tools) as the components drawn. */
export const toolIcons: Readonly<Record<StudioToolIcon, LucideIcon>> = {
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
