import type { SessionUser } from '@anaquel/api';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The signed-in user as login and refresh answer it (spec 1 §3; type generated from the contract). */
export type { SessionUser };

/** What a login or refresh answers; only `user` is kept here (the access token stays in memory in @anaquel/api). */
interface SessionLike {
  user: SessionUser;
}

export interface AuthState {
  user: SessionUser | null;
  isAuthenticated: boolean;
  /** anonymous -> authenticated: stores the user of a successful login. */
  login: (session: SessionLike) => void;
  /** Merges the given fields into the user; does nothing while nobody is signed in (spec 1 §4). */
  updateUser: (partial: Partial<SessionUser>) => void;
  /** authenticated -> anonymous. */
  logout: () => void;
}

export const AUTH_STORAGE_KEY = 'anaquel-auth';

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      user: null,
      isAuthenticated: false,
      login: ({ user }) => set({ user: { ...user }, isAuthenticated: true }),
      updateUser: (partial) =>
        set((state) => (state.user ? { user: { ...state.user, ...partial } } : state)),
      logout: () => set({ user: null, isAuthenticated: false }),
    }),
    {
      name: AUTH_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      // spec 1 §9 and the shared auth decision: only the user and the flag are persisted, never a token.
      partialize: ({ user, isAuthenticated }) => ({ user, isAuthenticated }),
      version: 1,
    },
  ),
);

/** True when the signed-in user holds at least one of the codes (an empty list means no requirement). */
export function hasAnyPermission(user: SessionUser | null, anyOf: readonly string[] | undefined) {
  if (!anyOf || anyOf.length === 0) return true;
  if (!user) return false;
  const held: readonly string[] = user.permissions;
  return anyOf.some((code) => held.includes(code));
}
