export { createIcon, type Icon, type IconProps } from './create-icon';
export * from './icons';
