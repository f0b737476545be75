import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { ImageCountButton } from './ImageCountButton';
import { ImageGallery, type GalleryImage } from './ImageGallery';

/** Offline stand-ins for visit photos. */
function photo(label: string, hue: number, width = 800, height = 600): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="hsl(${hue} 45% 35%)"/><text x="50%" y="50%" fill="#fff" font-family="sans-serif" font-size="40" text-anchor="middle" dominant-baseline="middle">${label}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

const VISIT_PHOTOS: GalleryImage[] = [
  { src: photo('Anaquel de refrescos', 200), alt: 'Anaquel de refrescos' },
  { src: photo('Exhibidor en caja', 20), alt: 'Exhibidor junto a la caja' },
  { src: photo('Refrigerador', 150, 600, 900), alt: 'Refrigerador de la tienda' },
  { src: photo('Fachada', 280), alt: 'Fachada del punto de venta' },
  photo('Precio', 90),
];

const meta = {
  title: 'Componentes/ImageGallery',
  component: ImageCountButton,
  args: { images: VISIT_PHOTOS },
} satisfies Meta<typeof ImageCountButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Ver imágenes (5)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Imágenes' });
    await waitFor(() => expect(within(dialog).getByText('1 / 5')).toBeVisible());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Imagen siguiente' }));
    await expect(
      within(dialog).getByRole('img', { name: 'Exhibidor junto a la caja' }),
    ).toBeVisible();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await expect(within(dialog).getByText('5 / 5')).toBeVisible();
    await expect(within(dialog).getByRole('img', { name: 'Imagen 5 de 5' })).toBeVisible();
  },
};

/** For narrow table columns (80 px): icon and count, named 'Ver imágenes (n)'. */
export const Compact: Story = {
  args: { compact: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Ver imágenes (5)' })).toHaveTextContent('(5)');
  },
};

/**
 * Stored photos come with a small rendition (`fileThumbnailUrl`: `?size=thumb`): the strip loads
 * `thumbnailSrc`, the viewer the full `src`.
 */
export const WithThumbnails: Story = {
  args: {
    images: [
      { src: photo('Anaquel (original)', 200), thumbnailSrc: photo('Miniatura 1', 200, 160, 120) },
      { src: photo('Exhibidor (original)', 20), thumbnailSrc: photo('Miniatura 2', 20, 160, 120) },
    ],
  },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Ver imágenes (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Imágenes' });
    const [first, second] = args.images as { src: string; thumbnailSrc: string }[];
    const strip = within(dialog).getByRole('list', { name: 'Miniaturas' });
    await expect(within(strip).getAllByRole('presentation')[1]).toHaveAttribute(
      'src',
      second!.thumbnailSrc,
    );
    await expect(within(dialog).getByRole('img', { name: 'Imagen 1 de 2' })).toHaveAttribute(
      'src',
      first!.src,
    );
  },
};

export const NoImages: Story = {
  args: { images: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Ver imágenes (0)' })).toBeDisabled();
  },
};

export const OneImage: Story = {
  args: { images: VISIT_PHOTOS.slice(0, 1) },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Ver imágenes (1)' }));
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).queryByRole('button', { name: 'Imagen siguiente' })).toBeNull();
  },
};

export const OpenGallery: Story = {
  render: (args) => <ImageGallery images={args.images} isOpen title="Fotos de la visita" />,
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: (args) => <ImageGallery images={args.images} isOpen initialIndex={2} />,
};
