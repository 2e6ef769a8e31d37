/**
 * The studio's tools (§1), as plain data (no zod: the SPA's first load reads it): one entry per
 * tool, read by everything that lists tools (the home page's tool grid, /services, the AI tools
 * menus, the signed-in home, the help centre's tool answer, and billing: each meter's allowance
 * on the API, GET /api/pricing and the plan cards). A tool not open yet is announced as "coming
 * soon" from the same entry; opening it is making its entry `available`.
 */

export const studioToolIds = [
  'chat',
  'image-generator',
  'vision',
  'content-writer',
  'office-tools',
  'music-creator',
  'voice-synthesis',
  'anime',
  'imagen',
] as const;
export type StudioToolId = (typeof studioToolIds)[number];

/** The icon a tool is drawn with (lucide's names; the web app maps each to its component). */
export type StudioToolIcon =
  | 'messages-square'
  | 'image'
  | 'scan-eye'
  | 'pen-line'
  | 'briefcase'
  | 'music'
  | 'audio-lines'
  | 'sparkles'
  | 'wand-sparkles';

/**
 * What a tool's daily allowance counts: a meter of the API's plan quota (domains/usage). Each
 * meter has a daily limit per plan (the API's configuration of the tool that counts it), served
 * by GET /api/pricing keyed by meter and listed on the plan cards, one line a meter.
 * `transcription` counts dictation's seconds of recording (the chat's composer, the voice page);
 * `music` the seconds of music the music creator makes; `vision` the pictures the vision tool reads;
 * `pages` the parts (pages, sheets, slides, sections) the office tools read; `writing` the pieces
 * the content writer writes or transforms.
 */
export const toolMeters = [
  'chat',
  'images',
  'speech',
  'transcription',
  'music',
  'vision',
  'pages',
  'writing',
] as const;
export type ToolMeter = (typeof toolMeters)[number];

export interface StudioTool {
  /** Also the tool's key in the `services` namespace and its anchor on /services. */
  id: StudioToolId;
  /** Open today; otherwise announced ("coming soon"). */
  available: boolean;
  /** Its own page in the app, when it has one; an announced tool without one is shown on /services. */
  path: `/${string}` | null;
  /** Its link in the AI tools menus: the key of its name under nav.links (common.json). */
  menuLabel:
    | 'imageGenerator'
    | 'imagen'
    | 'officeTools'
    | 'anime'
    | 'voiceSynthesis'
    | 'musicCreator'
    | 'vision'
    | 'contentWriter'
    | null;
  icon: StudioToolIcon;
  /** The translation namespace of its page (public/locales/{en,vi}/<namespace>.json). */
  namespace: string | null;
  /**
   * What its daily allowances count, per plan (none for a tool that meters nothing): most tools
   * count one thing; the voice tool counts characters spoken and seconds of dictation.
   */
  meters: readonly ToolMeter[];
}

/** The nine tools, in the order §1 names them and the pages show them. */
export const studioTools: readonly StudioTool[] = [
  {
    id: 'chat',
    available: true,
    path: '/',
    menuLabel: null,
    icon: 'messages-square',
    namespace: 'chat',
    meters: ['chat'],
  },
  {
    id: 'image-generator',
    available: true,
    path: '/image-generator',
    menuLabel: 'imageGenerator',
    icon: 'image',
    namespace: 'images',
    meters: ['images'],
  },
  {
    id: 'vision',
    available: true,
    path: '/vision',
    menuLabel: 'vision',
    icon: 'scan-eye',
    namespace: 'vision',
    // Pictures read per day (answers about them count as chat messages).
    meters: ['vision'],
  },
  {
    id: 'content-writer',
    available: true,
    path: '/content-writer',
    menuLabel: 'contentWriter',
    icon: 'pen-line',
    namespace: 'writer',
    // Generations and transforms per day.
    meters: ['writing'],
  },
  {
    id: 'office-tools',
    available: true,
    path: '/office-tools',
    menuLabel: 'officeTools',
    icon: 'briefcase',
    namespace: 'office',
    // Pages (parts) of documents read per day.
    meters: ['pages'],
  },
  {
    id: 'music-creator',
    available: true,
    path: '/music-creator',
    menuLabel: 'musicCreator',
    icon: 'music',
    namespace: 'music',
    // Seconds of music made per day.
    meters: ['music'],
  },
  {
    id: 'voice-synthesis',
    available: true,
    path: '/voice-synthesis',
    menuLabel: 'voiceSynthesis',
    icon: 'audio-lines',
    namespace: 'voice',
    // Characters of text spoken per day.
    meters: ['speech', 'transcription'],
  },
  {
    id: 'anime',
    available: true,
    path: '/anime',
    menuLabel: 'anime',
    icon: 'sparkles',
    namespace: 'images',
    meters: ['images'],
  },
  {
    id: 'imagen',
    available: true,
    path: '/imagen',
    menuLabel: 'imagen',
    icon: 'wand-sparkles',
    namespace: 'images',
    meters: ['images'],
  },
];

/** The AI tools menus' order (§2: the header's and the sidebar's group), after Services. */
export const aiToolsMenu: readonly StudioToolId[] = [
  'image-generator',
  'imagen',
  'vision',
  'content-writer',
  'office-tools',
  'anime',
  'voice-synthesis',
  'music-creator',
];

/**
 * The meters of the open tools, each once, in the order the manifest first names them: what the
 * plan cards list a day's allowance of (a tool not open yet promises nothing).
 */
export const openToolMeters: readonly ToolMeter[] = [
  ...new Set(studioTools.flatMap((tool) => (tool.available ? tool.meters : []))),
];

export function studioTool(id: StudioToolId): StudioTool {
  const tool = studioTools.find((entry) => entry.id === id);
  if (!tool) throw new Error(`No studio tool ${id}`);
  return tool;
}
