import type { CampaignDetail, PermissionCode } from '@anaquel/api';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { okEnvelope, type StubRequest } from '../../test/api-stub';
import { screenMeta, seeToast, storyApi } from '../../stories/decorators';
import { CampaignProductsScreen } from './relation-screens';

// spec 2 §2 "Relation editors" at scale (issue 13): a campaign's products among 1 800 candidates.

const lines = [
  ['Coca-Cola', ['Original', 'Sin Azúcar', 'Light']],
  ['Sabritas', ['Originales', 'Limón', 'Adobadas']],
  ['Jumex', ['Mango', 'Durazno', 'Manzana']],
  ['Bimbo', ['Pan Blanco', 'Pan Integral', 'Medias Noches']],
  ['Lala', ['Entera', 'Deslactosada', 'Light']],
  ['Gamesa', ['Emperador', 'Marías', 'Arcoíris']],
  ['Herdez', ['Salsa Verde', 'Salsa Casera', 'Mole']],
  ['La Costeña', ['Jalapeños', 'Frijoles Bayos', 'Chipotles']],
  ['Bonafont', ['Natural', 'Levité Limón', 'Kids']],
  ['Del Valle', ['Naranja', 'Uva', 'Guayaba']],
] as const;
const sizes = [
  '250 ml',
  '355 ml',
  '500 ml',
  '600 ml',
  '1 l',
  '1.5 l',
  '2 l',
  '45 g',
  '120 g',
  '340 g',
];

/** 1 800 candidates: 10 brands × 3 lines × 10 sizes × 6 packs, each with its SKU. */
const candidates = lines.flatMap(([brand, variants], b) =>
  variants.flatMap((variant, v) =>
    sizes.flatMap((size, s) =>
      [1, 4, 6, 12, 24, 36].map((pack, p) => {
        const id = ((b * 3 + v) * 10 + s) * 6 + p + 1;
        const name = `${brand} ${variant} ${size}${pack > 1 ? ` (paquete de ${pack})` : ''}`;
        return { id, name: `${name} (SKU-${String(id).padStart(5, '0')})` };
      }),
    ),
  ),
);

/** `GET /products/options`: the candidates matching the search, one page (`Skip`, `Take`). */
function productOptions(request: StubRequest) {
  const filter = (request.query.get('Filter') ?? '').toLowerCase();
  const skip = Number(request.query.get('Skip') ?? 0);
  const take = Number(request.query.get('Take') ?? 10);
  const found = candidates.filter((c) => c.name.toLowerCase().includes(filter));
  return okEnvelope(found.slice(skip, skip + take));
}

// 36 linked products (the single packs of Coca-Cola and Sabritas) and a discontinued one.
const linked = [
  ...candidates
    .filter((c) => /^(Coca-Cola|Sabritas) /.test(c.name) && !c.name.includes('paquete'))
    .slice(0, 35)
    .map((c) => ({ ...c, isActive: true })),
  { id: 9001, name: 'Pascual Boing Mango 500 ml (SKU-09001)', isActive: false },
];

const campaign: CampaignDetail = {
  id: 5,
  name: 'Regreso a clases 2026',
  description: 'Exhibición adicional en tiendas de conveniencia del Bajío',
  startDate: '2026-07-20',
  endDate: '2026-09-05',
  clientIds: [8],
  clientNames: ['Distribuidora del Bajío'],
  isActive: true,
  pointOfSaleIds: [],
  productIds: linked.map((p) => p.id),
};

const EDITOR: PermissionCode[] = ['VIEW_CAMPAIGNS', 'UPDATE_CAMPAIGNS'];
const route = { path: '/campaigns/5/products', pattern: '/campaigns/:campaignId/products' };

