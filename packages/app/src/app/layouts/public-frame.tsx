import { Button, Header } from '@anaquel/ui';
import type { ReactNode } from 'react';
import { ThemeSwitcher } from './theme-switcher';

/**
 * The public pages' frame: the header (logo, theme) above the page. Free of react-router: the
 * router's PublicLayout and the sign-in boot (sign-in-app.tsx) both render it.
 */
export function PublicFrame({
  pathname,
  goHome,
  children,
}: {
  pathname: string;
  /** 'Inicio' of the login page's header. */
  goHome: () => void;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-page">
      <Header
        actions={
          <>
            {/* spec 1 §2: the login page header has an 'Inicio' button that goes to /. */}
            {pathname === '/login' && (
              <Button variant="ghost" size="sm" onPress={goHome}>
                Inicio
              </Button>
            )}
            <ThemeSwitcher />
          </>
        }
      />
      <main className="flex flex-1 flex-col">{children}</main>
    </div>
  );
}
