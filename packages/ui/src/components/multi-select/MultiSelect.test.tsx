import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { Key } from 'react-aria-components';
import { describe, expect, it, vi } from 'vitest';
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
