import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../env.ts';
import { isFieldAppPath } from './app-files.ts';

// Response headers of every answer (issue 8). They are helmet's set, written here as one object
// built at start-up and given to each answer in one call: @fastify/helmet built a new helmet
// middleware per request and set each header on the raw response, about 3 % of the CPU of a
// signed-in 10-row page (issue 13, bench/README.md "Session 9").
// - a strict Content-Security-Policy for the app: scripts only from our origin, plus the inline
//   scripts of index.html (the theme, Intl's warm-up, the first load's preloads) allowed by their
//   sha256, computed here at start-up from the file that is served (so they can never go stale);
//   no 'unsafe-inline' script. The API reference
//   (/api/docs, Scalar) gets its own relaxed policy, since Scalar's page runs inline code.
// - HSTS only on answers to https requests (directly or, with TRUST_PROXY, behind a proxy that
//   says so); an http deployment must not pin browsers to https it does not serve.
// - Cross-Origin-Opener-Policy, Cross-Origin-Resource-Policy, Permissions-Policy,
//   Referrer-Policy, X-Content-Type-Options, X-Frame-Options DENY.
// - `Cache-Control: no-store` on every answer of /api/v1/auth (tokens, sessions).
// - `Secure` on every cookie set over https (the refresh cookie behind a TLS proxy).

/** Features the back-office never uses. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'interest-cohort=()',
].join(', ');

/**
 * The field app (/campo) asks for the position at a check-in and takes the visit's photos with
 * the camera: both for our own origin only, on its pages only.
 */
const FIELD_APP_PERMISSIONS_POLICY = PERMISSIONS_POLICY.replace(
  'camera=()',
  'camera=(self)',
).replace('geolocation=()', 'geolocation=(self)');

/** sha256 sources ('sha256-...') of the inline `<script>` elements of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  const pattern = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(html))) {
    if (/\bsrc\s*=/i.test(match[1] ?? '')) continue;
    const body = match[2] ?? '';
    if (body.trim() === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The app's policy, given the hashes of index.html's inline scripts. */
function appContentSecurityPolicy(scriptHashes: string[]): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
    'script-src-attr': ["'none'"],
    // Inline style attributes (React Aria positions popovers with them) are not scripts.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** Scalar's page at /api/docs: its inline bootstrap script and styles, fonts and images. */
const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline' https://fonts.scalar.com",
  "font-src 'self' data: https://fonts.scalar.com",
  "img-src 'self' data: blob: https:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

function serialize(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Reads the inline script hashes of the built index.html (none when the app is not built). */
function indexHtmlHashes(appDistDir: string): string[] {
  try {
    return inlineScriptHashes(readFileSync(path.join(appDistDir, 'index.html'), 'utf8'));
  } catch {
    return [];
  }
}

/**
 * What helmet 8 sends with the options this project used (COEP off, CSP and HSTS set below):
 * the same names and values, computed once.
 */
const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Origin-Agent-Cluster': '?1',
  'Referrer-Policy': 'same-origin',
  'X-Content-Type-Options': 'nosniff',
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Frame-Options': 'DENY',
  'X-Permitted-Cross-Domain-Policies': 'none',
  'X-XSS-Protection': '0',
  'Permissions-Policy': PERMISSIONS_POLICY,
});

/** Whether a request path (any case, query string included) is the API reference's page. */
function isDocsPath(url: string): boolean {
  const lower = url.slice(0, 10).toLowerCase();
  return lower === '/api/docs' || lower.startsWith('/api/docs/') || lower.startsWith('/api/docs?');
}

/** Whether a request path (any case) is under /api/v1/auth/. */
function isAuthPath(url: string): boolean {
  return url.length >= 13 && url.slice(0, 13).toLowerCase() === '/api/v1/auth/';
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'appDistDir'>,
): Promise<void> {
  const appPolicy = serialize(appContentSecurityPolicy(indexHtmlHashes(config.appDistDir)));

  // onSend runs for every answer: the handlers', the errors' and the not-found ones.
  app.addHook(
    'onSend',
    (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: HookDone) => {
      reply.headers(STATIC_SECURITY_HEADERS);
      reply.header(
        'Content-Security-Policy',
        isDocsPath(request.url)
          ? DOCS_CONTENT_SECURITY_POLICY
          : // A file answer sets its own, stricter policy (routes/files.ts).
            (reply.getHeader('Content-Security-Policy') ?? appPolicy),
      );
      if (isAuthPath(request.url)) reply.header('Cache-Control', 'no-store');
      else if (isFieldAppPath((request.url.split('?')[0] ?? '').toLowerCase())) {
        reply.header('Permissions-Policy', FIELD_APP_PERMISSIONS_POLICY);
      }
      if (request.protocol === 'https') {
        reply.header('Strict-Transport-Security', HSTS_VALUE);
        securedCookies(reply);
      }
      done(null, payload);
    },
  );
}

type HookDone = (error: Error | null, payload?: unknown) => void;

/** Adds `Secure` to the cookies of an answer to an https request. */
function securedCookies(reply: FastifyReply): void {
  const header = reply.getHeader('Set-Cookie');
  if (header === undefined) return;
  const cookies = (Array.isArray(header) ? header : [String(header)]).map((cookie) =>
    /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`,
  );
  reply.header('Set-Cookie', cookies);
}
