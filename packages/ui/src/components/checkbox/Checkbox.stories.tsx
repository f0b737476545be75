import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { Checkbox, CheckboxGroup } from './Checkbox';

const meta = {
  title: 'Formularios/Checkbox',
  component: Checkbox,
  args: { children: 'Opcional', onChange: fn() },
} satisfies Meta<typeof Checkbox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const box = canvas.getByRole('checkbox', { name: 'Opcional' });
    await userEvent.click(box);
    await expect(box).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard(' ');
    await expect(box).not.toBeChecked();
  },
};

export const Indeterminate: Story = {
  args: { children: 'Seleccionar todos', isIndeterminate: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox', { name: 'Seleccionar todos' })).toHaveProperty(
      'indeterminate',
      true,
    );
  },
};

export const Disabled: Story = { args: { isDisabled: true, isSelected: true } };

const permissions = [
  { value: 'VIEW_BRANDS', label: 'Ver marcas' },
  { value: 'CREATE_BRANDS', label: 'Crear marcas' },
  { value: 'UPDATE_BRANDS', label: 'Actualizar marcas' },
  { value: 'DELETE_BRANDS', label: 'Eliminar marcas' },
];

export const Group: Story = {
  render: function Render() {
    const [value, setValue] = useState<string[]>([]);
    return (
      <CheckboxGroup
        label="Permisos"
        value={value}
        onChange={setValue}
        isInvalid={value.length === 0}
        errorMessage="Debe seleccionar al menos un permiso"
      >
        {permissions.map((p) => (
          <Checkbox key={p.value} value={p.value}>
            {p.label}
          </Checkbox>
        ))}
      </CheckboxGroup>
    );
  },
  play: async ({ canvas, userEvent }) => {
    const group = canvas.getByRole('group', { name: 'Permisos' });
    await expect(canvas.getByText('Debe seleccionar al menos un permiso')).toBeVisible();
    await expect(group).toHaveAttribute('data-invalid', 'true');
    await expect(group).toHaveAccessibleDescription('Debe seleccionar al menos un permiso');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Crear marcas' }));
    await expect(canvas.queryByText('Debe seleccionar al menos un permiso')).toBeNull();
  },
};

export const GroupHorizontalMobile: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  render: () => (
    <CheckboxGroup label="Estados" orientation="horizontal" defaultValue={['14']}>
      {['Aguascalientes', 'Baja California', 'Jalisco', 'Nuevo León', 'Querétaro'].map((n, i) => (
        <Checkbox key={n} value={String(i + 10)}>
          {n}
        </Checkbox>
      ))}
    </CheckboxGroup>
  ),
};

export const Dark: Story = { globals: { theme: 'dark' }, render: Group.render };
