import type { Middleware } from 'openapi-fetch';
import { isApiError, sessionExpiredError } from './api-error';
import { getAccessToken, getAccessTokenVersion, setAccessToken } from './auth-token';
import type { Session } from './types';
import { REFRESH_LOCK_NAME } from './early-refresh';

/** Calls whose 401 means "bad credentials" or "no session", never "renew the token". */
const NEVER_REFRESHED = new Set(['/auth/login', '/auth/refresh-token', '/auth/logout']);

interface SentRequest {
  /** An untouched copy, so the body can be sent again. */
  replay: Request;
  /** Token version when the request left; a later version means the token changed meanwhile. */
  tokenVersion: number;
  /** Refreshes finished when the request left; a later count means one answered meanwhile. */
  refreshesDone: number;
}

/**
 * The refresh token is rotated at every use and a replayed one revokes its family, so two tabs
 * must never send the same cookie at once: where Web Locks exist, one refresh runs at a time.
 */
function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  return locks ? (locks.request(REFRESH_LOCK_NAME, task) as Promise<T>) : task();
}

/** The untouched copy of `request`, to send again with the renewed `token`. */
function replayWithToken(request: Request, replay: Request, token: string): Request {
  replay.headers.set('Authorization', `Bearer ${token}`);
  // clone() drops the per-request options openapi-fetch copied onto the Request.
  const timeoutMs = (request as Request & { timeoutMs?: unknown }).timeoutMs;
  if (timeoutMs !== undefined) Object.assign(replay, { timeoutMs });
  return replay;
}

export interface RefreshQueue {
  /** Renews the session once; concurrent callers share the same attempt. */
  refreshSession(): Promise<Session>;
  /** Bearer token on every request, and the one-refresh-then-replay rule on 401 (spec 1 §4). */
  middleware: Middleware;
}

/**
 * Builds the 401 refresh queue around `requestRefresh` (the `POST /auth/refresh-token` call,
 * resolving to the session or throwing an `ApiError`).
 */
export function createRefreshQueue(requestRefresh: () => Promise<Session>): RefreshQueue {
  let inFlight: Promise<Session> | null = null;
  let refreshesDone = 0;
  const sent = new WeakMap<Request, SentRequest>();
  // spec 1 §4: the retry flag; a replayed request never triggers a second refresh.
  const replayed = new WeakSet<Request>();

  async function renew(): Promise<Session> {
    try {
      const session = await withRefreshLock(requestRefresh);
      refreshesDone += 1;
      setAccessToken(session.accessToken, { user: session.user });
      return session;
    } catch (error) {
      // No answer at all (offline, timeout) does not prove the session is over: fail with that
      // error and let the next 401 try again. Any answer from the server ends the session.
      if (isApiError(error) && error.statusCode === 0) throw error;
      refreshesDone += 1;
      setAccessToken(null);
      throw sessionExpiredError(error);
    }
  }

  function refreshSession(): Promise<Session> {
    inFlight ??= renew().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  async function tokenForReplay(request: SentRequest): Promise<string> {
    if (inFlight) return (await inFlight).accessToken;
    if (
      getAccessTokenVersion() !== request.tokenVersion ||
      refreshesDone !== request.refreshesDone
    ) {
      // The session changed after this request left: a refresh already answered (replay with its
      // token), or it failed or the user signed out (fail like the others did).
      const current = getAccessToken();
      if (current === null) throw sessionExpiredError();
      return current;
    }
    return (await refreshSession()).accessToken;
  }

  const middleware: Middleware = {
    onRequest({ request, schemaPath }) {
      const token = getAccessToken();
      if (token !== null) request.headers.set('Authorization', `Bearer ${token}`);
      if (!NEVER_REFRESHED.has(schemaPath)) {
        sent.set(request, {
          replay: request.clone(),
          tokenVersion: getAccessTokenVersion(),
          refreshesDone,
        });
      }
      return request;
    },
    async onResponse({ request, response, schemaPath, options }) {
      if (response.status !== 401) return undefined;
      // spec 1 §7: a 401 on logout is treated as a refresh error.
      if (schemaPath === '/auth/logout') {
        await response.body?.cancel();
        setAccessToken(null);
        throw sessionExpiredError();
      }
      const original = sent.get(request);
      if (!original || replayed.has(request)) return undefined;
      const token = await tokenForReplay(original);
      await response.body?.cancel();
      const replay = replayWithToken(request, original.replay, token);
      replayed.add(replay);
      return options.fetch(replay);
    },
  };

  return { refreshSession, middleware };
}
