// jsdom stand-ins shared by the unit-test setups of ui and app (`@anaquel/ui/test/jsdom-polyfills`).

// jsdom has no layout, hence no IntersectionObserver: react-aria's load-more sentinel at the end
// of a paged option list needs one. This one reports every observed element as visible (as the
// end of a short open list is), once, unless disconnected first.
globalThis.IntersectionObserver ??= class {
  readonly root = null;
  readonly rootMargin = '';
  readonly thresholds = [];
  private connected = true;
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() => {
      if (!this.connected) return;
      const entry = { isIntersecting: true, target } as IntersectionObserverEntry;
      this.callback([entry], this as unknown as IntersectionObserver);
    });
  }
  unobserve() {}
  disconnect() {
    this.connected = false;
  }
  takeRecords() {
    return [];
  }
} as unknown as typeof IntersectionObserver;
