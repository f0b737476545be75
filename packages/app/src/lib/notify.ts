import { toast, type ToastKind } from '@anaquel/ui';

/**
 * Shows a toast (spec 1 §2: top right, auto-close 5000 ms; errors de-duplicated for 3000 ms).
 * Usable outside React: the global error handler and the session code call it too. The `<Toaster>`
 * is mounted once in the app root.
 */
export function notify(message: string, kind: ToastKind = 'info'): void {
  toast[kind](message);
}
