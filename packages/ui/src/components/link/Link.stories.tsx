import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Link } from './Link';

const meta = {
  title: 'Componentes/Link',
  component: Link,
  args: { href: '#inicio', children: 'Volver al inicio' },
} satisfies Meta<typeof Link>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute(
      'href',
      '#inicio',
    );
  },
};

export const AsButtons: Story = {
  render: () => (
    <div className="flex flex-wrap gap-3">
      <Link href="#login" variant="primary">
        Iniciar Sesión
      </Link>
      <Link href="#panel" variant="secondary">
        Ir al panel
      </Link>
      <Link href="#mas" variant="ghost">
        Ver más
      </Link>
    </div>
  ),
};

export const InText: Story = {
  render: () => (
    <p className="max-w-md text-fg">
      Si olvidó su contraseña puede{' '}
      <Link href="#reset">solicitar un correo de restablecimiento</Link> y seguir las instrucciones.
    </p>
  ),
};

export const Disabled: Story = { args: { isDisabled: true } };

export const Dark: Story = { globals: { theme: 'dark' }, render: InText.render };
