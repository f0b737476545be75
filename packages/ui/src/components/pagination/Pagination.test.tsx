import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './Pagination';

// Interaction tests are slow in jsdom when the machine is busy.
describe('Pagination', { timeout: 20_000 }, () => {
  it('is a navigation landmark with the current page marked', () => {
    render(<Pagination page={3} totalPages={5} onPageChange={() => {}} />);
    const nav = screen.getByRole('navigation', { name: 'Paginación' });
    const current = within(nav).getByRole('button', { name: 'Página 3' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Página 2' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('moves to the previous and next pages', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={3} totalPages={5} onPageChange={onPageChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    await userEvent.click(screen.getByRole('button', { name: 'Página anterior' }));
    await userEvent.click(screen.getByRole('button', { name: 'Página 5' }));
    expect(onPageChange.mock.calls).toEqual([[4], [2], [5]]);
  });

  it('disables previous on the first page and next on the last page', () => {
    const { rerender } = render(<Pagination page={1} totalPages={5} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Página anterior' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Página siguiente' })).toBeEnabled();
    rerender(<Pagination page={5} totalPages={5} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Página anterior' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Página siguiente' })).toBeDisabled();
  });

  it('hides first/last buttons unless asked for', async () => {
    const onPageChange = vi.fn();
    const { rerender } = render(<Pagination page={4} totalPages={9} onPageChange={onPageChange} />);
    expect(screen.queryByRole('button', { name: 'Primera página' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Última página' })).not.toBeInTheDocument();
    rerender(
      <Pagination page={4} totalPages={9} onPageChange={onPageChange} showFirstLastButtons />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Primera página' }));
    await userEvent.click(screen.getByRole('button', { name: 'Última página' }));
    expect(onPageChange.mock.calls).toEqual([[1], [9]]);
  });

  it('collapses distant pages into ellipses', () => {
    render(<Pagination page={10} totalPages={20} onPageChange={() => {}} />);
    const pages = screen
      .getAllByRole('button', { name: /^Página \d+$/ })
      .map((button) => button.textContent);
    expect(pages).toEqual(['1', '9', '10', '11', '20']);
  });

  it('does not report the page already shown', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={2} totalPages={3} onPageChange={onPageChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('renders nothing without pages', () => {
    const { container } = render(<Pagination page={1} totalPages={0} onPageChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });
});
