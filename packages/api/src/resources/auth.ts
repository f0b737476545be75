import { mutationOptions } from '@tanstack/react-query';
import { setAccessToken } from '../auth-token';
import { getApiClient } from '../client';
import { unwrap } from '../envelope';
import type {
  AdminChangePasswordRequest,
  ChangePasswordRequest,
  LoginRequest,
  ResetPasswordRequest,
  SendResetEmailRequest,
} from '../types';
import '../meta';

/** Mutation keys of the auth calls (for `useMutationState`, `isMutating`). */
export const authKeys = {
  all: ['auth'] as const,
  login: ['auth', 'login'] as const,
  logout: ['auth', 'logout'] as const,
  refresh: ['auth', 'refresh-token'] as const,
  sendResetEmail: ['auth', 'send-reset-email'] as const,
  resetPassword: ['auth', 'reset-password'] as const,
  changePassword: ['auth', 'change-password'] as const,
  adminChangePassword: ['auth', 'admin-change-password'] as const,
};

/**
 * `POST /auth/login`: stores and broadcasts the access token with the user, and resolves to the
 * session. Not retried; its 401 (bad credentials, locked account) is for the login screen.
 */
export function loginMutationOptions() {
  return mutationOptions({
    mutationKey: authKeys.login,
    mutationFn: (body: LoginRequest) => signIn(body),
    retry: 0,
    meta: LOGIN_META,
  });
}

/** The `meta` of the login call: its 401 (bad credentials, locked account) is the screen's. */
export const LOGIN_META = { handledStatuses: [401] };

/**
 * `POST /auth/login` as a plain call (what `loginMutationOptions` runs): stores and broadcasts the
 * access token with the user and resolves to the session. For a sign-in screen without TanStack
 * Query; its caller routes a failure to the global handler with `LOGIN_META`.
 */
export async function signIn(body: LoginRequest) {
  const session = await unwrap(getApiClient().POST('/auth/login', { body }));
  setAccessToken(session.accessToken, { user: session.user });
  return session;
}

/**
 * `POST /auth/logout`: the access token is forgotten (and the other tabs told) whatever the
 * answer. Not retried; a 401 here fails as REFRESH_TOKEN_ERROR (spec 1 §7).
 */
export function logoutMutationOptions() {
  return mutationOptions({
    mutationKey: authKeys.logout,
    mutationFn: async () => {
      try {
        return await unwrap(getApiClient().POST('/auth/logout'));
      } finally {
        setAccessToken(null);
      }
    },
    retry: 0,
  });
}

/** `POST /auth/refresh-token` (joins a refresh already under way). Not retried. */
export function refreshMutationOptions() {
  return mutationOptions({
    mutationKey: authKeys.refresh,
    mutationFn: () => getApiClient().refreshSession(),
    retry: 0,
  });
}

/** `POST /auth/send-reset-email`; its 400 is for the component (spec 1 §7). */
export function sendResetEmailMutationOptions() {
  return mutationOptions({
    mutationKey: authKeys.sendResetEmail,
    mutationFn: (body: SendResetEmailRequest) =>
      unwrap(getApiClient().POST('/auth/send-reset-email', { body })),
    meta: { handledStatuses: [400] },
  });
}

/** `POST /auth/reset-password` with the token of the reset link; its 400 is for the page. */
export function resetPasswordMutationOptions() {
  return mutationOptions({
    mutationKey: authKeys.resetPassword,
    mutationFn: (body: ResetPasswordRequest) =>
      unwrap(getApiClient().POST('/auth/reset-password', { body })),
    meta: { handledStatuses: [400] },
  });
}

/** `POST /auth/change-password` for the signed-in user; its 400 is for the modal. */
export function changePasswordMutationOptions() {
  return mutationOptions({
    mutationKey: authKeys.changePassword,
    mutationFn: (body: ChangePasswordRequest) =>
      unwrap(getApiClient().POST('/auth/change-password', { body })),
    meta: { handledStatuses: [400] },
  });
}

/** `POST /auth/admin-change-password` (CHANGE_PASSWORD_USERS); its 400 is for the modal. */
export function adminChangePasswordMutationOptions() {
  return mutationOptions({
    mutationKey: authKeys.adminChangePassword,
    mutationFn: (body: AdminChangePasswordRequest) =>
      unwrap(getApiClient().POST('/auth/admin-change-password', { body })),
    meta: { handledStatuses: [400] },
  });
}
