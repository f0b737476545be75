import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Button, Disclosure, DisclosurePanel, Link, type LinkProps } from 'react-aria-components';
import { tv, twMerge } from 'tailwind-variants';
import { ChevronDownIcon, type Icon } from '../../icons';
import { focusRing } from '../../lib/styles';
import { useSidebar } from '../sidebar/sidebar-context';
import { Tooltip, TooltipTrigger } from '../tooltip';

const rowStyles = tv({
  extend: focusRing,
  base: 'flex h-10 w-full cursor-pointer items-center gap-3 rounded-lg px-3 text-sm font-medium text-fg no-underline transition-colors data-hovered:bg-surface-muted',
  variants: {
    isCurrent: { true: 'bg-brand-soft text-brand-soft-fg data-hovered:bg-brand-soft' },
    isCollapsed: { true: 'justify-center px-0' },
  },
});

/** Whether the element's text overflows its box (a label cut by `truncate`), followed on resize. */
function useIsTruncated(): [RefObject<HTMLSpanElement | null>, boolean] {
  const ref = useRef<HTMLSpanElement>(null);
  const [isTruncated, setTruncated] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setTruncated(element.scrollWidth > element.clientWidth);
    measure();
    // A closed group's entries have no width yet: they are measured again once shown.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, isTruncated];
}

/** The row's whole label in a tooltip, when the row shows an icon only or a cut label. */
function RowTooltip({
  label,
  isShown,
  children,
}: {
  label: string;
  isShown: boolean;
  children: ReactNode;
}) {
  return (
    <TooltipTrigger delay={300} isDisabled={!isShown}>
      {children}
      <Tooltip placement="right">{label}</Tooltip>
    </TooltipTrigger>
  );
}

/** `ul` of sidebar rows (`NavItem`s and `NavGroup`s). */
export function NavList({ children, className }: { children: ReactNode; className?: string }) {
  return <ul className={twMerge('flex flex-col gap-1', className)}>{children}</ul>;
}

export interface NavItemProps extends Omit<LinkProps, 'children' | 'className'> {
  /** Route of the entry, e.g. '/brands' (client-side navigation via react-aria RouterProvider). */
  href: string;
  /** Visible text, e.g. 'Marcas'; also the link's name and the tooltip when collapsed. */
  label: string;
  /** Icon component drawn before the label (alone when the sidebar is collapsed). */
  icon: Icon;
  /** Whether this entry is the current page (sets aria-current="page"). */
  isCurrent?: boolean;
}

/**
 * One menu entry: a link with icon and label; icon-only when collapsed. The whole label shows in
 * a tooltip when collapsed or when the label is cut (the link's name is always the whole label).
 */
export function NavItem({
  href,
  label,
  icon: ItemIcon,
  isCurrent = false,
  ...props
}: NavItemProps) {
  const { isCollapsed } = useSidebar();
  const [labelRef, isTruncated] = useIsTruncated();
  return (
    <li>
      <RowTooltip label={label} isShown={isCollapsed || isTruncated}>
        <Link
          {...props}
          href={href}
          aria-current={isCurrent ? 'page' : undefined}
          className={(rp) => rowStyles({ ...rp, isCurrent, isCollapsed })}
        >
          <ItemIcon className="size-5" />
          <span ref={labelRef} className={isCollapsed ? 'sr-only' : 'truncate'}>
            {label}
          </span>
        </Link>
      </RowTooltip>
    </li>
  );
}

export interface NavGroupProps {
  /** Group name, e.g. 'Seguridad' (the button's accessible name). */
  label: string;
  /** Icon drawn before the label. */
  icon: Icon;
  /** Controlled open state, so the app keeps only one group open at a time. */
  isExpanded: boolean;
  /** Called when the user opens or closes the group. */
  onExpandedChange: (isExpanded: boolean) => void;
  /** Whether the current page is inside (highlights the button). */
  containsCurrent?: boolean;
  /** The group's `NavItem`s. */
  children: ReactNode;
}

/**
 * Collapsible group of entries (react-aria `Disclosure`: a button with aria-expanded that
 * shows or hides its panel). Open state is controlled by the app.
 */
export function NavGroup({
  label,
  icon: GroupIcon,
  isExpanded,
  onExpandedChange,
  containsCurrent = false,
  children,
}: NavGroupProps) {
  const { isCollapsed } = useSidebar();
  const [labelRef, isTruncated] = useIsTruncated();
  const trigger = (
    <Button
      slot="trigger"
      className={(rp) =>
        rowStyles({
          ...rp,
          isCollapsed,
          className: containsCurrent && !isExpanded ? 'text-link' : undefined,
        })
      }
    >
      <GroupIcon className="size-5" />
      <span ref={labelRef} className={isCollapsed ? 'sr-only' : 'flex-1 truncate text-left'}>
        {label}
      </span>
      {!isCollapsed && (
        <ChevronDownIcon
          className={`size-4 text-fg-muted transition-transform ${isExpanded ? 'rotate-180' : ''}`}
        />
      )}
    </Button>
  );
  return (
    <li>
      <Disclosure isExpanded={isExpanded} onExpandedChange={onExpandedChange}>
        <RowTooltip label={label} isShown={isCollapsed || isTruncated}>
          {trigger}
        </RowTooltip>
        <DisclosurePanel>
          <ul
            className={twMerge(
              'mt-1 flex flex-col gap-1',
              isCollapsed ? 'border-t border-border pt-1' : 'ml-4 border-l border-border pl-2',
            )}
          >
            {children}
          </ul>
        </DisclosurePanel>
      </Disclosure>
    </li>
  );
}
