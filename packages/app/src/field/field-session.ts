import { getAccessToken, getApiClient, isSessionExpired } from '@anaquel/api';
import { useAuthStore } from '../stores/auth-store';

/** Where a signed-out visitor of the field app signs in (the back-office's page, same session). */
const SIGN_IN_PATH = '/login';

/** Leaves the field app for the sign-in page (a page load: the two apps are separate entries). */
export function goToSignIn(): void {
  window.location.replace(SIGN_IN_PATH);
}

/** Forgets the user on this device and goes to sign in; the device store keeps its visits. */
export function endFieldSession(): void {
  useAuthStore.getState().logout();
  goToSignIn();
}

/**
 * Renews the access token (kept in memory only, so gone after the page load from /login) through
 * the refresh cookie, and takes the user's current name and profile from the answer. Offline, the
 * persisted user stays signed in and works from the device store; a refused renewal (the session
 * is over) signs out.
 */
export async function restoreFieldSession(): Promise<void> {
  const auth = useAuthStore.getState();
  if (!auth.isAuthenticated || getAccessToken() !== null) return;
  try {
    const session = await getApiClient().refreshSession();
    useAuthStore.getState().updateUser(session.user);
  } catch (error) {
    if (isSessionExpired(error)) endFieldSession();
  }
}
