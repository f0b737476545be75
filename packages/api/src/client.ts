import createClient, { type Client } from 'openapi-fetch';
import { timeoutError, toApiError } from './api-error';
import { takeEarlyRefresh } from './early-refresh';
import { unwrap } from './envelope';
import type { paths } from './generated/schema';
import { createRefreshQueue } from './refresh';
import type { Session } from './types';

/** spec 1 §7: every call goes to the versioned base path. */
export const DEFAULT_BASE_URL = '/api/v1';
/** spec 1 §9: API timeout. */
export const DEFAULT_TIMEOUT_MS = 10_000;

export type FetchFunction = (request: Request) => Promise<Response>;

export interface ApiClientOptions {
  /** Base of every path; default `/api/v1` (tests and Storybook may point elsewhere). */
  baseUrl?: string;
  /** The fetch to use; default the global fetch, looked up at call time (so MSW can patch it). */
  fetch?: FetchFunction;
  /** Per-attempt timeout in milliseconds; default 10 000 (a call may pass its own `timeoutMs`). */
  timeoutMs?: number;
}

/** The typed openapi-fetch client, plus the shared session refresh. */
export interface ApiClient extends Client<paths> {
  /** The base URL the client was built with (as given, not resolved). */
  readonly baseUrl: string;
  /** `POST /auth/refresh-token` once; concurrent callers (and queued 401s) share the attempt. */
  refreshSession(): Promise<Session>;
  /** The fetch given in the options (tests, Storybook); undefined for the global fetch. */
  readonly customFetch?: FetchFunction;
}

/** Per-request override of the timeout: `client.GET(path, { timeoutMs: 120_000 })`. */
interface TimeoutOption {
  timeoutMs?: number;
}

/** The per-request timeout openapi-fetch copied onto the Request (unknown init keys land there). */
function requestTimeoutMs(request: Request): number | undefined {
  const value = (request as Request & TimeoutOption).timeoutMs;
  return typeof value === 'number' && value > 0 ? value : undefined;
}

/**
 * Wraps fetch with the timeout, combined with the caller's signal, and turns a network failure or
 * timeout into an `ApiError` with statusCode 0; a caller's abort stays an AbortError. The timer
 * also covers reading the body, so it is not cleared when the headers arrive (aborting a finished
 * request does nothing). A plain controller rather than AbortSignal.any(AbortSignal.timeout()):
 * Node 20 lets such composite signals be garbage-collected before they fire.
 */
function withTimeout(fetchImpl: FetchFunction, timeoutMs: number): FetchFunction {
  return async (request) => {
    const caller = request.signal;
    const controller = new AbortController();
    const followCaller = () => controller.abort(caller.reason);
    if (caller.aborted) followCaller();
    else caller.addEventListener('abort', followCaller, { once: true });
    let timedOut = false;
    const timer = setTimeout(
      () => {
        timedOut = true;
        caller.removeEventListener('abort', followCaller);
        controller.abort(new DOMException('The request timed out.', 'TimeoutError'));
      },
      requestTimeoutMs(request) ?? timeoutMs,
    );
    // Node only: a pending timer must not keep the process alive.
    (timer as { unref?: () => void }).unref?.();
    try {
      return await fetchImpl(new Request(request, { signal: controller.signal }));
    } catch (error) {
      clearTimeout(timer);
      caller.removeEventListener('abort', followCaller);
      if (caller.aborted) throw error;
      if (timedOut) throw timeoutError(error);
      throw toApiError(error);
    }
  };
}

// Node's Request (tests) cannot take a relative URL; in a page, resolve it against the origin.
function absoluteBaseUrl(baseUrl: string): string {
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  if (/^[a-z][a-z\d+.-]*:/i.test(baseUrl) || !origin || origin === 'null') return baseUrl;
  return new URL(baseUrl, origin).href;
}

/** Creates a client: cookies sent, `Accept: application/json`, bearer token, 401 refresh queue, timeout. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? DEFAULT_BASE_URL;
  const fetchImpl: FetchFunction = options.fetch ?? ((request) => globalThis.fetch(request));
  const client = createClient<paths>({
    baseUrl: absoluteBaseUrl(baseUrl),
    credentials: 'include',
    headers: { Accept: 'application/json' },
    fetch: withTimeout(fetchImpl, options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
  });
  const queue = createRefreshQueue(async () => {
    // A reload's first renewal may already be under way, started by the page's HTML.
    const early = await takeEarlyRefresh();
    const fetchEarly = early ? { fetch: () => Promise.resolve(early) } : {};
    return unwrap(client.POST('/auth/refresh-token', fetchEarly));
  });
  client.use(queue.middleware);
  return Object.assign(client, {
    baseUrl,
    refreshSession: queue.refreshSession,
    customFetch: options.fetch,
  });
}

let current: ApiClient | undefined;

/** The app-wide client (created with the defaults on first use). */
export function getApiClient(): ApiClient {
  current ??= createApiClient();
  return current;
}

/** Replaces the app-wide client, e.g. with another base URL for tests or Storybook. */
export function configureApiClient(options: ApiClientOptions = {}): ApiClient {
  current = createApiClient(options);
  return current;
}
