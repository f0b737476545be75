import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { Key } from 'react-aria-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from '../modal';
import { MultiSelect, type MultiSelectProps } from './MultiSelect';

const states = [
  { id: 14, name: 'Jalisco' },
  { id: 19, name: 'Nuevo León' },
  { id: 9, name: 'Ciudad de México' },
  { id: 21, name: 'Puebla' },
  { id: 31, name: 'Yucatán' },
];
type Option = (typeof states)[number];

function Controlled(props: Partial<MultiSelectProps<Option>> & { initial?: Key[] }) {
  const { initial = [], onChange, ...rest } = props;
  const [value, setValue] = useState<Key[]>(initial);
  return (
    <MultiSelect<Option>
      label="Estados"
      items={states}
      {...rest}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

const chipNames = () =>
  screen.queryByRole('grid', { name: 'Estados seleccionados' })
    ? within(screen.getByRole('grid', { name: 'Estados seleccionados' }))
        .getAllByRole('row')
        .map((row) => row.textContent)
    : [];

afterEach(() => {
  vi.unstubAllGlobals();
  delete (HTMLElement.prototype as Partial<HTMLElement>).getAnimations;
});

// Interaction tests are slow in jsdom when the machine is busy.
describe('MultiSelect', { timeout: 20_000 }, () => {
  it('adds several options without closing the list', async () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: /Mostrar opciones/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Jalisco' }));
    await userEvent.click(screen.getByRole('option', { name: 'Puebla' }));
    expect(onChange).toHaveBeenLastCalledWith([14, 21]);
    expect(screen.getByRole('option', { name: 'Jalisco' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.keyboard('{Escape}');
    expect(chipNames()).toEqual(['Jalisco', 'Puebla']);
  });

  it('toggles the focused option with Enter after filtering from 3 characters', async () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Estados' });
    await userEvent.type(input, 'yu');
    expect(screen.getByText('Escribe al menos 3 caracteres')).toBeInTheDocument();
    await userEvent.type(input, 'c');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Yucatán']);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith([31]);
    // Escape closes the list for good and drops the search text.
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(chipNames()).toEqual(['Yucatán']);
  });

  it('keeps the focused option when the server answer replaces the list, so Enter chooses it', async () => {
    // The server search: its answer comes 500 ms after the last keystroke, and the caller's list
    // is empty ('Cargando…') while it loads.
    const onSearchChange = vi.fn();
    const onChange = vi.fn();
    const server = (items: Option[], isLoading: boolean) => (
      <Controlled
        items={items}
        isLoading={isLoading}
        onSearchChange={onSearchChange}
        onChange={onChange}
      />
    );
    const { rerender } = render(server(states, false));
    const input = screen.getByRole('combobox', { name: 'Estados' });
    await userEvent.type(input, 'yuc');
    // Until the answer is in, the loaded options are narrowed to the typed text.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Yucatán']);
    await userEvent.keyboard('{ArrowDown}');
    const yucatan = screen.getByRole('option', { name: 'Yucatán' });
    expect(yucatan).toHaveAttribute('data-focused', 'true');

    await waitFor(() => expect(onSearchChange).toHaveBeenCalledWith('yuc'));
    rerender(server([], true));
    expect(screen.getByRole('option', { name: 'Yucatán' })).toHaveAttribute('data-focused', 'true');
    rerender(server([states[4]!], false));
    expect(screen.getByRole('option', { name: 'Yucatán' })).toHaveAttribute('data-focused', 'true');

    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith([31]);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(chipNames()).toEqual(['Yucatán']);
  });

  it('closes only the list, not its dialog, with an Escape pressed while the list fades out', async () => {
    // jsdom has no ResizeObserver (the Modal body uses one).
    const noop = () => {};
    vi.stubGlobal('ResizeObserver', function ResizeObserver() {
      return { observe: noop, unobserve: noop, disconnect: noop };
    });
    const onOpenChange = vi.fn();
    render(
      <Modal title="Editar opción" isOpen onOpenChange={onOpenChange}>
        <Controlled initial={[14]} />
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Editar opción' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Estados' }));
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.click(screen.getByRole('option', { name: 'Puebla' }));
    // The list closes by itself when the dialog scrolls, and fades out (jsdom has no animations:
    // one that never ends keeps it on screen).
    const fading = { playState: 'running', finished: new Promise(() => {}) };
    Object.defineProperty(HTMLElement.prototype, 'getAnimations', {
      configurable: true,
      value: () => [fading],
    });
    fireEvent.scroll(dialog);
    expect(screen.getByRole('combobox', { name: 'Estados' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(chipNames()).toEqual(['Jalisco', 'Puebla']);
  });

  it("removes a chip with its 'Quitar' button", async () => {
    const onChange = vi.fn();
    render(<Controlled initial={[14, 19, 9]} onChange={onChange} />);
    const remove = screen.getByRole('button', { name: /^Quitar Nuevo León/ });
    expect(remove).toHaveAccessibleName('Quitar Nuevo León');
    await userEvent.click(remove);
    expect(onChange).toHaveBeenLastCalledWith([14, 9]);
    expect(chipNames()).toEqual(['Jalisco', 'Ciudad de México']);
  });

  it('removes the focused chip with Delete and the last one with Backspace in the empty search', async () => {
    const onChange = vi.fn();
    render(<Controlled initial={[14, 19, 9]} onChange={onChange} />);
    const jalisco = screen.getByRole('row', { name: 'Jalisco' });
    jalisco.focus();
    await userEvent.keyboard('{Delete}');
    expect(onChange).toHaveBeenLastCalledWith([19, 9]);

    await userEvent.click(screen.getByRole('combobox', { name: 'Estados' }));
    await userEvent.keyboard('{Backspace}');
    expect(onChange).toHaveBeenLastCalledWith([19]);
  });

  it('keeps chip names for chosen options missing from the current results', () => {
    render(
      <MultiSelect
        label="Estados"
        items={[states[0]!]}
        value={[14, 31]}
        selectedItems={[states[4]!]}
        onChange={() => {}}
      />,
    );
    expect(chipNames()).toEqual(['Jalisco', 'Yucatán']);
  });

  it('shows the error only once touched', () => {
    const { rerender } = render(
      <MultiSelect
        label="Estados"
        items={states}
        value={[]}
        isInvalid
        errorMessage="Debe seleccionar al menos un estado"
        isTouched={false}
      />,
    );
    expect(screen.queryByText('Debe seleccionar al menos un estado')).not.toBeInTheDocument();
    rerender(
      <MultiSelect
        label="Estados"
        items={states}
        value={[]}
        isInvalid
        errorMessage="Debe seleccionar al menos un estado"
        isTouched
      />,
    );
    expect(screen.getByText('Debe seleccionar al menos un estado')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Estados' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('cannot change chips when disabled', () => {
    render(<MultiSelect label="Estados" items={states} value={[14]} isDisabled />);
    expect(screen.queryByRole('button', { name: /Quitar/ })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Estados' })).toBeDisabled();
  });
});
