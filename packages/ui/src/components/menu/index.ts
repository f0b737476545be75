export { Menu, MenuItem, MenuTrigger, type MenuProps } from './Menu';
