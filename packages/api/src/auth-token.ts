// The access token lives in memory only (shared auth decision); the refresh token is an httpOnly
// cookie the browser sends to /api/v1/auth. Tabs follow each other through a BroadcastChannel.
import type { SessionUser } from './types';

/** A change of the access token, with the user when a login or refresh delivered one. */
export interface AccessTokenChange {
  /** The new token, or null once signed out or the session could not be renewed. */
  accessToken: string | null;
  /** The user that came with the token (login, refresh), when there is one. */
  user?: SessionUser;
  /** 'local' when this tab made the change, 'remote' when another tab broadcast it. */
  origin: 'local' | 'remote';
}

export type AccessTokenListener = (change: AccessTokenChange) => void;

/** Name of the BroadcastChannel the tabs share. */
export const AUTH_CHANNEL_NAME = 'anaquel-auth';

interface TokenMessage {
  type: 'access-token';
  accessToken: string | null;
  user?: SessionUser;
}

let accessToken: string | null = null;
let version = 0;
const listeners = new Set<AccessTokenListener>();
// undefined: not opened yet; null: BroadcastChannel is not available here.
let channel: BroadcastChannel | null | undefined;

function isTokenMessage(value: unknown): value is TokenMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Partial<TokenMessage>;
  return (
    message.type === 'access-token' &&
    (message.accessToken === null || typeof message.accessToken === 'string') &&
    (message.user === undefined || (typeof message.user === 'object' && message.user !== null))
  );
}

function openChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  if (typeof BroadcastChannel !== 'function') {
    channel = null;
    return channel;
  }
  channel = new BroadcastChannel(AUTH_CHANNEL_NAME);
  channel.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (!isTokenMessage(event.data)) return;
    apply(event.data.accessToken, event.data.user, 'remote');
  });
  // Node keeps a process alive while a channel is open; browsers have no unref.
  (channel as BroadcastChannel & { unref?: () => void }).unref?.();
  return channel;
}

/** Applies a change; false when nothing changed (same token, no user), so nobody is told. */
function apply(
  token: string | null,
  user: SessionUser | undefined,
  origin: 'local' | 'remote',
): boolean {
  if (token === accessToken && user === undefined) return false;
  if (token !== accessToken) version += 1;
  accessToken = token;
  const change: AccessTokenChange =
    user === undefined ? { accessToken: token, origin } : { accessToken: token, user, origin };
  for (const listener of [...listeners]) listener(change);
  return true;
}

/** The current access token, or null. */
export function getAccessToken(): string | null {
  openChannel();
  return accessToken;
}

/**
 * Stores the access token (null signs out), tells the subscribers and broadcasts it to the other
 * tabs. Pass the user that came with it so the app's auth store can follow. Setting the same
 * token again without a user changes nothing and tells nobody.
 */
export function setAccessToken(token: string | null, options: { user?: SessionUser } = {}): void {
  const target = openChannel();
  if (!apply(token, options.user, 'local')) return;
  const message: TokenMessage =
    options.user === undefined
      ? { type: 'access-token', accessToken: token }
      : { type: 'access-token', accessToken: token, user: options.user };
  target?.postMessage(message);
}

/** Calls `listener` on every token change (this tab's and other tabs'); returns the unsubscribe. */
export function subscribeAccessToken(listener: AccessTokenListener): () => void {
  openChannel();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Increases whenever the token changes; lets the refresh queue tell whether a 401 is stale. */
export function getAccessTokenVersion(): number {
  return version;
}

/** Test helper: forget the token and the listeners, close the channel. */
export function resetAccessTokenStore(): void {
  accessToken = null;
  version = 0;
  listeners.clear();
  channel?.close();
  channel = undefined;
}
