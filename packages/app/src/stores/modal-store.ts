import { useCallback, useEffect, useId } from 'react';
import { create } from 'zustand';

export interface ModalState {
  /** Ids of the modals currently open. */
  openIds: readonly string[];
  open: (id: string) => void;
  close: (id: string) => void;
  /** Closes every open modal (session expiry, spec 1 §4). */
  closeAll: () => void;
}

/** Registry of open modals, so the session-expiry handler can close them all at once. */
export const useModalStore = create<ModalState>()((set) => ({
  openIds: [],
  open: (id) =>
    set((state) => (state.openIds.includes(id) ? state : { openIds: [...state.openIds, id] })),
  close: (id) =>
    set((state) =>
      state.openIds.includes(id) ? { openIds: state.openIds.filter((o) => o !== id) } : state,
    ),
  closeAll: () => set((state) => (state.openIds.length ? { openIds: [] } : state)),
}));

export interface ModalHandle {
  isOpen: boolean;
  open: () => void;
  close: () => void;
  /** For react-aria's `onOpenChange`. */
  setOpen: (isOpen: boolean) => void;
}

/**
 * Open state of one modal, held in the registry. `id` defaults to a per-component id; the modal is
 * dropped from the registry when the component unmounts.
 */
export function useModal(id?: string): ModalHandle {
  const generated = useId();
  const key = id ?? generated;
  const isOpen = useModalStore((state) => state.openIds.includes(key));
  const openModal = useModalStore((state) => state.open);
  const closeModal = useModalStore((state) => state.close);

  useEffect(() => () => closeModal(key), [closeModal, key]);

  const open = useCallback(() => openModal(key), [openModal, key]);
  const close = useCallback(() => closeModal(key), [closeModal, key]);
  const setOpen = useCallback(
    (next: boolean) => (next ? openModal(key) : closeModal(key)),
    [openModal, closeModal, key],
  );
  return { isOpen, open, close, setOpen };
}
