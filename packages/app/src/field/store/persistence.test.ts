import { describe, expect, it, vi } from 'vitest';
import { currentPersistence, requestPersistence } from './persistence';

function storage(persisted: boolean, grant: boolean | Error) {
  return {
    persisted: vi.fn(() => Promise.resolve(persisted)),
    persist: vi.fn(() => (grant instanceof Error ? Promise.reject(grant) : Promise.resolve(grant))),
  } as unknown as StorageManager;
}

describe('persistent storage', () => {
  it('reads the state without asking', async () => {
    const manager = storage(false, true);
    expect(await currentPersistence(manager)).toBe('unknown');
    expect(manager.persist).not.toHaveBeenCalled();
    expect(await currentPersistence(storage(true, true))).toBe('persisted');
    expect(await currentPersistence({} as StorageManager)).toBe('unsupported');
  });

  it("asks once, and keeps the browser's answer", async () => {
    expect(await requestPersistence(storage(false, true))).toBe('persisted');
    expect(await requestPersistence(storage(false, false))).toBe('refused');
    expect(await requestPersistence(storage(false, new Error('SecurityError')))).toBe('refused');
    const granted = storage(true, false);
    expect(await requestPersistence(granted)).toBe('persisted');
    expect(granted.persist).not.toHaveBeenCalled();
    expect(await requestPersistence(undefined)).toBe('unsupported');
  });
});
