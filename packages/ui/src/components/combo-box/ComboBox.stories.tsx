import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import type { Key } from 'react-aria-components';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { ComboBox, type ComboBoxProps } from './ComboBox';

interface Option {
  id: number;
  name: string;
}

const CLIENTS: Option[] = [
  'Abarrotes La Esperanza',
  'Bodega Aurrerá Zapopan',
  'Cadena Comercial Oxxo',
  'Farmacias del Ahorro',
  'Farmacias Guadalajara',
  'Soriana Híper Monterrey',
  'Súper Mercado Morelos',
  'Tiendas 3B Puebla',
  'Tiendas Chedraui Mérida',
  'Waldo’s Dólar Mart',
].map((name, i) => ({ id: i + 1, name }));

function Controlled(args: ComboBoxProps<Option>) {
  const [value, setValue] = useState<Key | null>(args.value ?? null);
  return (
    <div className="max-w-sm">
      <ComboBox<Option>
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

/** Answers like `GET clients/options?Filter=...` after a short delay. */
function ServerSearch(args: ComboBoxProps<Option>) {
  const [search, setSearch] = useState('');
  const [items, setItems] = useState<Option[]>(CLIENTS.slice(0, 5));
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    setLoading(true);
    const timer = setTimeout(() => {
      const needle = search.toLocaleLowerCase('es-MX');
      setItems(
        CLIENTS.filter((c) => c.name.toLocaleLowerCase('es-MX').includes(needle)).slice(0, 5),
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
      onSearchChange={(next) => {
        setSearch(next);
        args.onSearchChange?.(next);
      }}
    />
  );
}

const meta = {
  title: 'Componentes/ComboBox',
  component: ComboBox<Option>,
  args: {
    label: 'Cliente',
    items: CLIENTS,
    placeholder: 'Buscar cliente',
    onChange: fn(),
    onBlur: fn(),
  },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof ComboBox<Option>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('combobox', { name: 'Cliente' });
    await userEvent.type(input, 'fa');
    await expect(canvas.getByText('Escribe al menos 3 caracteres')).toBeVisible();
    await userEvent.type(input, 'r');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onChange).toHaveBeenCalledWith(4);
    await expect(input).toHaveValue('Farmacias del Ahorro');
  },
};

export const WithValue: Story = { args: { value: 7, description: 'Cliente dueño del producto' } };

export const ServerSide: Story = {
  args: { onSearchChange: fn() },
  render: (args) => <ServerSearch {...args} />,
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('combobox', { name: 'Cliente' });
    await userEvent.type(input, 'ti');
    await new Promise((resolve) => setTimeout(resolve, 700));
    await expect(args.onSearchChange).not.toHaveBeenCalled();
    await userEvent.type(input, 'endas');
    await waitFor(() => expect(args.onSearchChange).toHaveBeenCalledWith('tiendas'), {
      timeout: 2000,
    });
    await expect(args.onSearchChange).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2), { timeout: 2000 });
  },
};

export const Invalid: Story = {
  args: {
    isRequired: true,
    isInvalid: true,
    isTouched: true,
    errorMessage: 'El cliente es obligatorio',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('El cliente es obligatorio')).toBeVisible();
  },
};

export const NotTouchedYet: Story = {
  args: {
    isRequired: true,
    isInvalid: true,
    isTouched: false,
    errorMessage: 'El cliente es obligatorio',
  },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText('El cliente es obligatorio')).toBeNull();
  },
};

export const Disabled: Story = { args: { isDisabled: true, value: 2 } };

export const Dark: Story = {
  args: { value: 3, isInvalid: true, isTouched: true, errorMessage: 'El cliente es obligatorio' },
  globals: { theme: 'dark' },
};
