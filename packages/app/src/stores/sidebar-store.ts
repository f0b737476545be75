import { create } from 'zustand';
import { BREAKPOINTS } from '../lib/use-media-query';

export interface SidebarState {
  isOpen: boolean;
  toggle: () => void;
  setOpen: (isOpen: boolean) => void;
}

/**
 * Open from tablet up, closed on a phone (spec 1 §2): known before the shell's first render, so a
 * phone does not render the open drawer and then the whole shell again to close it.
 */
function opensAtLoad(): boolean {
  return (
    typeof window.matchMedia !== 'function' ||
    window.matchMedia(`(min-width: ${BREAKPOINTS.tablet}px)`).matches
  );
}

/** Not persisted (spec 1 §9): the viewport decides on every load. */
export const useSidebarStore = create<SidebarState>()((set) => ({
  isOpen: opensAtLoad(),
  toggle: () => set((state) => ({ isOpen: !state.isOpen })),
  setOpen: (isOpen) => set({ isOpen }),
}));
