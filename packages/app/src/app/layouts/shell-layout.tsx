import { logoutMutationOptions } from '@anaquel/api';
import { Header, LoadingOverlay } from '@anaquel/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useLayoutEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { BREAKPOINTS, useMediaQuery } from '../../lib/use-media-query';
import { useModal } from '../../stores/modal-store';
import { prefetchScreenAt } from '../routes';
import { useSidebarStore } from '../../stores/sidebar-store';
import { endSession } from '../session';
import { ShellSidebar, loadAppSidebar } from './lazy-sidebar';
import { SIDEBAR_ID } from './sidebar-id';
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
 * A screen's code is fetched when a link to it is pointed at, focused or pressed: a page loads only
 * its own code (on a phone, every other screen's code cost seconds of main thread), and following
 * a link rarely waits for it (issue 20). The same for a phone's side menu and its button.
 */
function usePrefetchOnIntent() {
  useEffect(() => {
    let last: Element | null = null;
    const onIntent = (event: Event) => {
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(`[aria-controls="${SIDEBAR_ID}"]`))
        loadAppSidebar().catch(() => undefined);
      const link = target?.closest('a[href]') ?? null;
      if (link === last || !(link instanceof HTMLAnchorElement)) return;
      last = link;
      if (link.origin === window.location.origin) prefetchScreenAt(link.pathname);
    };
    document.addEventListener('pointerover', onIntent, { passive: true });
    document.addEventListener('focusin', onIntent);
    return () => {
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
    };
  }, []);
}

/** The change-password dialog, fetched when first opened (its form and zod schemas). */
const ChangePasswordModal = lazy(async () => ({
  default: (await import('../../features/auth/components/change-password-modal'))
    .ChangePasswordModal,
}));

/** The signed-in shell: header, side menu with the user card, and the screen. */
export function ShellLayout() {
  const isOpen = useSidebarStore((s) => s.isOpen);
  const toggle = useSidebarStore((s) => s.toggle);
  const setOpen = useSidebarStore((s) => s.setOpen);
  useResponsiveSidebar();
  usePrefetchOnIntent();

  const changePassword = useModal('change-password');
  // Once opened it stays mounted, so closing it animates as before.
  const [wantsChangePassword, setWantsChangePassword] = useState(false);
  if (changePassword.isOpen && !wantsChangePassword) setWantsChangePassword(true);
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
        <ShellSidebar
          isOpen={isOpen}
          onOpenChange={setOpen}
          onChangePassword={changePassword.open}
          onLogout={signOut}
        />
        <main className="min-w-0 flex-1 p-4 sm:p-6 lg:p-8">
          <Outlet />
        </main>
      </div>
      {wantsChangePassword && (
        <Suspense fallback={<LoadingOverlay />}>
          <ChangePasswordModal
            isOpen={changePassword.isOpen}
            onOpenChange={changePassword.setOpen}
          />
        </Suspense>
      )}
      <LoadingOverlay isVisible={logout.isPending} label="Cerrando sesión" />
    </div>
  );
}
