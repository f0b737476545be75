// The field app's lazy screens (check-in, visit, outbox) fetched ahead of the tap that opens
// them, but never in the page's first load: on a phone their download, parse and first run
// (~170 KB of scripts, long tasks under a slow CPU) delayed the list and blocked its first taps
// (Lighthouse mobile on /campo, bench/README.md). Offline, the service worker's precache holds
// them anyway once installed (docs/field-app.md "Installable"); this only makes the first tap
// instant online, and covers a browser without a worker.

/** How long after the load the screens are fetched when nobody has touched the page. */
const IDLE_DELAY_MS = 8_000;

const pending = new Set<() => Promise<unknown>>();
let state: 'waiting' | 'scheduled' | 'fired' = 'waiting';

function fetchAll(): void {
  const loaders = [...pending];
  pending.clear();
  // One after another: each is a main-thread task of its own, never one long block.
  void loaders.reduce<Promise<unknown>>(
    (previous, load) => previous.then(() => load().catch(() => undefined)),
    Promise.resolve(),
  );
}

function fire(): void {
  if (state === 'fired') return;
  state = 'fired';
  window.removeEventListener('pointerdown', fire, true);
  window.removeEventListener('keydown', fire, true);
  fetchAll();
}

function schedule(): void {
  state = 'scheduled';
  // The first touch or key: the promoter is about to open something.
  window.addEventListener('pointerdown', fire, true);
  window.addEventListener('keydown', fire, true);
  const later = () =>
    window.setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(fire, { timeout: 5_000 });
      else fire();
    }, IDLE_DELAY_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

/**
 * Fetches `load` (a lazy screen's `import()`) at the promoter's first touch or key, or once the
 * page has been loaded and idle for a while, whichever comes first; at once after that moment.
 */
export function prefetchLater(load: () => Promise<unknown>): void {
  pending.add(load);
  if (state === 'fired') fetchAll();
  else if (state === 'waiting') schedule();
}
