import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { visitFixture } from '../testing';
import { visitWriter } from './visit-writer';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('visitWriter', () => {
  it('writes the latest of the changes made before the frame once, then resolves them all', async () => {
    const put = vi.fn(() => Promise.resolve());
    const report = vi.fn();
    const writer = visitWriter(put, report);
    const first = writer.write(visitFixture({ day: '2026-11-25' }));
    const second = writer.write(visitFixture({ day: '2026-11-26' }));
    expect(put).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    await Promise.all([first, second]);
    expect(put).toHaveBeenCalledTimes(1);
    expect(put).toHaveBeenCalledWith(expect.objectContaining({ day: '2026-11-26' }));
    expect(report).toHaveBeenCalledWith(null);
  });

  it('writes at once on flush (a page being hidden), and never twice', async () => {
    const put = vi.fn(() => Promise.resolve());
    const writer = visitWriter(put, vi.fn());
    const written = writer.write(visitFixture());
    writer.flush();
    expect(put).toHaveBeenCalledTimes(1);
    await written;
    await vi.runAllTimersAsync();
    expect(put).toHaveBeenCalledTimes(1);
  });

  it('reports a refused write and still resolves', async () => {
    const report = vi.fn();
    const writer = visitWriter(() => Promise.reject(new Error('QuotaExceededError')), report);
    const written = writer.write(visitFixture());
    await vi.runAllTimersAsync();
    await written;
    expect(report).toHaveBeenCalledWith(new Error('QuotaExceededError'));
  });
});
