import type { components } from '@anaquel/api/schema';
import { conflict } from '../../http/errors.ts';

// One import per resource at a time on this server; the confirm also takes an advisory lock
// in its transaction (engine.ts), so that two servers never write the same resource at once.
// While one runs, the rows it has checked so far and the rows the file holds
// (GET /imports/{resource}/progress).

type ImportProgress = components['schemas']['ImportProgress'];

const running = new Map<string, { rows: number; total: number | null }>();

/** Runs `task` unless an import of `resource` runs; then a 409 with `busyMessage`. */
export async function withImportLock<T>(
  resource: string,
  busyMessage: string,
  task: () => Promise<T>,
): Promise<T> {
  if (running.has(resource)) throw conflict(busyMessage);
  running.set(resource, { rows: 0, total: null });
  try {
    return await task();
  } finally {
    running.delete(resource);
  }
}

/** The running import of `resource` has checked `rows` data rows. */
export function reportProgress(resource: string, rows: number): void {
  const progress = running.get(resource);
  if (!progress) return;
  progress.rows = rows;
  // An estimate is never shown below the rows already checked.
  if (progress.total !== null && progress.total < rows) progress.total = rows;
}

/** The file of the running import of `resource` holds about `total` data rows. */
export function reportTotal(resource: string, total: number): void {
  const progress = running.get(resource);
  if (progress) progress.total = Math.max(total, progress.rows);
}

/** How far the running import of `resource` has got. */
export function progressOf(resource: string): ImportProgress {
  const progress = running.get(resource);
  return progress ? { running: true, ...progress } : { running: false, rows: 0, total: null };
}
