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

const BRANDS: Option[] = Array.from({ length: 150 }, (_, i) => ({
  id: i + 1,
  name: `Marca ${String(i + 1).padStart(3, '0')}`,
}));

/** Pages like `GET brands/options?Take=50&Skip=…`: the next 50 when the end of the list shows. */
function PagedList(args: ComboBoxProps<Option>) {
  const [shown, setShown] = useState(50);
  const [loading, setLoading] = useState(false);
  const loadMore = () => {
    if (loading) return;
    setLoading(true);
    setTimeout(() => {
      setShown((n) => Math.min(n + 50, BRANDS.length));
      setLoading(false);
    }, 200);
  };
  return (
    <Controlled
      {...args}
      items={BRANDS.slice(0, shown)}
      isLoadingMore={loading}
      onLoadMore={shown < BRANDS.length ? loadMore : undefined}
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

/** 150 brands served 50 at a time: scrolling to the end of the list loads the next page. */
export const PagedServerList: Story = {
  args: { label: 'Marca', placeholder: 'Buscar marca' },
  render: (args) => <PagedList {...args} />,
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Mostrar/ }));
    const listbox = await screen.findByRole('listbox');
    // The popover around the list is what scrolls.
    const scroller = listbox.closest<HTMLElement>('.overflow-auto') ?? listbox;
    for (let page = 0; page < 3; page++) {
      scroller.scrollTop = scroller.scrollHeight;
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
    const last = await screen.findByRole('option', { name: 'Marca 150' }, { timeout: 4000 });
    await userEvent.click(last);
    await expect(args.onChange).toHaveBeenCalledWith(150);
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
