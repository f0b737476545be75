import { conflict } from '../../http/errors.ts';

// One import per resource at a time on this server; the confirm also takes an advisory lock
// in its transaction (engine.ts), so that two servers never write the same resource at once.
// While one runs, the rows it has checked so far (GET /imports/{resource}/progress).
const running = new Map<string, number>();

/** Runs `task` unless an import of `resource` runs; then a 409 with `busyMessage`. */
export async function withImportLock<T>(
  resource: string,
  busyMessage: string,
  task: () => Promise<T>,
): Promise<T> {
  if (running.has(resource)) throw conflict(busyMessage);
  running.set(resource, 0);
  try {
    return await task();
  } finally {
    running.delete(resource);
  }
}

/** The running import of `resource` has checked `rows` data rows. */
export function reportProgress(resource: string, rows: number): void {
  if (running.has(resource)) running.set(resource, rows);
}

/** How far the running import of `resource` has got. */
export function progressOf(resource: string): { running: boolean; rows: number } {
  const rows = running.get(resource);
  return { running: rows !== undefined, rows: rows ?? 0 };
}
