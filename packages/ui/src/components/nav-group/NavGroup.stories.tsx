import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { RouterProvider } from 'react-aria-components';
import { expect, fn } from 'storybook/test';
import { PackageIcon, TagIcon, FolderIcon, FolderTreeIcon } from '../../icons';
import { NavGroup, NavItem, NavList } from './NavGroup';

const meta = {
  title: 'Estructura/NavGroup',
  component: NavGroup,
  args: {
    label: 'Productos',
    icon: PackageIcon,
    isExpanded: false,
    onExpandedChange: fn(),
    children: null,
  },
  render: function Render(args) {
    const [isExpanded, setExpanded] = useState(args.isExpanded);
    return (
      <RouterProvider navigate={() => {}}>
        <nav aria-label="Menú principal" className="w-64">
          <NavList>
            <NavGroup
              {...args}
              isExpanded={isExpanded}
              onExpandedChange={(open) => {
                setExpanded(open);
                args.onExpandedChange(open);
              }}
            >
              <NavItem href="/brands" label="Marcas" icon={TagIcon} isCurrent />
              <NavItem href="/categories" label="Categorías" icon={FolderIcon} />
              <NavItem href="/subcategories" label="Subcategorías" icon={FolderTreeIcon} />
            </NavGroup>
          </NavList>
        </nav>
      </RouterProvider>
    );
  },
} satisfies Meta<typeof NavGroup>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const button = canvas.getByRole('button', { name: 'Productos' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('link', { name: 'Marcas' })).toBeNull();

    button.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onExpandedChange).toHaveBeenLastCalledWith(true);
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('link', { name: 'Marcas' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByRole('link', { name: 'Categorías' })).not.toHaveAttribute(
      'aria-current',
    );

    await userEvent.keyboard(' ');
    await expect(args.onExpandedChange).toHaveBeenLastCalledWith(false);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  },
};

export const Expanded: Story = { args: { isExpanded: true } };

export const Dark: Story = { globals: { theme: 'dark' }, args: { isExpanded: true } };
