export { NavGroup, NavItem, NavList, type NavGroupProps, type NavItemProps } from './NavGroup';
