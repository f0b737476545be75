import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY, hasAnyPermission, useAuthStore, type SessionUser } from './auth-store';

const maria: SessionUser = {
  id: 7,
  completeName: 'María López',
  email: 'maria.lopez@anaquel.mx',
  profileImageUrl: null,
  permissions: ['VIEW_USERS', 'VIEW_CHECKINS'],
};

function persisted() {
  return JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null') as {
    state: Record<string, unknown>;
  } | null;
}

describe('auth store', () => {
  beforeEach(() => useAuthStore.getState().logout());

  it('starts anonymous', () => {
    useAuthStore.setState(useAuthStore.getInitialState());
    expect(useAuthStore.getState()).toMatchObject({ user: null, isAuthenticated: false });
  });

  it('login stores the user and marks the session authenticated', () => {
    useAuthStore.getState().login({ user: maria });
    expect(useAuthStore.getState()).toMatchObject({ user: maria, isAuthenticated: true });
  });

  it('persists only the user and the flag, never the access token', () => {
    const session = { accessToken: 'eyJhbGciOi.secret.token', user: maria };
    useAuthStore.getState().login(session);
    const saved = persisted();
    expect(saved?.state).toEqual({ user: maria, isAuthenticated: true });
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).not.toContain('eyJhbGciOi');
  });

  it('updateUser merges fields into the signed-in user', () => {
    useAuthStore.getState().login({ user: maria });
    useAuthStore.getState().updateUser({ completeName: 'María López Ruiz', permissions: [] });
    expect(useAuthStore.getState().user).toEqual({
      ...maria,
      completeName: 'María López Ruiz',
      permissions: [],
    });
    expect(persisted()?.state.user).toMatchObject({ completeName: 'María López Ruiz' });
  });

  it('updateUser does nothing while nobody is signed in', () => {
    useAuthStore.getState().updateUser({ completeName: 'Intruso' });
    expect(useAuthStore.getState()).toMatchObject({ user: null, isAuthenticated: false });
  });

  it('logout clears the user and the flag, also in storage', () => {
    useAuthStore.getState().login({ user: maria });
    useAuthStore.getState().logout();
    expect(useAuthStore.getState()).toMatchObject({ user: null, isAuthenticated: false });
    expect(persisted()?.state).toEqual({ user: null, isAuthenticated: false });
  });

  it('restores a persisted session on rehydration', async () => {
    localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ state: { user: maria, isAuthenticated: true }, version: 1 }),
    );
    await useAuthStore.persist.rehydrate();
    expect(useAuthStore.getState()).toMatchObject({ user: maria, isAuthenticated: true });
  });
});

describe('hasAnyPermission', () => {
  it('passes when no permission is required', () => {
    expect(hasAnyPermission(null, undefined)).toBe(true);
    expect(hasAnyPermission(maria, [])).toBe(true);
  });
  it('passes when the user holds at least one of the codes', () => {
    expect(hasAnyPermission(maria, ['VIEW_BRANDS', 'VIEW_CHECKINS'])).toBe(true);
  });
  it('fails when the user holds none of them, or nobody is signed in', () => {
    expect(hasAnyPermission(maria, ['VIEW_BRANDS'])).toBe(false);
    expect(hasAnyPermission(null, ['VIEW_BRANDS'])).toBe(false);
  });
});
