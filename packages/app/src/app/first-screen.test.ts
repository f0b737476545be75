import { setAccessToken } from '@anaquel/api';
import type { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../stores/auth-store';
import { startFirstScreen } from './first-screen';
import { loadAppServices } from './lazy-services';
import type { ScreenPrefetch, ScreenRoute } from './screen-table';

function signIn(permissions: string[]) {
  useAuthStore.setState({
    isAuthenticated: true,
    user: {
      id: 1,
      completeName: 'Ana Prueba',
      email: 'ana@anaquel.mx',
      profileImageUrl: null,
      permissions: permissions as never[],
    },
  });
}

/** One screen at /checkins/:checkInId with VIEW_CHECKINS, whose prefetch is `prefetch`. */
function table(prefetch: ScreenPrefetch): ScreenRoute[] {
  return [
    {
      path: '/checkins/:checkInId',
      title: 'Visita',
      screen: async () => ({ default: () => null, prefetch }),
      anyOf: ['VIEW_CHECKINS'],
    },
  ];
}

const at = { pathname: '/checkins/7', search: '?startDate=2026-11-20' };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("startFirstScreen: a signed-in page's screen and first queries start with the router", () => {
  beforeEach(() => {
    useAuthStore.setState({ isAuthenticated: false, user: null });
    setAccessToken('token');
  });

  it('prefetches once the session is renewed, with the params, query string and permissions', async () => {
    signIn(['VIEW_CHECKINS']);
    const prefetch = vi.fn<ScreenPrefetch>();
    let renewed!: () => void;
    startFirstScreen(at, new Promise<void>((resolve) => (renewed = resolve)), table(prefetch));
    await settle();
    expect(prefetch).not.toHaveBeenCalled();
    renewed();
    await vi.waitFor(() => expect(prefetch).toHaveBeenCalledOnce());
    const [queryClient, where] = prefetch.mock.calls[0]!;
    expect(queryClient).toBe((await loadAppServices()).queryClient as QueryClient);
    expect(where.params).toEqual({ checkInId: '7' });
    expect(where.search.get('startDate')).toBe('2026-11-20');
    expect(where.permissions).toEqual(['VIEW_CHECKINS']);
  });

  it('prefetches nothing signed out, without the permission, or when the session ended', async () => {
    const prefetch = vi.fn<ScreenPrefetch>();
    startFirstScreen(at, Promise.resolve(), table(prefetch));
    signIn(['VIEW_USERS']);
    startFirstScreen(at, Promise.resolve(), table(prefetch));
    signIn(['VIEW_CHECKINS']);
    startFirstScreen(
      at,
      Promise.resolve().then(() => {
        useAuthStore.setState({ isAuthenticated: false, user: null });
      }),
      table(prefetch),
    );
    startFirstScreen({ pathname: '/checkins', search: '' }, Promise.resolve(), table(prefetch));
    await loadAppServices();
    await settle();
    expect(prefetch).not.toHaveBeenCalled();
  });

  it("starts the queries of a screen's own `queries` module before the screen's code arrives", async () => {
    signIn(['VIEW_CHECKINS']);
    const prefetch = vi.fn<ScreenPrefetch>();
    const screenPrefetch = vi.fn<ScreenPrefetch>();
    const [route] = table(screenPrefetch);
    const slowScreen: ScreenRoute = {
      ...route!,
      // The screen's code never arrives in this test.
      screen: () => new Promise(() => undefined),
      queries: async () => ({ prefetch }),
    };
    startFirstScreen(at, Promise.resolve(), [slowScreen]);
    await vi.waitFor(() => expect(prefetch).toHaveBeenCalledOnce());
    expect(prefetch.mock.calls[0]![1].params).toEqual({ checkInId: '7' });
    expect(screenPrefetch).not.toHaveBeenCalled();
  });
});
