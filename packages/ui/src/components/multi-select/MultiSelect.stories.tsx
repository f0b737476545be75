import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import type { Key } from 'react-aria-components';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { MultiSelect, type MultiSelectProps } from './MultiSelect';

interface Option {
  id: number;
  name: string;
}

const POINTS_OF_SALE: Option[] = Array.from({ length: 40 }, (_, i) => ({
  id: i + 1,
  name: `${['Oxxo', 'Farmacia Guadalajara', 'Soriana', 'Chedraui', 'Tienda 3B'][i % 5]} ${
    [
      'Centro',
      'Chapultepec',
      'Las Águilas',
      'Providencia',
      'Tlaquepaque',
      'Zapopan',
      'Tonalá',
      'Andares',
    ][i % 8]
  }`,
}));

function Controlled(args: MultiSelectProps<Option>) {
  const [value, setValue] = useState<Key[]>([...(args.value ?? [])]);
  return (
    <div className="max-w-lg">
      <MultiSelect<Option>
        {...args}
        value={value}
        onChange={(next) => {
          setValue(next);
          args.onChange?.(next);
        }}
      />
    </div>
  );
}

function ServerSearch(args: MultiSelectProps<Option>) {
  const [search, setSearch] = useState('');
  const [items, setItems] = useState<Option[]>(POINTS_OF_SALE.slice(0, 8));
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    setLoading(true);
    const timer = setTimeout(() => {
      const needle = search.toLocaleLowerCase('es-MX');
      setItems(
        POINTS_OF_SALE.filter((p) => p.name.toLocaleLowerCase('es-MX').includes(needle)).slice(
          0,
          8,
        ),
      );
      setLoading(false);
    }, 300);
    return () => clearTimeout(timer);
  }, [search]);
  return (
    <Controlled
      {...args}
      items={items}
      isLoading={loading}
      selectedItems={POINTS_OF_SALE.filter((p) => args.value?.includes(p.id))}
      onSearchChange={(next) => {
        setSearch(next);
        args.onSearchChange?.(next);
      }}
    />
  );
}

const meta = {
  title: 'Componentes/MultiSelect',
  component: MultiSelect<Option>,
  args: {
    label: 'Puntos de venta',
    items: POINTS_OF_SALE,
    value: [],
    onChange: fn(),
    onBlur: fn(),
  },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof MultiSelect<Option>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('combobox', { name: 'Puntos de venta' });
    await userEvent.type(input, 'chap');
    await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(0));
    await userEvent.keyboard('{ArrowDown}{Enter}{ArrowDown}{Enter}{Escape}');
    await expect(args.onChange).toHaveBeenLastCalledWith([2, 10]);
    const remove = await canvas.findByRole('button', {
      name: 'Quitar Farmacia Guadalajara Chapultepec',
    });
    await userEvent.click(remove);
    await expect(args.onChange).toHaveBeenLastCalledWith([10]);
  },
};

export const WithChips: Story = {
  args: { value: [1, 7, 12, 23, 31], description: 'Se guardan al presionar Guardar' },
};

export const ServerSide: Story = {
  args: { value: [33], onSearchChange: fn() },
  render: (args) => <ServerSearch {...args} />,
};

export const Invalid: Story = {
  args: {
    isRequired: true,
    isInvalid: true,
    isTouched: true,
    errorMessage: 'Debe seleccionar al menos un estado',
    label: 'Estados',
  },
};

export const Disabled: Story = { args: { isDisabled: true, value: [3, 4] } };

export const Dark: Story = {
  args: { value: [1, 2, 3] },
  globals: { theme: 'dark' },
};
