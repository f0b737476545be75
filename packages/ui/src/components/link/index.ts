export { Link, linkStyles, type LinkProps, type LinkVariant } from './Link';
