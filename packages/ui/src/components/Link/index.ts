export { Link, linkStyles, linkUnderlines } from './Link';
export type { LinkProps, LinkUnderline } from './Link';
