import {
  Menu as RACMenu,
  MenuItem as RACMenuItem,
  type MenuItemProps as RACMenuItemProps,
  type MenuProps as RACMenuProps,
  MenuTrigger,
  Popover,
  type PopoverProps,
  composeRenderProps,
} from 'react-aria-components';
import { twMerge } from 'tailwind-variants';
import { CheckIcon } from '../../icons';
import { popoverStyles } from '../select';

export interface MenuProps<T> extends RACMenuProps<T> {
  /** Where the popover opens relative to its trigger (default 'bottom end'). */
  placement?: PopoverProps['placement'];
}

/**
 * Dropdown menu (react-aria `Menu` in a `Popover`), placed inside a `MenuTrigger` after its
 * button: arrows move, Enter/Space choose, Escape closes and focus returns to the button.
 */
export function Menu<T extends object>({ placement = 'bottom end', ...props }: MenuProps<T>) {
  return (
    <Popover placement={placement} className={twMerge(popoverStyles, 'min-w-48')}>
      <RACMenu {...props} className="outline-none" />
    </Popover>
  );
}

/** One menu entry; with `selectionMode` on the Menu it shows a check when selected. */
export function MenuItem({ className, children, ...props }: RACMenuItemProps) {
  const textValue = props.textValue ?? (typeof children === 'string' ? children : undefined);
  return (
    <RACMenuItem
      {...props}
      textValue={textValue}
      className={composeRenderProps(className, (c) =>
        twMerge(
          'group flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-fg outline-none data-disabled:cursor-not-allowed data-disabled:text-fg-muted data-focused:bg-brand-soft data-focused:text-brand-soft-fg',
          c,
        ),
      )}
    >
      {composeRenderProps(children, (content, { selectionMode, isSelected }) => (
        <>
          {selectionMode !== 'none' && (
            <span className="flex size-4 items-center justify-center">
              {isSelected && <CheckIcon className="size-4" />}
            </span>
          )}
          <span className="flex flex-1 items-center gap-2">{content}</span>
        </>
      ))}
    </RACMenuItem>
  );
}

export { MenuTrigger };
