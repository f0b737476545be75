// When a changed visit goes to the device store. The tap that changes an answer shows it first:
// the write (a structured clone of the whole visit and an IndexedDB transaction, milliseconds on
// a slow phone) starts once the frame that shows the change is drawn, and the changes made in the
// meantime go in one write. It never waits longer than FALLBACK_MS (a hidden page draws no
// frames), and `flush` writes at once, for a page being hidden or closed and a screen leaving.
import type { StoredVisit } from '../store/db';

const FALLBACK_MS = 100;

export interface VisitWriter {
  /** Queues the visit (replacing one queued before); resolves once it is written or refused. */
  write: (visit: StoredVisit) => Promise<void>;
  /** Starts the queued write now. */
  flush: () => void;
}

/**
 * A writer that puts the latest visit with `put` after the next frame and tells `report` the
 * outcome (null, or the error). Writes start in the order they are made, so IndexedDB applies
 * them in that order.
 */
export function visitWriter(
  put: (visit: StoredVisit) => Promise<unknown>,
  report: (error: unknown) => void,
): VisitWriter {
  let queued: StoredVisit | null = null;
  let waiters: (() => void)[] = [];
  let frame: number | undefined;
  let timers: ReturnType<typeof setTimeout>[] = [];

  const cancel = () => {
    if (frame !== undefined) cancelAnimationFrame(frame);
    frame = undefined;
    timers.forEach(clearTimeout);
    timers = [];
  };
  const flush = () => {
    cancel();
    if (!queued) return;
    const visit = queued;
    const done = waiters;
    queued = null;
    waiters = [];
    void put(visit)
      .then(
        () => report(null),
        (error: unknown) => report(error),
      )
      .finally(() => done.forEach((resolve) => resolve()));
  };
  const schedule = () => {
    if (timers.length > 0) return;
    timers.push(setTimeout(flush, FALLBACK_MS));
    if (typeof requestAnimationFrame === 'function') {
      // After the frame's paint: a timer set in a frame callback runs once it is drawn.
      frame = requestAnimationFrame(() => {
        frame = undefined;
        timers.push(setTimeout(flush, 0));
      });
    } else {
      timers.push(setTimeout(flush, 0));
    }
  };
  return {
    write(visit) {
      queued = visit;
      schedule();
      return new Promise((resolve) => waiters.push(resolve));
    },
    flush,
  };
}

/**
 * Calls `flush` when the page is hidden or closed (it may draw no further frame, and a phone may
 * end a hidden page); answers the function that stops listening.
 */
export function flushWhenHidden(flush: () => void): () => void {
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', flush);
  return () => {
    document.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('pagehide', flush);
  };
}
