/// <reference types="vite-plugin-pwa/client" />
// The field app's service worker, from this page only (the back-office registers none): built by
// vite-plugin-pwa (packages/app/build/field-pwa.ts), scoped to /campo (docs/field-app.md).
import { registerSW } from 'virtual:pwa-register';

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
let applyWaiting: (() => Promise<void>) | null = null;
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
 * Moves this page to the new version: the waiting worker takes over and the page reloads once it
 * controls it. Only ever called from the promoter's 'Actualizar', with no visit in progress.
 */
export async function applyUpdate(): Promise<void> {
  if (status === 'reload' || !applyWaiting) {
    window.location.reload();
    return;
  }
  askedHere = true;
  await applyWaiting();
}

/**
 * Registers the worker (in a build; `vite` dev has none). A new version never reloads the page by
 * itself: it is announced, and applied when the promoter asks. A page whose worker was switched by
 * another tab is told to reload rather than reloaded.
 */
export function registerFieldServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  applyWaiting = registerSW({
    onNeedRefresh: () => setStatus('waiting'),
    onNeedReload: () => {
      if (askedHere) window.location.reload();
      else setStatus('reload');
    },
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      window.setInterval(() => {
        if (navigator.onLine) registration.update().catch(() => undefined);
      }, CHECK_EVERY_MS);
    },
  });
}
