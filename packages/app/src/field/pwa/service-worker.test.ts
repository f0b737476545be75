import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A service worker as the page sees it, whose state the test moves on. */
class FakeWorker extends EventTarget {
  state = 'installing';
  postMessage = vi.fn();
  moveTo(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  update = vi.fn(async () => undefined);
}

class FakeContainer extends EventTarget {
  controller: FakeWorker | null;
  registration = new FakeRegistration();
  register = vi.fn(async () => this.registration);
  constructor(controlled: boolean) {
    super();
    this.controller = controlled ? new FakeWorker() : null;
  }
}

const reload = vi.fn();

/** The module afresh (its state is the page's), registered on a loaded page. */
async function registered(container: FakeContainer) {
  vi.resetModules();
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { serviceWorker: container }));
  const sw = await import('./service-worker');
  sw.registerFieldServiceWorker();
  await vi.waitFor(() => expect(container.register).toHaveBeenCalled());
  await Promise.resolve();
  return sw;
}

/** A new version found by an update check, installed and waiting. */
function newVersionInstalls(container: FakeContainer): FakeWorker {
  const worker = new FakeWorker();
  container.registration.installing = worker;
  container.registration.dispatchEvent(new Event('updatefound'));
  container.registration.installing = null;
  container.registration.waiting = worker;
  worker.moveTo('installed');
  return worker;
}

beforeEach(() => {
  vi.stubEnv('PROD', true);
  vi.stubGlobal('location', { ...window.location, reload });
  reload.mockClear();
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe("the field app's service worker", () => {
  it('is registered at /campo-sw.js with scope /campo', async () => {
    const container = new FakeContainer(false);
    await registered(container);
    expect(container.register).toHaveBeenCalledWith('/campo-sw.js', { scope: '/campo' });
  });

  it('the first install taking the page is no update: nothing shown, nothing reloaded', async () => {
    const container = new FakeContainer(false);
    const sw = await registered(container);
    container.controller = new FakeWorker();
    container.dispatchEvent(new Event('controllerchange'));
    expect(sw.updateStatus()).toBe('current');
    expect(reload).not.toHaveBeenCalled();
  });

  it('announces a new version and applies it only when asked, then reloads', async () => {
    const container = new FakeContainer(true);
    const sw = await registered(container);
    const worker = newVersionInstalls(container);
    expect(sw.updateStatus()).toBe('waiting');
    expect(worker.postMessage).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();

    sw.applyUpdate();
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('finds a version already waiting when the page opens', async () => {
    const container = new FakeContainer(true);
    container.registration.waiting = new FakeWorker();
    const sw = await registered(container);
    expect(sw.updateStatus()).toBe('waiting');
  });

  it('a page switched by another tab is told to reload, never reloaded', async () => {
    const container = new FakeContainer(true);
    const sw = await registered(container);
    newVersionInstalls(container);
    container.dispatchEvent(new Event('controllerchange'));
    expect(sw.updateStatus()).toBe('reload');
    expect(reload).not.toHaveBeenCalled();
  });
});
