import { Button, Header } from '@anaquel/ui';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ThemeSwitcher } from './theme-switcher';

/** Home, sign-in, reset and not-found pages: the header (logo, theme) above the page. */
export function PublicLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <div className="flex min-h-dvh flex-col bg-page">
      <Header
        actions={
          <>
            {/* spec 1 §2: the login page header has an 'Inicio' button that goes to /. */}
            {pathname === '/login' && (
              <Button variant="ghost" size="sm" onPress={() => void navigate('/')}>
                Inicio
              </Button>
            )}
            <ThemeSwitcher />
          </>
        }
      />
      <main className="flex flex-1 flex-col">
        <Outlet />
      </main>
    </div>
  );
}
