/** The page's path: paths.contentWriter once the tool is open (its route is added then). */
const contentWriterPath = '/content-writer';

/** The link anyone can open a shared template from. */
export const sharedTemplateLink = (origin: string, token: string) =>
  `${origin}${contentWriterPath}?template=${encodeURIComponent(token)}`;
