import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { Key } from 'react-aria-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ComboBox, type ComboBoxProps } from './ComboBox';

const clients = [
  { id: 1, name: 'Abarrotes La Esperanza' },
  { id: 2, name: 'Farmacias del Ahorro' },
  { id: 3, name: 'Tiendas Monterrey' },
  { id: 4, name: 'Súper Mercado Morelos' },
];

type Option = (typeof clients)[number];

function Controlled(props: Partial<ComboBoxProps<Option>> & { initial?: Key | null }) {
  const { initial = null, onChange, ...rest } = props;
  const [value, setValue] = useState<Key | null>(initial);
  return (
    <ComboBox<Option>
      label="Cliente"
      items={clients}
      {...rest}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

const optionNames = () => screen.queryAllByRole('option').map((o) => o.textContent);

afterEach(() => {
  vi.useRealTimers();
});

// Interaction tests are slow in jsdom when the machine is busy.
describe('ComboBox', { timeout: 20_000 }, () => {
  it('opens the whole list on a click in the field, before anything is typed', async () => {
    render(<Controlled initial={2} />);
    const input = screen.getByRole('combobox', { name: 'Cliente' });
    await userEvent.click(input);
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    expect(optionNames()).toEqual(clients.map((c) => c.name));
    expect(input).toHaveAttribute('aria-expanded', 'true');
    // A second click leaves it open; Escape closes it and keeps the choice.
    await userEvent.click(input);
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveValue('Farmacias del Ahorro');
  });

  it('mounts focused and open when asked, with the chosen name in the field', async () => {
    // A placeholder replaced by the field on a press (issue #20): the field must look as if it
    // had been pressed, and show its choice (react-aria writes it only while not focused).
    render(<Controlled initial={2} autoFocus defaultOpen />);
    const input = screen.getByRole('combobox', { name: 'Cliente' });
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    expect(optionNames()).toEqual(clients.map((c) => c.name));
    expect(input).toHaveFocus();
    expect(input).toHaveValue('Farmacias del Ahorro');
  });

  it('mounts focused, closed, with the chosen name, on autoFocus alone', async () => {
    render(<Controlled initial={3} autoFocus />);
    const input = screen.getByRole('combobox', { name: 'Cliente' });
    await waitFor(() => expect(input).toHaveFocus());
    expect(input).toHaveValue('Tiendas Monterrey');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('does not open the list when focus only passes through (Tab)', async () => {
    render(<Controlled />);
    await userEvent.tab();
    expect(screen.getByRole('combobox', { name: 'Cliente' })).toHaveFocus();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('does not filter before 3 characters and says so', async () => {
    render(<Controlled />);
    const input = screen.getByRole('combobox', { name: 'Cliente' });
    await userEvent.type(input, 'mo');
    expect(screen.getByText('Escribe al menos 3 caracteres')).toBeInTheDocument();
    expect(optionNames()).toEqual(clients.map((c) => c.name));
  });

  it('filters from the third character, ignoring case and accents', async () => {
    render(<Controlled />);
    const input = screen.getByRole('combobox', { name: 'Cliente' });
    await userEvent.type(input, 'mor');
    expect(screen.queryByText('Escribe al menos 3 caracteres')).not.toBeInTheDocument();
    expect(optionNames()).toEqual(['Súper Mercado Morelos']);
    await userEvent.clear(input);
    await userEvent.type(input, 'SUPER');
    expect(optionNames()).toEqual(['Súper Mercado Morelos']);
  });

  it('chooses an option with the keyboard and shows its name', async () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Cliente' });
    await userEvent.type(input, 'farm');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith(2);
    expect(input).toHaveValue('Farmacias del Ahorro');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('shows every option again after a choice', async () => {
    render(<Controlled initial={3} />);
    const input = screen.getByRole('combobox', { name: 'Cliente' });
    expect(input).toHaveValue('Tiendas Monterrey');
    await userEvent.click(screen.getByRole('button', { name: /Mostrar/ }));
    expect(optionNames()).toHaveLength(4);
    const listbox = screen.getByRole('listbox');
    expect(within(listbox).getByRole('option', { name: 'Tiendas Monterrey' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('restores the chosen name when the search is abandoned with Escape', async () => {
    const onChange = vi.fn();
    render(<Controlled initial={2} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Cliente' });
    await userEvent.tripleClick(input);
    await userEvent.keyboard('tiendas');
    expect(input).toHaveValue('tiendas');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveValue('Farmacias del Ahorro');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('clears the choice when the text is erased', async () => {
    const onChange = vi.fn();
    render(<Controlled initial={1} onChange={onChange} />);
    await userEvent.clear(screen.getByRole('combobox', { name: 'Cliente' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('asks the server only from 3 characters, 500 ms after the last keystroke', () => {
    vi.useFakeTimers();
    const onSearchChange = vi.fn();
    render(<Controlled onSearchChange={onSearchChange} />);
    const input = screen.getByRole('combobox', { name: 'Cliente' });

    fireEvent.change(input, { target: { value: 'M' } });
    fireEvent.change(input, { target: { value: 'Mo' } });
    act(() => vi.advanceTimersByTime(1000));
    expect(onSearchChange).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: 'Mon' } });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.change(input, { target: { value: 'Mont' } });
    act(() => vi.advanceTimersByTime(499));
    expect(onSearchChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearchChange).toHaveBeenCalledTimes(1);
    expect(onSearchChange).toHaveBeenCalledWith('Mont');

    // Back under 3 characters: the search is dropped once.
    fireEvent.change(input, { target: { value: 'Mo' } });
    act(() => vi.advanceTimersByTime(500));
    expect(onSearchChange).toHaveBeenLastCalledWith('');
    expect(onSearchChange).toHaveBeenCalledTimes(2);
  });

  it('keeps the focused option when the server answer replaces the list, so Enter chooses it', async () => {
    const [onSearchChange, onChange] = [vi.fn(), vi.fn()];
    const handlers = { onSearchChange, onChange };
    const { rerender } = render(<Controlled {...handlers} items={clients} />);
    const input = screen.getByRole('combobox', { name: 'Cliente' });
    await userEvent.type(input, 'tiendas');
    // Until the answer is in, the loaded options are narrowed to the typed text.
    expect(optionNames()).toEqual(['Tiendas Monterrey']);
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Tiendas Monterrey' })).toHaveAttribute(
      'data-focused',
      'true',
    );

    await waitFor(() => expect(onSearchChange).toHaveBeenCalledWith('tiendas'));
    // The caller's list is empty while the answer loads.
    rerender(<Controlled {...handlers} items={[]} isLoading />);
    rerender(<Controlled {...handlers} items={[clients[2]!]} />);
    expect(screen.getByRole('option', { name: 'Tiendas Monterrey' })).toHaveAttribute(
      'data-focused',
      'true',
    );
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith(3);
    expect(input).toHaveValue('Tiendas Monterrey');
  });

  it('keeps the name of a chosen option the server search no longer returns', () => {
    const { rerender } = render(
      <ComboBox label="Cliente" items={clients} value={4} onChange={() => {}} />,
    );
    rerender(<ComboBox label="Cliente" items={[clients[0]!]} value={4} onChange={() => {}} />);
    expect(screen.getByRole('combobox', { name: 'Cliente' })).toHaveValue('Súper Mercado Morelos');
  });

  it('shows the error only once the field was touched', () => {
    const { rerender } = render(
      <ComboBox
        label="Cliente"
        items={clients}
        value={null}
        isInvalid
        isTouched={false}
        errorMessage="El cliente es obligatorio"
      />,
    );
    const input = screen.getByRole('combobox', { name: 'Cliente' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('El cliente es obligatorio')).not.toBeInTheDocument();
    rerender(
      <ComboBox
        label="Cliente"
        items={clients}
        value={null}
        isInvalid
        isTouched
        errorMessage="El cliente es obligatorio"
      />,
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('El cliente es obligatorio')).toBeInTheDocument();
  });

  it('reports blur for react-hook-form', async () => {
    const onBlur = vi.fn();
    render(<Controlled onBlur={onBlur} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Cliente' }));
    await userEvent.tab();
    expect(onBlur).toHaveBeenCalled();
  });
});

describe('ComboBox with a paged list', { timeout: 20_000 }, () => {
  const brands = Array.from({ length: 150 }, (_, i) => ({
    id: i + 1,
    name: `Marca ${String(i + 1).padStart(3, '0')}`,
  }));

  function Paged({ onChange }: { onChange: (value: Key | null) => void }) {
    const [shown, setShown] = useState(50);
    const [value, setValue] = useState<Key | null>(null);
    return (
      <ComboBox
        label="Marca"
        items={brands.slice(0, shown)}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
        onLoadMore={shown < brands.length ? () => setShown((n) => n + 50) : undefined}
      />
    );
  }

  it('loads the next pages when the end of the list shows, up to the 150th option', async () => {
    const onChange = vi.fn();
    render(<Paged onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: /Mostrar/ }));
    const last = await screen.findByRole('option', { name: 'Marca 150' });
    expect(screen.getAllByRole('option')).toHaveLength(150);
    await userEvent.click(last);
    expect(onChange).toHaveBeenCalledWith(150);
    expect(screen.getByRole('combobox', { name: 'Marca' })).toHaveValue('Marca 150');
  });
});