const meta = {
  title: 'Pantallas/Productos de la campaña',
  component: CampaignProductsScreen,
  ...screenMeta(
    { ...route, permissions: EDITOR, layout: 'shell' },
    {
      'GET /campaigns/5': okEnvelope(campaign),
      'GET /campaigns/5/products': okEnvelope({
        id: 5,
        relatedIds: linked.map((p) => p.id),
        related: linked,
      }),
      'GET /products/options': productOptions,
      'PUT /campaigns/5/products': (request) => {
        const { relatedIds } = request.body as { relatedIds: number[] };
        return okEnvelope({ id: 5, relatedIds, related: [] });
      },
    },
  ),
} satisfies Meta<typeof CampaignProductsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const wait = { timeout: 10_000 };

/** The linked products by name, the discontinued one marked, nothing to save yet. */
export const Vinculados: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole(
        'heading',
        { level: 1, name: 'Productos de la campaña Regreso a clases 2026' },
        wait,
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Volver a campañas' })).toHaveAttribute(
      'href',
      '/campaigns',
    );
    await expect(await canvas.findByRole('status', {}, wait)).toHaveTextContent('Vinculados: 36');
    const chips = canvas.getByRole('grid', { name: 'Productos seleccionados' });
    await expect(
      within(chips).getByRole('row', { name: 'Coca-Cola Original 600 ml (SKU-00019)' }),
    ).toBeVisible();
    await expect(
      within(chips).getByRole('row', { name: 'Pascual Boing Mango 500 ml (SKU-09001) (inactivo)' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Guardar' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Deshacer cambios' })).toBeDisabled();
  },
};

/**
 * A search among the 1 800 candidates: the matches page by page in the list and, once the list
 * closes, 'Agregar todos los resultados' to link every match at once.
 */
export const BusquedaEntreCandidatos: Story = {
  name: 'Búsqueda entre 1 800 candidatos',
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText('Vinculados: 36', {}, wait)).toBeVisible();
    await userEvent.click(canvas.getByRole('combobox', { name: 'Productos' }));
    await userEvent.paste('Jumex Mango');
    const list = await screen.findByRole('listbox', {}, wait);
    await expect(
      await within(list).findByRole('option', { name: 'Jumex Mango 250 ml (SKU-00361)' }, wait),
    ).toBeVisible();
    await expect(storyApi().to('GET /products/options').at(-1)!.query.get('Filter')).toBe(
      'Jumex Mango',
    );
    await userEvent.keyboard('{Escape}');
    await expect(
      await canvas.findByRole(
        'button',
        { name: 'Agregar todos los resultados de "Jumex Mango"' },
        wait,
      ),
    ).toBeVisible();
  },
};

/** A product taken off the list and the list saved: 'Campaña actualizada exitosamente.' */
export const QuitarYGuardar: Story = {
  name: 'Quitar un producto y guardar',
  play: async ({ canvas, userEvent }) => {
    const chip = await canvas.findByRole(
      'row',
      { name: 'Pascual Boing Mango 500 ml (SKU-09001) (inactivo)' },
      wait,
    );
    await userEvent.click(within(chip).getByRole('button', { name: /^Quitar/ }));
    await expect(canvas.getByText('Vinculados: 35')).toBeVisible();
    const save = canvas.getByRole('button', { name: 'Guardar' });
    await waitFor(() => expect(save).toBeEnabled());
    await expect(canvas.getByRole('button', { name: 'Deshacer cambios' })).toBeEnabled();
    await userEvent.click(save);
    await seeToast('Campaña actualizada exitosamente.');
    const sent = storyApi().to('PUT /campaigns/5/products')[0]!.body as { relatedIds: number[] };
    await expect(sent.relatedIds).toHaveLength(35);
    await expect(sent.relatedIds).not.toContain(9001);
  },
};

/** Without UPDATE_CAMPAIGNS the list is read-only: no search, no save. */
export const SoloLectura: Story = {
  name: 'Solo lectura',
  parameters: { screen: { ...route, permissions: ['VIEW_CAMPAIGNS'], layout: 'shell' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', {}, wait)).toHaveTextContent('Vinculados: 36');
    await expect(canvas.getByRole('combobox', { name: 'Productos' })).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: 'Guardar' })).not.toBeInTheDocument();
  },
};
