import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useModal, useModalStore } from './modal-store';

function Opener({ id, label }: { id?: string; label: string }) {
  const modal = useModal(id);
  return (
    <div>
      <button onClick={modal.open}>Abrir {label}</button>
      {modal.isOpen && <div role="dialog" aria-label={label} />}
    </div>
  );
}

describe('modal registry', () => {
  beforeEach(() => useModalStore.setState(useModalStore.getInitialState()));

  it('closeAll closes every open modal', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Opener label="Uno" />
        <Opener id="dos" label="Dos" />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Abrir Uno' }));
    await user.click(screen.getByRole('button', { name: 'Abrir Dos' }));
    expect(screen.getAllByRole('dialog')).toHaveLength(2);

    act(() => useModalStore.getState().closeAll());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(useModalStore.getState().openIds).toEqual([]);
  });

  it('forgets a modal whose component unmounts', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Opener id="tres" label="Tres" />);
    await user.click(screen.getByRole('button', { name: 'Abrir Tres' }));
    expect(useModalStore.getState().openIds).toEqual(['tres']);
    unmount();
    expect(useModalStore.getState().openIds).toEqual([]);
  });

  it('open and close are idempotent', () => {
    const { open, close } = useModalStore.getState();
    open('a');
    open('a');
    expect(useModalStore.getState().openIds).toEqual(['a']);
    close('a');
    close('a');
    expect(useModalStore.getState().openIds).toEqual([]);
  });
});
