import {
  createGlobalErrorHandler,
  getAccessToken,
  getApiClient,
  isSessionExpired,
  subscribeAccessToken,
  type GlobalErrorHandler,
} from '@anaquel/api';
import type { QueryClient } from '@tanstack/react-query';
import { notify } from '../lib/notify';
import { useAuthStore } from '../stores/auth-store';
import { useModalStore } from '../stores/modal-store';

/**
 * Ends the session on this side: closes every modal, forgets the user and every cached answer
 * (the next user must not see them). The private-route guard then sends the visitor to /login.
 * Without a QueryClient (not created yet: the sign-in route loads none) nothing was cached.
 */
export function endSession(queryClient: QueryClient | null | undefined) {
  useModalStore.getState().closeAll();
  useAuthStore.getState().logout();
  queryClient?.clear();
}

/**
 * The one global error handler (spec 1 §8): toasts and, when the session cannot be renewed, ends
 * it, clearing the QueryClient `getQueryClient` gives (if there is one by then).
 */
export function createAppErrorHandler(
  getQueryClient: () => QueryClient | null | undefined,
): GlobalErrorHandler {
  return createGlobalErrorHandler({
    notify,
    onSessionExpired: () => endSession(getQueryClient()),
  });
}

/**
 * Keeps the auth store in step with the token broadcasts of @anaquel/api (this tab's refreshes and
 * the other tabs' sign-ins and sign-outs). Returns the unsubscribe.
 */
export function syncAuthWithToken(queryClient: QueryClient | null | undefined): () => void {
  return subscribeAccessToken(({ accessToken, user, origin }) => {
    const auth = useAuthStore.getState();
    if (accessToken !== null && user) {
      // A refresh brings the user's current name and permissions.
      if (auth.isAuthenticated) auth.updateUser(user);
      // Another tab signed in: the refresh cookie is shared, so this tab is signed in too.
      else if (origin === 'remote') auth.login({ user });
      return;
    }
    // Another tab signed out (or its session ended): so did this one.
    if (accessToken === null && origin === 'remote' && auth.isAuthenticated)
      endSession(queryClient);
  });
}

/** True when the persisted state says signed in but this page has no access token yet (a reload). */
export function needsSessionRestore(): boolean {
  return useAuthStore.getState().isAuthenticated && getAccessToken() === null;
}

let restoring: Promise<void> | null = null;

/**
 * After a reload the access token is gone (memory only): renew it through the refresh cookie
 * before private screens render, so they never flash for a session that is over. A session that
 * cannot be renewed (REFRESH_TOKEN_ERROR: e.g. the browser was closed without 'Recordarme', so its
 * cookie is gone) is ended quietly with `onRefused`: the visitor simply sees /login, no
 * 'Tu sesión ha expirado' toast for a page they just opened. Any other failure goes through the
 * global handler.
 */
export function restoreSession(onError: GlobalErrorHandler, onRefused: () => void): Promise<void> {
  if (!needsSessionRestore()) return Promise.resolve();
  restoring ??= getApiClient()
    .refreshSession()
    // An unreachable server keeps the signed-in state (the next call retries the refresh);
    // a refused refresh (REFRESH_TOKEN_ERROR) ends the session without a toast.
    .then(
      () => undefined,
      (error: unknown) => (isSessionExpired(error) ? onRefused() : onError(error)),
    )
    .finally(() => {
      restoring = null;
    });
  return restoring;
}
