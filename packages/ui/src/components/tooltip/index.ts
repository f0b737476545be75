export { Tooltip, TooltipTrigger, type TooltipProps } from './Tooltip';
