// Apart from guards.tsx so the sign-in boot (sign-in-app.tsx) reads it without react-router.

/** Router state carried to /login so a successful sign-in returns where the visitor was going. */
export interface LoginRedirectState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** The remembered path in a /login location state, if it is a safe in-app path. */
export function rememberedPath(state: unknown): string | null {
  const from = (state as LoginRedirectState | null | undefined)?.from;
  if (!from || typeof from.pathname !== 'string') return null;
  const { pathname } = from;
  // Only same-app absolute paths; never back to the public-only pages.
  if (!pathname.startsWith('/') || pathname.startsWith('//')) return null;
  if (pathname === '/login' || pathname === '/reset-password') return null;
  return `${pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
