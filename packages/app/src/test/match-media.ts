/**
 * A controllable `window.matchMedia` for jsdom (which has none): tests set the viewport width and
 * the colour-scheme preference and listeners are told, as in a browser.
 */
interface Environment {
  width: number;
  prefersDark: boolean;
}

const env: Environment = { width: 1280, prefersDark: false };
const lists = new Set<FakeMediaQueryList>();

function evaluate(query: string): boolean {
  return query.split(',').some((part) =>
    part
      .split(/\band\b/)
      .map((c) => c.trim())
      .filter(Boolean)
      .every((condition) => {
        const m = /^\(\s*([a-z-]+)\s*:\s*([^)]+?)\s*\)$/.exec(condition);
        if (!m) return condition === 'screen' || condition === 'all';
        const [, feature, raw] = m as unknown as [string, string, string];
        if (feature === 'prefers-color-scheme') return (raw === 'dark') === env.prefersDark;
        const px = Number.parseFloat(raw) * (raw.endsWith('rem') || raw.endsWith('em') ? 16 : 1);
        if (feature === 'min-width') return env.width >= px;
        if (feature === 'max-width') return env.width <= px;
        return false;
      }),
  );
}

class FakeMediaQueryList extends EventTarget implements MediaQueryList {
  matches: boolean;
  onchange: ((this: MediaQueryList, ev: MediaQueryListEvent) => unknown) | null = null;
  constructor(readonly media: string) {
    super();
    this.matches = evaluate(media);
    lists.add(this);
  }
  addListener(listener: ((this: MediaQueryList, ev: MediaQueryListEvent) => unknown) | null) {
    if (listener) this.addEventListener('change', listener as EventListener);
  }
  removeListener(listener: ((this: MediaQueryList, ev: MediaQueryListEvent) => unknown) | null) {
    if (listener) this.removeEventListener('change', listener as EventListener);
  }
  refresh() {
    const next = evaluate(this.media);
    if (next === this.matches) return;
    this.matches = next;
    const event = Object.assign(new Event('change'), { matches: next, media: this.media });
    this.onchange?.call(this, event as MediaQueryListEvent);
    this.dispatchEvent(event);
  }
}

function notify() {
  for (const list of lists) list.refresh();
}

export function installMatchMedia() {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => new FakeMediaQueryList(query),
  });
}

/** Simulates resizing the window. */
export function setViewportWidth(width: number) {
  env.width = width;
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  notify();
  window.dispatchEvent(new Event('resize'));
}

/** Simulates the operating system switching between light and dark. */
export function setPrefersDark(prefersDark: boolean) {
  env.prefersDark = prefersDark;
  notify();
}

/** Back to a light-preferring 1280 px desktop (run after each test). */
export function resetMediaEnvironment() {
  env.width = 1280;
  env.prefersDark = false;
  notify();
}
