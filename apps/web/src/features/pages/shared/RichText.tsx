import { linkStyles } from '@studio/ui';
import type { ReactElement } from 'react';
import { Trans } from 'react-i18next';
import { supportEmail } from './contacts';
import { RouterLink } from '../../../components/RouterLink';
import { paths } from '../../../lib/paths';

/**
 * The tags a translated sentence may use, e.g. "Write to <email>support@aistudio.example</email>"
 * or "see <refunds>Purchases and refunds</refunds>". The translation supplies the link text; the
 * target is fixed here, so translators cannot send readers elsewhere.
 */
const pageTags = {
  home: paths.home,
  plans: paths.plans,
  membership: paths.membership,
  profile: paths.profile,
  help: paths.help,
  contact: paths.contact,
  about: paths.aboutUs,
  services: paths.services,
  privacy: paths.privacyPolicy,
  terms: paths.termsOfUse,
  usage: paths.serviceUsagePolicy,
  refunds: paths.purchasesRefunds,
  ownership: paths.ownershipIp,
  delivery: paths.shippingInspection,
  vnpay: paths.vnpayInstructions,
} as const;

const richTextComponents: Record<string, ReactElement> = {
  ...Object.fromEntries(Object.entries(pageTags).map(([tag, to]) => [tag, <RouterLink to={to} />])),
  // eslint-disable-next-line jsx-a11y/anchor-has-content -- Trans fills in the translated text.
  email: <a href={`mailto:${supportEmail}`} className={linkStyles} />,
  strong: <strong />,
};

/** Every tag a translated text may use. */
export const richTextTags: readonly string[] = Object.keys(richTextComponents);

export interface RichTextProps {
  /** The page's translation function (bound to its namespace). */
  t: Parameters<typeof Trans>[0]['t'];
  i18nKey: string;
  /** What its `{{name}}` placeholders say, when it has any. */
  values?: Readonly<Record<string, string>>;
}

/** One translated sentence or paragraph, with its inline links and emphasis rendered. */
export function RichText({ t, i18nKey, values }: RichTextProps) {
  return <Trans t={t} i18nKey={i18nKey} values={values} components={richTextComponents} />;
}

/** The same text without its tags: what the Help Center search looks through. */
export function stripRichText(text: string): string {
  return text.replace(/<\/?[a-z]+\s*\/?>/gi, '');
}
