import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ImageCountButton } from './ImageCountButton';
import { ImageGallery } from './ImageGallery';

const photos = [
  { src: '/api/v1/files/a.jpg', alt: 'Anaquel de refrescos' },
  '/api/v1/files/b.jpg',
  '/api/v1/files/c.jpg',
];

beforeAll(() => {
  // jsdom has no ResizeObserver; the Modal body uses one to decide whether it scrolls.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

async function openGallery() {
  await userEvent.click(screen.getByRole('button', { name: 'Ver imágenes (3)' }));
  // The gallery's code is fetched on the first press.
  return screen.findByRole('dialog', { name: 'Imágenes' });
}

// Interaction tests are slow in jsdom when the machine is busy.
describe('ImageCountButton and ImageGallery', { timeout: 20_000 }, () => {
  it('opens the gallery on the first image with its alt text and the n / total indicator', async () => {
    render(<ImageCountButton images={photos} />);
    const dialog = await openGallery();
    expect(within(dialog).getByRole('img', { name: 'Anaquel de refrescos' })).toHaveAttribute(
      'src',
      '/api/v1/files/a.jpg',
    );
    expect(within(dialog).getByText('1 / 3')).toBeInTheDocument();
  });

  it('moves with the previous/next buttons, wrapping around', async () => {
    render(<ImageCountButton images={photos} />);
    const dialog = await openGallery();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Imagen siguiente' }));
    expect(within(dialog).getByRole('img', { name: 'Imagen 2 de 3' })).toBeInTheDocument();
    expect(within(dialog).getByText('2 / 3')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Imagen anterior' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Imagen anterior' }));
    expect(within(dialog).getByText('3 / 3')).toBeInTheDocument();
  });

  it('moves with the arrow keys, Home and End', async () => {
    render(<ImageCountButton images={photos} />);
    const dialog = await openGallery();
    within(dialog).getByRole('button', { name: 'Imagen siguiente' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(dialog).getByText('2 / 3')).toBeInTheDocument();
    await userEvent.keyboard('{End}');
    expect(within(dialog).getByText('3 / 3')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(dialog).getByText('1 / 3')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowLeft}{Home}');
    expect(within(dialog).getByText('1 / 3')).toBeInTheDocument();
  });

  it('jumps to a thumbnail and marks it as current', async () => {
    render(<ImageCountButton images={photos} />);
    const dialog = await openGallery();
    const thumbs = within(within(dialog).getByRole('list', { name: 'Miniaturas' })).getAllByRole(
      'button',
    );
    expect(thumbs).toHaveLength(3);
    await userEvent.click(thumbs[2]!);
    expect(thumbs[2]).toHaveAttribute('aria-current', 'true');
    expect(thumbs[0]).not.toHaveAttribute('aria-current');
    expect(within(dialog).getByText('3 / 3')).toBeInTheDocument();
  });

  it('loads the thumbnails in the strip and the full image in the viewer', async () => {
    const stored = ['a', 'b', 'c'].map((id) => ({
      src: `/api/v1/files/${id}`,
      thumbnailSrc: `/api/v1/files/${id}?size=thumb`,
    }));
    render(<ImageCountButton images={stored} />);
    const dialog = await openGallery();
    const strip = within(dialog).getByRole('list', { name: 'Miniaturas' });
    // The thumbnails are decorative (alt=""): the buttons around them carry the names.
    const thumbnails = within(strip).getAllByRole('presentation');
    expect(thumbnails.map((img) => img.getAttribute('src'))).toEqual([
      '/api/v1/files/a?size=thumb',
      '/api/v1/files/b?size=thumb',
      '/api/v1/files/c?size=thumb',
    ]);
    expect(within(dialog).getByRole('img', { name: 'Imagen 1 de 3' })).toHaveAttribute(
      'src',
      '/api/v1/files/a',
    );
    await userEvent.click(within(strip).getByRole('button', { name: 'Ver imagen 3 de 3' }));
    expect(within(dialog).getByRole('img', { name: 'Imagen 3 de 3' })).toHaveAttribute(
      'src',
      '/api/v1/files/c',
    );
  });

  it('says it opens a dialog, closes with Escape and gives the focus back to the button', async () => {
    render(<ImageCountButton images={photos} />);
    const button = screen.getByRole('button', { name: 'Ver imágenes (3)' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const dialog = await openGallery();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('is disabled without images', () => {
    render(<ImageCountButton images={[]} />);
    expect(screen.getByRole('button', { name: 'Ver imágenes (0)' })).toBeDisabled();
  });

  it('keeps the full name in compact mode', () => {
    render(<ImageCountButton images={photos} compact />);
    const button = screen.getByRole('button', { name: 'Ver imágenes (3)' });
    expect(button).toHaveTextContent('(3)');
  });

  it('can be controlled and start on a given image', () => {
    render(<ImageGallery images={photos} isOpen initialIndex={1} title="Fotos de la visita" />);
    const dialog = screen.getByRole('dialog', { name: 'Fotos de la visita' });
    expect(within(dialog).getByText('2 / 3')).toBeInTheDocument();
  });
});
