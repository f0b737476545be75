export { ThemeMenu, type ThemeChoice, type ThemeMenuProps } from './ThemeMenu';
