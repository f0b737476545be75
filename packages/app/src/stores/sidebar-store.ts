import { create } from 'zustand';

export interface SidebarState {
  isOpen: boolean;
  toggle: () => void;
  setOpen: (isOpen: boolean) => void;
}

/** Not persisted (spec 1 §9): the viewport decides on every load. */
export const useSidebarStore = create<SidebarState>()((set) => ({
  isOpen: true,
  toggle: () => set((state) => ({ isOpen: !state.isOpen })),
  setOpen: (isOpen) => set({ isOpen }),
}));
