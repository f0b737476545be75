import { conflict } from '../../http/errors.ts';

// One import per resource at a time on this server; the confirm also takes an advisory lock
// in its transaction (engine.ts), so that two servers never write the same resource at once.
const running = new Set<string>();

/** Runs `task` unless an import of `resource` runs; then a 409 with `busyMessage`. */
export async function withImportLock<T>(
  resource: string,
  busyMessage: string,
  task: () => Promise<T>,
): Promise<T> {
  if (running.has(resource)) throw conflict(busyMessage);
  running.add(resource);
  try {
    return await task();
  } finally {
    running.delete(resource);
  }
}
