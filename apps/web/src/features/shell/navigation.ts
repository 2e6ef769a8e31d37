import { aiToolsMenu, studioTool } from '@studio/contracts/tools';
import { paths } from '../../lib/paths';
import type { LinkedPage } from './pages';

/** A link of the shell; `label` is a key under nav.links in common.json. */
export interface NavLink {
  label: LinkedPage;
  to: string;
}

export interface NavGroup {
  /** A key under nav.groups in common.json. */
  label: 'aiTools' | 'resources' | 'company' | 'support';
  links: readonly NavLink[];
}

/** A tool's menu link, from the tool manifest (@studio/contracts/tools). */
function toolLink(id: (typeof aiToolsMenu)[number]): NavLink {
  const { menuLabel, path } = studioTool(id);
  if (!menuLabel || !path) throw new Error(`The tool ${id} has no menu link.`);
  return { label: menuLabel, to: path };
}

/** Services, then the tools the manifest puts in the AI tools menus, in §2's order. */
const aiTools: NavGroup = {
  label: 'aiTools',
  links: [{ label: 'services', to: paths.services }, ...aiToolsMenu.map(toolLink)],
};

// The Help Center is Support's (and the help menu's): listed here too, the sidebar showed it twice.
const resources: NavGroup = {
  label: 'resources',
  links: [
    { label: 'plans', to: paths.plans },
    { label: 'vnpayInstructions', to: paths.vnpayInstructions },
    { label: 'shippingInspection', to: paths.shippingInspection },
  ],
};

const company: NavGroup = {
  label: 'company',
  links: [
    { label: 'aboutUs', to: paths.aboutUs },
    { label: 'privacyPolicy', to: paths.privacyPolicy },
    { label: 'termsOfUse', to: paths.termsOfUse },
    { label: 'ownershipIp', to: paths.ownershipIp },
  ],
};

const support: NavGroup = {
  label: 'support',
  links: [
    { label: 'contact', to: paths.contact },
    { label: 'purchasesRefunds', to: paths.purchasesRefunds },
    { label: 'serviceUsagePolicy', to: paths.serviceUsagePolicy },
    { label: 'help', to: paths.help },
  ],
};

/** The header's four menu groups (§2). */
export const headerGroups: readonly NavGroup[] = [aiTools, resources, company, support];

/** The sidebar's sections (§2: AI tools, resources, support). */
export const sidebarGroups: readonly NavGroup[] = [aiTools, resources, support];

/** §2: the help menu. */
export const helpLinks: readonly NavLink[] = [
  { label: 'help', to: paths.help },
  { label: 'aboutUs', to: paths.aboutUs },
  { label: 'privacyPolicy', to: paths.privacyPolicy },
  { label: 'termsOfUse', to: paths.termsOfUse },
  { label: 'contact', to: paths.contact },
];

/** §2: the user menu's links. */
export const accountLinks: readonly NavLink[] = [
  { label: 'library', to: paths.library },
  { label: 'profile', to: paths.profile },
  { label: 'membership', to: paths.membership },
  { label: 'plans', to: paths.plans },
];

/** §2: the pages the footer links reach: the AI tools menu's (from the manifest), then these. */
export const footerLinks: readonly NavLink[] = [
  ...aiTools.links,
  { label: 'serviceUsagePolicy', to: paths.serviceUsagePolicy },
  { label: 'purchasesRefunds', to: paths.purchasesRefunds },
  { label: 'ownershipIp', to: paths.ownershipIp },
  { label: 'shippingInspection', to: paths.shippingInspection },
  { label: 'vnpayInstructions', to: paths.vnpayInstructions },
];
