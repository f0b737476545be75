import type { KeyboardEvent, ReactNode } from 'react';
import { twMerge } from 'tailwind-variants';
import { SidebarContext } from './sidebar-context';

/** spec 1 §2: below 768 px is mobile (Tailwind `md` is 48rem = 768 px). */
export const MOBILE_MEDIA_QUERY = '(max-width: 767.98px)';

export interface SidebarProps {
  /** Open (16rem, labels shown) or closed (4rem icons on tablet/desktop, hidden on mobile). */
  isOpen: boolean;
  /** Called with false when the mobile overlay is clicked or Escape is pressed on mobile. */
  onOpenChange: (isOpen: boolean) => void;
  /** Navigation content: a `NavList` of `NavItem`s and `NavGroup`s. */
  children: ReactNode;
  /** Pinned to the bottom, e.g. the `UserCard`. */
  footer?: ReactNode;
  /** `id` of the sidebar, referenced by the header toggle's aria-controls. */
  id?: string;
  /** Accessible name of the navigation landmark. */
  navLabel?: string;
  /** Extra classes. */
  className?: string;
}

/**
 * Collapsible side menu below the Header, with a `nav` landmark 'Menú principal'. On tablet and
 * desktop it is 16rem open or 4rem collapsed (icons with tooltips). On mobile it slides over the
 * page when open, with a dimmed overlay that closes it on click; closed, it is hidden.
 */
export function Sidebar({
  isOpen,
  onOpenChange,
  children,
  footer,
  id = 'sidebar',
  navLabel = 'Menú principal',
  className,
}: SidebarProps) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && isOpen && window.matchMedia(MOBILE_MEDIA_QUERY).matches) {
      onOpenChange(false);
    }
  };
  return (
    <SidebarContext.Provider value={{ isCollapsed: !isOpen }}>
      {isOpen && (
        <div
          aria-hidden="true"
          data-testid="sidebar-overlay"
          className="fixed inset-0 top-header z-30 bg-overlay animate-overlay-in md:hidden"
          onClick={() => onOpenChange(false)}
        />
      )}
      <aside
        id={id}
        data-open={isOpen || undefined}
        onKeyDown={onKeyDown}
        className={twMerge(
          'z-30 flex shrink-0 flex-col border-r border-border bg-surface transition-[width] duration-200',
          // mobile: an overlay drawer, hidden while closed
          'fixed top-header bottom-0 left-0 w-sidebar max-md:shadow-xl',
          !isOpen && 'max-md:hidden',
          // tablet/desktop: in the page flow, full height under the header
          'md:sticky md:h-[calc(100dvh-var(--spacing-header))]',
          isOpen ? 'md:w-sidebar' : 'md:w-sidebar-collapsed',
          className,
        )}
      >
        <nav aria-label={navLabel} className="min-h-0 flex-1 overflow-x-hidden overflow-y-auto p-2">
          {children}
        </nav>
        {footer && <div className="border-t border-border p-2">{footer}</div>}
      </aside>
    </SidebarContext.Provider>
  );
}
