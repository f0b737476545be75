import { useCallback, useEffect, useMemo, useRef } from 'react';

/** A debounced function plus a way to drop a pending call. */
export interface DebouncedCallback<A extends unknown[]> {
  (...args: A): void;
  /** Drops the pending call, if any. */
  cancel: () => void;
  /** Runs the pending call now, if any. */
  flush: () => void;
}

/**
 * Returns a stable function that calls `callback` once `delayMs` have passed without a new call
 * (the last arguments win). The latest `callback` is always used; a pending call is dropped on
 * unmount.
 */
export function useDebouncedCallback<A extends unknown[]>(
  callback: (...args: A) => void,
  delayMs: number,
): DebouncedCallback<A> {
  const callbackRef = useRef(callback);
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const argsRef = useRef<A | null>(null);

  useEffect(() => {
    callbackRef.current = callback;
  }, [callback]);

  const cancel = useCallback(() => {
    if (timerRef.current !== null) clearTimeout(timerRef.current);
    timerRef.current = null;
    argsRef.current = null;
  }, []);

  const flush = useCallback(() => {
    const args = argsRef.current;
    cancel();
    if (args) callbackRef.current(...args);
  }, [cancel]);

  useEffect(() => cancel, [cancel]);

  return useMemo(
    () =>
      Object.assign(
        (...args: A) => {
          if (timerRef.current !== null) clearTimeout(timerRef.current);
          argsRef.current = args;
          timerRef.current = setTimeout(flush, delayMs);
        },
        { cancel, flush },
      ),
    [delayMs, cancel, flush],
  );
}
