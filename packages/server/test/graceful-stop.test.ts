import { afterEach, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { stopGracefully } from '../src/http/graceful-stop.ts';
import { createTestApp, expectContract, type TestApp } from './helpers.ts';

// SIGTERM (src/main.ts): readiness turns 503 at once, the listener closes after the drain delay,
// the requests in flight finish, then the stop resolves; past the time-out they are cut.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

let slowStarted: Promise<void>;

/** A listening app with GET /slow answering after `ms`; its base URL. */
async function listeningApp(ms: number): Promise<string> {
  t = await createTestApp();
  let started: () => void;
  slowStarted = new Promise((resolve) => (started = resolve));
  t.app.get('/slow', async () => {
    started();
    await new Promise((resolve) => setTimeout(resolve, ms));
    return { done: true };
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

describe('graceful stop', { timeout: 60_000 }, () => {
  it('answers 503 to readiness at once, finishes the request in flight, then refuses connections', async () => {
    const base = await listeningApp(600);
    expect((await fetch(`${base}/api/v1/health`)).status).toBe(200);
    const inFlight = fetch(`${base}/slow`);
    await slowStarted;
    let closed = false;
    const stop = stopGracefully(t!.app, {
      drainDelayMs: 300,
      afterClose: async () => {
        closed = true;
      },
    });

    const readiness = await t!.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(readiness.statusCode).toBe(503);
    expectContract(readiness, 'getHealth');
    expect((await fetch(`${base}/api/v1/health`)).status).toBe(503);

    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ done: true });
    expect(await stop).toBe('drained');
    expect(closed).toBe(true);
    await expect(fetch(`${base}/api/v1/health`)).rejects.toThrow();
  });

  it('cuts what still runs after the time-out', async () => {
    const base = await listeningApp(10_000);
    const inFlight = fetch(`${base}/slow`).then(
      (response) => response.status,
      () => 'cut',
    );
    await slowStarted;
    const started = Date.now();
    expect(await stopGracefully(t!.app, { drainDelayMs: 0, timeoutMs: 300 })).toBe('timed out');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await inFlight).toBe('cut');
  });
});
