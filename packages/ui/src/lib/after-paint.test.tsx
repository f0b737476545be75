import { act, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { deferredModule, useAfterPaint } from './after-paint';

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
