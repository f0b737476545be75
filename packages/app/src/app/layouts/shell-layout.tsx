import { logoutMutationOptions } from '@anaquel/api';
import { Header, LoadingOverlay } from '@anaquel/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ChangePasswordModal } from '../../features/auth';
import { BREAKPOINTS, useMediaQuery } from '../../lib/use-media-query';
import { useAuthStore } from '../../stores/auth-store';
import { useModal } from '../../stores/modal-store';
import { prefetchScreens } from '../routes';
import { useSidebarStore } from '../../stores/sidebar-store';
import { endSession } from '../session';
import { AppSidebar, SIDEBAR_ID } from './app-sidebar';
import { ThemeSwitcher } from './theme-switcher';

/**
 * spec 1 §2: open on tablet and desktop, closed on mobile, set again whenever the viewport
 * crosses the mobile breakpoint; on mobile, following a link closes the drawer.
 */
function useResponsiveSidebar() {
  const setOpen = useSidebarStore((s) => s.setOpen);
  const isMobile = !useMediaQuery(`(min-width: ${BREAKPOINTS.tablet}px)`);
  // Before paint, so a phone never flashes the open drawer.
  useLayoutEffect(() => setOpen(!isMobile), [isMobile, setOpen]);

  const { pathname } = useLocation();
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    if (isMobile) setOpen(false);
  }
}

/**
 * Once signed in, the code of every screen the user may open is fetched while the browser is idle,
 * so following a menu entry shows no loading wait (issue 14). Again when the permissions change.
 */
function usePrefetchScreens() {
  const permissions = useAuthStore((s) => s.user?.permissions);
  useEffect(() => {
    if (!permissions) return;
    const run = () => prefetchScreens(permissions);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(run, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(run, 1000);
    return () => window.clearTimeout(id);
  }, [permissions]);
}

/** The signed-in shell: header, side menu with the user card, and the screen. */
export function ShellLayout() {
  const isOpen = useSidebarStore((s) => s.isOpen);
  const toggle = useSidebarStore((s) => s.toggle);
  const setOpen = useSidebarStore((s) => s.setOpen);
  useResponsiveSidebar();
  usePrefetchScreens();

  const changePassword = useModal('change-password');
  const queryClient = useQueryClient();
  const logout = useMutation(logoutMutationOptions());
  // spec 1 §2: 'Cerrar Sesión' calls logout, then clears the session; the guard goes to /login.
  // A failed call still signs out here: the token is already forgotten and the user asked to leave.
  const signOut = () => logout.mutate(undefined, { onSettled: () => endSession(queryClient) });

  return (
    <div className="flex min-h-dvh flex-col bg-page">
      <Header
        onToggleSidebar={toggle}
        isSidebarOpen={isOpen}
        sidebarId={SIDEBAR_ID}
        logoHref="/dashboard"
        actions={<ThemeSwitcher />}
      />
      <div className="flex flex-1">
        <AppSidebar
          isOpen={isOpen}
          onOpenChange={setOpen}
          onChangePassword={changePassword.open}
          onLogout={signOut}
        />
        <main className="min-w-0 flex-1 p-4 sm:p-6 lg:p-8">
          <Outlet />
        </main>
      </div>
      <ChangePasswordModal isOpen={changePassword.isOpen} onOpenChange={changePassword.setOpen} />
      <LoadingOverlay isVisible={logout.isPending} label="Cerrando sesión" />
    </div>
  );
}
