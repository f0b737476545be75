// The field app's service worker, from this page only (the back-office registers none): built by
// vite-plugin-pwa (packages/app/build/field-pwa.ts), scoped to /campo (docs/field-app.md). Registered
// by hand rather than through the plugin's workbox-window client: the same few events, 2 KB less on
// a phone's first load.

/** Where build/field-pwa.ts writes the worker, and the scope it is given. */
const SW_URL = '/campo-sw.js';
const SW_SCOPE = '/campo';

/** Where the page is with the versions of the app. */
export type UpdateStatus =
  /** Nothing to do: this page runs the current version. */
  | 'current'
  /** A new version is installed and waits until the promoter asks for it ('Actualizar'). */
  | 'waiting'
  /** Another tab already switched to the new version: this one needs a reload, when the promoter says. */
  | 'reload';

/** How often an open app asks the server for a new version (a phone may stay open all day). */
const CHECK_EVERY_MS = 60 * 60_000;

let status: UpdateStatus = 'current';
let askedHere = false;
let registration: ServiceWorkerRegistration | null = null;
const listeners = new Set<() => void>();

function setStatus(next: UpdateStatus): void {
  status = next;
  listeners.forEach((listener) => listener());
}

/** For `useSyncExternalStore`. */
export function subscribeUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function updateStatus(): UpdateStatus {
  return status;
}

/**
 * Moves this page to the new version: the waiting worker takes over (Workbox's SKIP_WAITING
 * message) and the page reloads once it controls it. Only ever called from the promoter's
 * 'Actualizar', with no visit in progress.
 */
export function applyUpdate(): void {
  const waiting = registration?.waiting;
  if (status === 'reload' || !waiting) {
    window.location.reload();
    return;
  }
  askedHere = true;
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

/** Announces `worker` once installed if it is an update (a page already controlled). */
function watchInstall(worker: ServiceWorker | null): void {
  const check = () => {
    if (worker?.state === 'installed' && navigator.serviceWorker.controller) setStatus('waiting');
  };
  worker?.addEventListener('statechange', check);
  check();
}

async function register(): Promise<void> {
  const container = navigator.serviceWorker;
  // The first install claims the page (clientsClaim): that change of controller is no update.
  let controlled = container.controller !== null;
  container.addEventListener('controllerchange', () => {
    if (!controlled) {
      controlled = true;
      return;
    }
    if (askedHere) window.location.reload();
    else setStatus('reload');
  });
  registration = await container.register(SW_URL, { scope: SW_SCOPE });
  if (registration.waiting && container.controller) setStatus('waiting');
  registration.addEventListener('updatefound', () =>
    watchInstall(registration?.installing ?? null),
  );
  window.setInterval(() => {
    if (navigator.onLine) registration?.update().catch(() => undefined);
  }, CHECK_EVERY_MS);
}

/**
 * Registers the worker (in a build; `vite` dev has none). A new version never reloads the page by
 * itself: it is announced, and applied when the promoter asks. A page whose worker was switched by
 * another tab is told to reload rather than reloaded.
 */
export function registerFieldServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // After the load: the precache's downloads never compete with the page's own first load.
  const start = () => void register().catch(() => undefined);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
