import { beforeEach, describe, expect, it } from 'vitest';
import { useSidebarStore } from './sidebar-store';

describe('sidebar store', () => {
  beforeEach(() => useSidebarStore.setState(useSidebarStore.getInitialState()));

  it('starts open', () => {
    expect(useSidebarStore.getState().isOpen).toBe(true);
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
