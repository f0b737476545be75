import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

/** What one toast shows. */
export interface ToastData {
  kind: ToastKind;
  /** The Spanish sentence, e.g. 'Inicio de sesión exitoso.' */
  message: string;
  /** Optional bold first line. */
  title?: string;
}

export interface ShowToastOptions {
  /** Milliseconds before it closes by itself (spec 1 §9: 5000). 0 keeps it until closed. */
  timeout?: number;
  /**
   * After showing, ignore the same message for this many milliseconds. Errors default to
   * `ERROR_TOAST_DEDUPE_MS` (spec 1 §9) so one failure reported twice shows once.
   */
  dedupeMs?: number;
  /** Optional bold first line. */
  title?: string;
  /** Called when the toast closes (timeout, close button or `toast.close`). */
  onClose?: () => void;
}

/** spec 1 §9: toasts close by themselves after 5000 ms. */
export const TOAST_TIMEOUT_MS = 5000;
/** spec 1 §9: the same error toast is not repeated within 3000 ms. */
export const ERROR_TOAST_DEDUPE_MS = 3000;

export interface ToastApi {
  /** Shows a toast; returns its key, or null when the message is currently suppressed. */
  show(data: ToastData, options?: Omit<ShowToastOptions, 'title'>): string | null;
  success(message: string, options?: ShowToastOptions): string | null;
  error(message: string, options?: ShowToastOptions): string | null;
  warning(message: string, options?: ShowToastOptions): string | null;
  info(message: string, options?: ShowToastOptions): string | null;
  /** Closes one toast by key. */
  close(key: string): void;
  /** Closes every toast and forgets suppressed messages. */
  clear(): void;
  /** Ignores any toast with exactly this message for the next `ms` milliseconds. */
  suppress(message: string, ms: number): void;
  /** Whether a toast with this message would be ignored right now. */
  isSuppressed(message: string): boolean;
  /** The react-aria queue the `Toaster` renders. */
  readonly queue: ToastQueue<ToastData>;
}

/**
 * Creates an independent toast API (the app uses the shared `toast`; tests may make their own).
 * `now` is injectable so suppression windows can be tested with fake timers.
 */
export function createToastApi(now: () => number = () => Date.now()): ToastApi {
  const queue = new ToastQueue<ToastData>({ maxVisibleToasts: 5 });
  const suppressedUntil = new Map<string, number>();

  const isSuppressed = (message: string) => {
    const until = suppressedUntil.get(message);
    if (until === undefined) return false;
    if (now() < until) return true;
    suppressedUntil.delete(message);
    return false;
  };

  const suppress = (message: string, ms: number) => {
    if (ms <= 0) return;
    const until = now() + ms;
    suppressedUntil.set(message, Math.max(until, suppressedUntil.get(message) ?? 0));
  };

  const show: ToastApi['show'] = (data, options = {}) => {
    if (isSuppressed(data.message)) return null;
    const dedupeMs = options.dedupeMs ?? (data.kind === 'error' ? ERROR_TOAST_DEDUPE_MS : 0);
    suppress(data.message, dedupeMs);
    const timeout = options.timeout ?? TOAST_TIMEOUT_MS;
    return queue.add(data, {
      ...(timeout > 0 ? { timeout } : {}),
      ...(options.onClose ? { onClose: options.onClose } : {}),
    });
  };

  const byKind =
    (kind: ToastKind) =>
    (message: string, { title, ...options }: ShowToastOptions = {}) =>
      show({ kind, message, ...(title ? { title } : {}) }, options);

  return {
    show,
    success: byKind('success'),
    error: byKind('error'),
    warning: byKind('warning'),
    info: byKind('info'),
    close: (key) => queue.close(key),
    clear: () => {
      suppressedUntil.clear();
      queue.clear();
    },
    suppress,
    isSuppressed,
    queue,
  };
}

/**
 * The app-wide toast API, usable outside React (e.g. in an API error handler):
 * `toast.success('Inicio de sesión exitoso.')`, `toast.error(message)`. Render `<Toaster />` once.
 */
export const toast: ToastApi = createToastApi();
