import {
  Tooltip as RACTooltip,
  type TooltipProps as RACTooltipProps,
  TooltipTrigger,
  composeRenderProps,
} from 'react-aria-components';
import { twMerge } from 'tailwind-variants';

export interface TooltipProps extends Omit<RACTooltipProps, 'children'> {
  /** Short text shown next to the trigger. */
  children: React.ReactNode;
}

/**
 * Tooltip bubble (react-aria `Tooltip`), shown on hover and keyboard focus of the trigger placed
 * with it inside a `TooltipTrigger`. Use it for extra hints only: the trigger needs its own name.
 */
export function Tooltip({ children, offset = 8, className, ...props }: TooltipProps) {
  return (
    <RACTooltip
      {...props}
      offset={offset}
      className={composeRenderProps(className, (c) =>
        twMerge(
          'z-[120] rounded-md bg-fg px-2.5 py-1.5 text-xs font-medium text-surface shadow-md data-entering:animate-popover-in data-exiting:animate-popover-out',
          c,
        ),
      )}
    >
      {children}
    </RACTooltip>
  );
}

export { TooltipTrigger };
