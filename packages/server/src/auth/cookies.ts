import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../env.ts';
import { PERSISTENT_SESSION_TTL_MS, type IssuedRefreshToken } from './sessions.ts';

const REFRESH_COOKIE = 'anaquel_refresh';
/** The cookie is sent only to the auth endpoints. */
const REFRESH_COOKIE_PATH = '/api/v1/auth';

/**
 * httpOnly, SameSite=Strict, Path=/api/v1/auth; a Max-Age (30 days) only for rememberMe
 * sessions, otherwise a browser-session cookie.
 */
export function setRefreshCookie(
  reply: FastifyReply,
  config: Pick<Config, 'cookieSecure'>,
  issued: IssuedRefreshToken,
): void {
  reply.setCookie(REFRESH_COOKIE, issued.token, {
    httpOnly: true,
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
    secure: config.cookieSecure,
    ...(issued.persistent ? { maxAge: Math.floor(PERSISTENT_SESSION_TTL_MS / 1000) } : {}),
  });
}

export function clearRefreshCookie(
  reply: FastifyReply,
  config: Pick<Config, 'cookieSecure'>,
): void {
  reply.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
    secure: config.cookieSecure,
  });
}

export function readRefreshCookie(request: FastifyRequest): string | null {
  const value = request.cookies[REFRESH_COOKIE];
  return value && value.length <= 200 ? value : null;
}
