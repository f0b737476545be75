import { act, fireEvent, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { deferredModule, useAfterPaint, useOnReach, type Reach } from './after-paint';

const exports = { First: () => <p>primera</p>, Second: () => <p>segunda</p> };
/** The module's fetch, answered when the test says (`arrive`): every part asked for it by then. */
let arrive = () => {};
/** Like `import()`: one fetch, however many ask for it. */
function fetchOnce() {
  let fetched: Promise<typeof exports> | undefined;
  return () =>
    (fetched ??= new Promise((resolve) => {
      arrive = () => resolve(exports);
    }));
}

/** Two deferred parts of one module, ready together; `commits` gets what each commit showed. */
function TwoParts({ commits }: { commits: string[] }) {
  const module = deferredModuleFor(commits);
  const [first] = useAfterPaint(module, true);
  const [second] = useAfterPaint(module, true);
  useLayoutEffect(() => {
    commits.push(`${first ? 'primera' : '-'} ${second ? 'segunda' : '-'}`);
  });
  return (
    <>
      {first && <first.First />}
      {second && <second.Second />}
    </>
  );
}

// One module per test run (its `loaded` would otherwise carry over between tests).
const modules = new WeakMap<string[], ReturnType<typeof deferredModule<typeof exports>>>();
function deferredModuleFor(key: string[]) {
  let module = modules.get(key);
  if (!module) modules.set(key, (module = deferredModule(fetchOnce())));
  return module;
}

describe('useAfterPaint', () => {
  it('mounts the deferred parts one commit at a time, not all in one long task (issue #20)', async () => {
    const commits: string[] = [];
    render(<TwoParts commits={commits} />);
    // Both parts have asked for the module (50 ms without paint timings in jsdom).
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    act(() => arrive());
    await screen.findByText('segunda', {}, { timeout: 3_000 });
    expect(commits.filter((shown, i) => shown !== commits[i - 1])).toEqual([
      '- -',
      'primera -',
      'primera segunda',
    ]);
  });

  it('shows a part at once when its module was loaded before the mount', async () => {
    const commits: string[] = [];
    const module = deferredModuleFor(commits);
    const loading = module.load();
    arrive();
    await loading;
    render(<TwoParts commits={commits} />);
    expect(screen.getByText('primera')).toBeInTheDocument();
    expect(screen.getByText('segunda')).toBeInTheDocument();
    expect(commits[0]).toBe('primera segunda');
  });
});

/** A part rendered on reach; its placeholder reaches with the pointer, focus and press. */
function Reachable({ module, ready }: { module: DeferredModuleOf; ready: boolean }) {
  const { part, reached, reach } = useOnReach(module, ready);
  if (part && reached) return <p>{`primera (${reached})`}</p>;
  const on = (how: Reach) => () => reach(how);
  return (
    <button
      type="button"
      onPointerEnter={on('pointer')}
      onFocus={on('focus')}
      onPointerDown={on('press')}
    >
      Marcador
    </button>
  );
}
type DeferredModuleOf = ReturnType<typeof deferredModule<typeof exports>>;

describe('useOnReach', () => {
  it('fetches the code once the content has painted, but renders the part only when reached', async () => {
    const key: string[] = [];
    const module = deferredModuleFor(key);
    render(<Reachable module={module} ready />);
    // 50 ms without paint timings in jsdom: the code is asked for, and arrives.
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    act(() => arrive());
    await act(async () => {
      await module.load();
    });
    expect(module.loaded).not.toBeNull();
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.getByRole('button', { name: 'Marcador' })).toBeInTheDocument();
    // A press renders it in the same event: what the press asked for wins over the hover before.
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Marcador' }));
    fireEvent.pointerDown(screen.queryByRole('button', { name: 'Marcador' }) ?? document.body);
    expect(await screen.findByText(/^primera/)).toBeInTheDocument();
  });

  it('keeps the strongest reach and waits for code that is not there yet', async () => {
    const key: string[] = [];
    const module = deferredModuleFor(key);
    // Not ready: nothing is fetched before the reach (AT_THE_LATEST_MS is far away).
    render(<Reachable module={module} ready={false} />);
    act(() => screen.getByRole('button', { name: 'Marcador' }).focus());
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Marcador' }));
    expect(screen.getByRole('button', { name: 'Marcador' })).toBeInTheDocument();
    act(() => arrive());
    expect(await screen.findByText('primera (focus)')).toBeInTheDocument();
  });
});
