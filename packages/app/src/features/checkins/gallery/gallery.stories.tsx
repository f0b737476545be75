import type { CheckInPhoto } from '@anaquel/api';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, waitFor, within } from 'storybook/test';
import { findDialog } from '../../../stories/decorators';
import { PhotoDownload } from './photo-download';
import { photoRows } from './photo-fixture';
import { PhotoGrid } from './photo-grid';
import { PhotoLightbox } from './photo-lightbox';

// The photo gallery of 'Visitas' (issue #24): its grid and lightbox in their states, with
// drawn photos instead of the server's files (a story has no server).

/** A drawn photo: a shelf in a colour of its own, with its number. */
function drawnPhoto(photo: CheckInPhoto, side: number): string {
  const n = Number(photo.id.slice(-4));
  const hue = (n * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}" viewBox="0 0 100 100"><rect width="100" height="100" fill="hsl(${hue} 45% 80%)"/><g fill="hsl(${hue} 35% 45%)"><rect x="8" y="20" width="84" height="6"/><rect x="8" y="52" width="84" height="6"/><rect x="8" y="84" width="84" height="6"/><rect x="14" y="30" width="12" height="22"/><rect x="30" y="34" width="12" height="18"/><rect x="58" y="62" width="14" height="22"/></g><text x="88" y="14" font-size="10" text-anchor="end" font-family="sans-serif">${n}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

interface GalleryArgs {
  photos: CheckInPhoto[];
  totalCount: number | null;
  isLoading: boolean;
  /** The lightbox open at this photo. */
  openAt: number | null;
  /** The width of the frame (375 for a phone). */
  width?: number;
}

/** The download button, the grid and its lightbox as the page composes them. */
function Gallery({ photos, totalCount, isLoading, openAt, width }: GalleryArgs) {
  const [open, setOpen] = useState<number | null>(openAt);
  const totalLabel = totalCount === null ? null : String(totalCount);
  return (
    <div
      className="flex flex-col gap-4 p-4"
      style={width ? { width, maxWidth: '100%' } : undefined}
    >
      <PhotoDownload
        filter={{ startDate: '2026-11-20', endDate: '2026-11-20' }}
        count={totalCount}
        countLabel={totalLabel}
        onError={() => undefined}
      />
      <PhotoGrid
        photos={photos}
        totalLabel={totalLabel}
        isLoading={isLoading}
        isError={false}
        onRetry={() => undefined}
        hasMore={false}
        isLoadingMore={false}
        onLoadMore={() => undefined}
        onOpen={setOpen}
        thumbnailSrc={(photo) => drawnPhoto(photo, 320)}
      />
      <PhotoLightbox
        photos={photos}
        index={open}
        totalLabel={totalLabel}
        hasMore={false}
        onLoadMore={() => undefined}
        onIndexChange={setOpen}
        photoSrc={(photo) => drawnPhoto(photo, 1024)}
      />
    </div>
  );
}

const meta = {
  title: 'Pantallas/Fotos de visitas',
  component: Gallery,
  tags: ['!autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { photos: photoRows(24), totalCount: 24, isLoading: false, openAt: null },
} satisfies Meta<typeof Gallery>;

export default meta;
type Story = StoryObj<typeof meta>;

/** While the first page loads. */
export const Cargando: Story = {
  args: { photos: [], totalCount: null, isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Cargando fotos…')).toHaveAttribute('role', 'status');
    await expect(canvas.getByRole('button', { name: 'Descargar fotos' })).toBeDisabled();
  },
};

/**
 * The photos are there, their count is still on its way (its own request): the button without a
 * number and waiting, never '(0)'; the lightbox says 'n / …'.
 */
export const Contando: Story = {
  name: 'Contando las fotos',
  args: { photos: photoRows(6), totalCount: null, openAt: 1 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Descargar fotos' })).toBeDisabled();
    const dialog = await findDialog('Abarrotes 1');
    await expect(within(dialog).getByText('2 / …')).toBeVisible();
  },
};

/** No photo matches the filters. */
export const SinFotos: Story = {
  name: 'Sin fotos',
  args: { photos: [], totalCount: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No hay fotos de visitas con estos filtros.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Descargar fotos (0)' })).toBeDisabled();
  },
};

/** Many photos at 1280 px: visit photos and answer photos with their context. */
export const Muchas: Story = {
  play: async ({ canvas }) => {
    const grid = canvas.getByRole('list', { name: 'Fotos' });
    await expect(within(grid).getAllByRole('listitem')).toHaveLength(24);
    await expect(within(grid).getAllByText('Foto del anaquel: Sí')[0]).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Descargar fotos (24)' })).toBeEnabled();
  },
};

/** The same on a 375 px phone: two columns, the context wraps. */
export const Telefono: Story = {
  name: 'Teléfono (375 px)',
  args: { width: 375, photos: photoRows(8), totalCount: 8 },
};

/** The lightbox: 'n / total', previous and next, the keyboard. */
export const Lightbox: Story = {
  args: { openAt: 1 },
  play: async ({ userEvent }) => {
    const dialog = await findDialog('Abarrotes 1');
    await expect(within(dialog).getByText('2 / 24')).toBeVisible();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(within(dialog).getByText('3 / 24')).toBeVisible());
    await expect(
      within(dialog).getByRole('link', { name: 'Ver encuestas de la visita' }),
    ).toBeVisible();
  },
};
