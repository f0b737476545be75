import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../http/errors.ts';
import type { AuthRequirement } from '../http/contract.ts';
import { cachedPrincipal, type Principal } from './principal.ts';
import { verifyAccessToken } from './tokens.ts';

// The one place where an operation's auth requirement is enforced. buildApp decorates the app
// with `authorize`, and registerOperation (http/contract.ts) calls it in the route's onRequest
// hook, so a request without the right to call is refused before its body is even read; the
// HTTP layer never imports this module.

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the guard on every non-public operation. */
    principal: Principal | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** 401 unless a valid access token of a live session of an active user is presented. */
async function authenticate(request: FastifyRequest): Promise<Principal> {
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  const { config, db } = request.server.services;
  const claims = await verifyAccessToken(token, config.jwtSecret);
  if (!claims) throw unauthorized();
  // Reused for a few seconds, invalidated by session, user and permission changes (principal.ts).
  const principal = await cachedPrincipal(db, claims.userId, claims.sessionId);
  if (!principal) throw unauthorized();
  return principal;
}

export async function authorize(
  request: FastifyRequest,
  requirement: AuthRequirement,
): Promise<void> {
  if (requirement === 'public') return;
  const principal = await authenticate(request);
  request.principal = principal;
  if (requirement !== 'authenticated' && !principal.permissions.has(requirement)) {
    throw forbidden();
  }
}

/** The principal of an authenticated operation's request (throws if the guard did not run). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('principalOf() used on a public operation');
  return request.principal;
}
