import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// An import makes garbage at a steady rate, and a batch's objects live across its queries, so
// they survive the young generation's collections and land in the old space. V8 lets the old
// space grow to a multiple of what survived its last full collection before it collects again
// (with the default heap limit of a large machine, hundreds of MB), so without help the server's
// peak memory grows with the number of rows although the import holds only one batch and the
// keys seen. A full collection every COLLECT_EVERY rows bounds the peak by design: what the
// import holds plus that many rows' garbage, whatever the file's length and the heap's limit.
// Each one costs tens of milliseconds, against several seconds to check those rows.

/** Rows between two full collections during an import. */
const COLLECT_EVERY = 10_000;

let collect: (() => void) | undefined;

/** V8's full collection; exposed for this module only (the flag is turned off again). */
function collector(): () => void {
  if (collect) return collect;
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) {
    collect = exposed;
  } else {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
    setFlagsFromString('--no-expose-gc');
  }
  return collect;
}

/** A full collection when the import has passed another COLLECT_EVERY rows since `before`. */
export function collectAfterRows(before: number, after: number): void {
  if (Math.floor(after / COLLECT_EVERY) > Math.floor(before / COLLECT_EVERY)) collector()();
}
