import { startTransition, useCallback, useEffect, useReducer, useRef, useState } from 'react';

// Code a screen shows next to its main content but does not need for its first paint (a table's
// menus, a list's pickers): fetched right after that content is on screen, not before it (issue
// #20: on a phone each script before the largest paint delays it), shown in a placeholder of its
// size until then.

/** A module fetched on demand, and what it exported once it is there. */
export interface DeferredModule<T> {
  load: () => Promise<T>;
  /** Null until the first load has finished (later mounts render it at once). */
  loaded: T | null;
}

/** `importer` as a DeferredModule (e.g. `deferredModule(() => import('./menus'))`). */
export function deferredModule<T>(importer: () => Promise<T>): DeferredModule<T> {
  const module: DeferredModule<T> = {
    loaded: null,
    load: () => importer().then((exports) => (module.loaded = exports)),
  };
  return module;
}

/** Without word of the content's paint (no largest-paint timing, or it is not the largest). */
const PAINT_WAIT_MS = 1_000;
/**
 * After a largest paint, how long without a larger one before the content counts as painted: the
 * rows' frame can be followed by a larger candidate a few frames later (seen on a loaded phone).
 */
const PAINT_SETTLE_MS = 250;
/** When the content does not come (a slow or stuck list), the module loads anyway. */
const AT_THE_LATEST_MS = 3_000;

/** The browser's performance timing types (none where it has no PerformanceObserver). */
const timingTypes = (): readonly string[] =>
  typeof PerformanceObserver === 'undefined' ? [] : (PerformanceObserver.supportedEntryTypes ?? []);

/**
 * Calls `callback` once what was rendered before this call is on screen: PAINT_SETTLE_MS after the
 * last largest paint the browser reports from now on (an entry comes once its frame is presented,
 * which a busy phone does hundreds of milliseconds after the render). At once when the person has
 * already clicked or typed in this document (the browser then reports no more largest paints: a
 * screen opened from the menu), after PAINT_WAIT_MS without word, and after a frame's time where
 * the browser has no such timing. Returns a cancel.
 */
function afterPainted(callback: () => void): () => void {
  const since = performance.now();
  const observers: PerformanceObserver[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    for (const observer of observers) observer.disconnect();
    clearTimeout(timer);
  };
  const done = () => {
    cancel();
    callback();
  };
  const wait = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(done, ms);
  };
  const watch = (type: string, onEntries: (entries: PerformanceEntryList) => void) => {
    if (!timingTypes().includes(type)) return;
    const observer = new PerformanceObserver((list) => onEntries(list.getEntries()));
    observer.observe({ type, buffered: true });
    observers.push(observer);
  };
  watch('largest-contentful-paint', (entries) => {
    if (entries.some((entry) => entry.startTime >= since)) wait(PAINT_SETTLE_MS);
  });
  watch('first-input', (entries) => {
    if (entries.length > 0) done();
  });
  wait(observers.length > 0 ? PAINT_WAIT_MS : 50);
  return cancel;
}

/**
 * Calls `callback` once the content `ready` says is rendered has painted (afterPainted), or
 * AT_THE_LATEST_MS from now while it is not (a slow or stuck list). Returns a cancel.
 */
function whenContentPainted(ready: boolean, callback: () => void): () => void {
  if (ready) return afterPainted(callback);
  const timer = setTimeout(callback, AT_THE_LATEST_MS);
  return () => clearTimeout(timer);
}

/**
 * The deferred parts of a screen take turns: each one's render commits before the next one's
 * starts, with a task between them. Rendered together (their transitions batch into one), a
 * phone's commit of every picker and menu at once is one long task that blocks input after the
 * content has painted; one part per commit keeps each task short.
 */
let turns: Promise<void> = Promise.resolve();
/** A turn whose render has not committed by then (a transition kept waiting) lets the next go. */
const TURN_LIMIT_MS = 1_000;

function takeTurn(step: () => Promise<void>): void {
  const turn = turns.then(() => new Promise((resolve) => setTimeout(resolve, 0))).then(step);
  turns = turn.catch(() => undefined);
}

