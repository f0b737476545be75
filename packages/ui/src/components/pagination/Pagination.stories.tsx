import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { Pagination, type PaginationProps } from './Pagination';

function StatefulPagination(props: PaginationProps) {
  const [page, setPage] = useState(props.page);
  return (
    <Pagination
      {...props}
      page={page}
      onPageChange={(next) => {
        setPage(next);
        props.onPageChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Componentes/Pagination',
  component: Pagination,
  args: { page: 1, totalPages: 5, onPageChange: fn() },
  render: (args) => <StatefulPagination {...args} />,
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const ManyPages: Story = {
  args: { page: 10, totalPages: 42 },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Página siguiente' }));
    await expect(args.onPageChange).toHaveBeenCalledWith(11);
    await expect(canvas.getByRole('button', { name: 'Página 11' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

export const WithFirstAndLast: Story = {
  args: { page: 20, totalPages: 42, showFirstLastButtons: true },
};

export const FirstPage: Story = {
  args: { page: 1, totalPages: 12 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Página anterior' })).toBeDisabled();
  },
};

export const Disabled: Story = {
  args: { page: 3, totalPages: 8, isDisabled: true },
};

export const Dark: Story = {
  args: { page: 6, totalPages: 30, showFirstLastButtons: true },
  globals: { theme: 'dark' },
};
