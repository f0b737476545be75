/**
 * The session renewal a signed-in page's first HTML starts before any of its scripts has loaded
 * (the app's build writes that inline script: packages/app/build/first-load-preload.ts). A reload
 * of a signed-in page has no access token (it lives in memory only), so the renewal is on the path
 * of every first screen; started by the HTML it runs while the scripts download instead of after
 * them. The client takes it once as its first renewal, so the refresh token is used once.
 */

/** The Web Lock every renewal of this origin takes, so two tabs never use the same refresh token. */
export const REFRESH_LOCK_NAME = 'anaquel-auth-refresh';

/** The renewal of the app's client (DEFAULT_BASE_URL + the contract's path). */
export const EARLY_REFRESH_URL = '/api/v1/auth/refresh-token';

/** Where the inline script leaves its answer (a `Promise<Response>`). */
export const EARLY_REFRESH_GLOBAL = '__anaquelEarlyRefresh';

/**
 * The answer of the renewal the page's HTML started, once (later calls get undefined); null when
 * it got no answer (offline), so the caller renews the usual way and reports that failure.
 */
export function takeEarlyRefresh(): Promise<Response | null> | undefined {
  const holder = globalThis as Record<string, unknown>;
  const early = holder[EARLY_REFRESH_GLOBAL];
  if (!(early instanceof Promise)) return undefined;
  delete holder[EARLY_REFRESH_GLOBAL];
  return early.then(
    (response: unknown) => (response instanceof Response ? response : null),
    () => null,
  );
}