/**
 * `module`'s exports once loaded, null until then: its fetch starts right after the content that
 * `ready` says is rendered has painted (or AT_THE_LATEST_MS after the mount while it is not), or
 * at once through the returned `load` (a pointer reaching the placeholder). What it renders comes
 * as a transition (in slices: no long task on a slow phone), one deferred part after another:
 * a component that shows several parts of one module calls this once per part.
 */
export function useAfterPaint<T>(
  module: DeferredModule<T>,
  ready: boolean,
): [T | null, () => void] {
  const [loaded, setLoaded] = useState(module.loaded);
  const shown = useRef(loaded !== null);
  const mounted = useRef(false);
  // The end of this part's turn, called once its render has committed (or it unmounted).
  const endTurn = useRef<(() => void) | null>(null);
  const show = useCallback((exports: T) => startTransition(() => setLoaded(exports)), []);
  const load = useCallback(() => {
    // A failed fetch leaves the placeholder; the next reach for it tries again.
    module.load().then(show, () => undefined);
  }, [module, show]);
  const loadInTurn = useCallback(() => {
    takeTurn(() =>
      module.load().then(
        (exports) =>
          new Promise<void>((resolve) => {
            if (shown.current || !mounted.current) return resolve();
            endTurn.current = resolve;
            setTimeout(resolve, TURN_LIMIT_MS);
            show(exports);
          }),
      ),
    );
  }, [module, show]);
  useEffect(() => {
    if (!loaded) return;
    shown.current = true;
    endTurn.current?.();
    endTurn.current = null;
  }, [loaded]);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      endTurn.current?.();
    };
  }, []);
  useEffect(() => {
    if (!loaded) return whenContentPainted(ready, loadInTurn);
  }, [loadInTurn, loaded, ready]);
  return [loaded, load];
}

/** How a person reached a part's placeholder: the pointer over it, its focus, or a press on it. */
export type Reach = 'pointer' | 'focus' | 'press';

const REACH_RANK: Record<Reach, number> = { pointer: 1, focus: 2, press: 3 };

/** A part that renders once reached: its exports, how it was reached, and the reach. */
export interface ReachedPart<T> {
  /** The module's exports once the part is reached and its code is there; null until then. */
  part: T | null;
  /** The strongest reach so far (a press outranks a focus, which outranks the pointer over it). */
  reached: Reach | null;
  /** For the placeholder's pointer, focus and press handlers. */
  reach: (how: Reach) => void;
}

/**
 * A deferred part that renders only when the person reaches for it, never by itself: its code is
 * fetched once the content `ready` says is rendered has painted (as useAfterPaint fetches it, or
 * AT_THE_LATEST_MS after the mount while it is not), so a reach shows it at once; its render
 * waits for someone to use it. For parts whose first render is long on a phone (a date field's
 * segments and formatters, a combo box's collection: 50-90 ms tasks at 4x CPU each, issue #20)
 * and that a visit to the screen often does not use. The placeholder is a real control (focusable,
 * named like the part) whose pointer, focus and press call `reach`; the part then renders in
 * the same event, so a press lands on it as the person meant (`reached` says how, to open it or
 * move the focus into it).
 */
export function useOnReach<T>(module: DeferredModule<T>, ready: boolean): ReachedPart<T> {
  const [reached, setReached] = useState<Reach | null>(null);
  // Counted only when a reach finds the code missing: its arrival renders the part.
  const [, arrived] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (!module.loaded)
      return whenContentPainted(ready, () => void module.load().catch(() => undefined));
  }, [module, ready]);
  const reach = useCallback(
    (how: Reach) => {
      setReached((current) =>
        current !== null && REACH_RANK[current] >= REACH_RANK[how] ? current : how,
      );
      // A failed fetch leaves the placeholder; the next reach tries again.
      if (!module.loaded)
        module.load().then(
          () => arrived(),
          () => undefined,
        );
    },
    [module],
  );
  return { part: reached === null ? null : module.loaded, reached, reach };
}
