import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setViewportWidth } from '../test/match-media';
import { useSidebarStore } from './sidebar-store';

/** The store as a page loaded at `width` creates it. */
async function storeLoadedAt(width: number) {
  setViewportWidth(width);
  vi.resetModules();
  return (await import('./sidebar-store')).useSidebarStore;
}

describe('sidebar store', () => {
  beforeEach(() => useSidebarStore.setState(useSidebarStore.getInitialState()));

  it('starts open on a desktop', () => {
    expect(useSidebarStore.getState().isOpen).toBe(true);
  });

  it('starts closed on a phone and open from tablet up (spec 1 §2), before the shell renders', async () => {
    expect((await storeLoadedAt(500)).getState().isOpen).toBe(false);
    expect((await storeLoadedAt(767)).getState().isOpen).toBe(false);
    expect((await storeLoadedAt(768)).getState().isOpen).toBe(true);
  });

  it('toggle flips isOpen', () => {
    useSidebarStore.getState().toggle();
    expect(useSidebarStore.getState().isOpen).toBe(false);
    useSidebarStore.getState().toggle();
    expect(useSidebarStore.getState().isOpen).toBe(true);
  });

  it('setOpen assigns the value', () => {
    useSidebarStore.getState().setOpen(false);
    expect(useSidebarStore.getState().isOpen).toBe(false);
    useSidebarStore.getState().setOpen(false);
    expect(useSidebarStore.getState().isOpen).toBe(false);
    useSidebarStore.getState().setOpen(true);
    expect(useSidebarStore.getState().isOpen).toBe(true);
  });

  it('is not persisted', () => {
    useSidebarStore.getState().setOpen(false);
    expect(Object.keys(localStorage)).toEqual([]);
  });
});
