export { Badge, badgeStyles, type BadgeProps, type BadgeTone } from './Badge';
