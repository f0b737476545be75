import type { ReactNode } from 'react';
import { twMerge } from 'tailwind-variants';
import { MenuIcon } from '../../icons';
import { Button } from '../button';
import { Link } from '../link';

export interface HeaderProps {
  /** Shows the sidebar toggle ('Alternar menú lateral') and is called when it is pressed. */
  onToggleSidebar?: () => void;
  /** Whether the sidebar is open (announced through aria-expanded on the toggle). */
  isSidebarOpen?: boolean;
  /** `id` of the sidebar element the toggle controls. */
  sidebarId?: string;
  /** Where the 'Anaquel' logo links to (default '/'); null renders plain text. */
  logoHref?: string | null;
  /** Right-hand slot: theme menu, 'Inicio' button, etc. */
  actions?: ReactNode;
  /** Extra classes. */
  className?: string;
}

/** The 3.5rem-high top bar (banner landmark): sidebar toggle, logo 'Anaquel' and actions. */
export function Header({
  onToggleSidebar,
  isSidebarOpen,
  sidebarId,
  logoHref = '/',
  actions,
  className,
}: HeaderProps) {
  const logo = (
    <span className="flex items-center gap-2 text-lg font-bold tracking-tight text-fg">
      <span
        aria-hidden="true"
        className="flex size-8 items-center justify-center rounded-lg bg-brand text-base text-brand-fg"
      >
        A
      </span>
      Anaquel
    </span>
  );
  return (
    <header
      className={twMerge(
        'sticky top-0 z-40 flex h-header shrink-0 items-center gap-2 border-b border-border bg-surface px-3 sm:px-4',
        className,
      )}
    >
      {onToggleSidebar && (
        <Button
          variant="icon"
          aria-label="Alternar menú lateral"
          aria-expanded={isSidebarOpen}
          aria-controls={sidebarId}
          onPress={onToggleSidebar}
        >
          <MenuIcon />
        </Button>
      )}
      {logoHref === null ? (
        logo
      ) : (
        <Link href={logoHref} className="no-underline data-hovered:opacity-90">
          {logo}
        </Link>
      )}
      <div className="ml-auto flex items-center gap-1 sm:gap-2">{actions}</div>
    </header>
  );
}
