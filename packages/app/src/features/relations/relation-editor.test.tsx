import type { CampaignDetail } from '@anaquel/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADD_RESULTS_LIMIT } from '../../components/resource/relation-editor';
import { failureEnvelope, okEnvelope, stubApi, type StubRequest } from '../../test/api-stub';
import {
  SCREEN_TEST_OPTIONS,
  renderScreen,
  signInWith,
} from '../../components/resource/testing/render-screen';
import {
  CampaignProductsScreen,
  ClientProductsScreen,
  PointOfSaleProductsScreen,
} from './relation-screens';

const campaign: CampaignDetail = {
  id: 5,
  name: 'Regreso a clases',
  description: null,
  startDate: '2026-07-01',
  endDate: null,
  clientIds: [8],
  clientNames: ['Abarrotes La Esperanza'],
  isActive: true,
  pointOfSaleIds: [],
  productIds: [3],
};
const productOptions = [
  { id: 3, name: 'Refresco de cola 600 ml (SKU-1)' },
  { id: 4, name: 'Papas fritas 45 g (SKU-2)' },
];
const linkedProducts = okEnvelope({
  id: 5,
  relatedIds: [3],
  related: [{ id: 3, name: 'Refresco de cola 600 ml (SKU-1)', isActive: true }],
});

describe('RelationEditor (spec 2 §2 "Relation editors")', SCREEN_TEST_OPTIONS, () => {
  it.each([
    [
      '/campaigns/abc/products',
      '/campaigns/:campaignId/products',
      CampaignProductsScreen,
      'Id de la campaña inválida',
    ],
    [
      '/campaigns/0/products',
      '/campaigns/:campaignId/products',
      CampaignProductsScreen,
      'Id de la campaña inválida',
    ],
    [
      '/clients/-2/products',
      '/clients/:clientId/products',
      ClientProductsScreen,
      'Id del cliente inválido',
    ],
    [
      '/points-of-sales/1.5/products',
      '/points-of-sales/:pointOfSalesId/products',
      PointOfSaleProductsScreen,
      'Id del punto de venta inválido',
    ],
  ])('%s shows the invalid-id message and asks nothing', async (path, pattern, Screen, message) => {
    signInWith(['VIEW_CAMPAIGNS', 'VIEW_CLIENTS', 'VIEW_POINTOFSALES']);
    const api = stubApi({});
    renderScreen(<Screen />, { path, pattern });
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: /^Volver a / })).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requests).toHaveLength(0);
  });

  it('loads the campaign and its products, and saves the list even when empty', async () => {
    signInWith(['VIEW_CAMPAIGNS', 'UPDATE_CAMPAIGNS']);
    const api = stubApi({
      'GET /campaigns/5': okEnvelope(campaign),
      'GET /campaigns/5/products': linkedProducts,
      'GET /products/options': okEnvelope(productOptions),
      'PUT /campaigns/5/products': okEnvelope({ id: 5, relatedIds: [], related: [] }),
    });
    const { user } = renderScreen(<CampaignProductsScreen />, {
      path: '/campaigns/5/products',
      pattern: '/campaigns/:campaignId/products',
    });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Productos de la campaña Regreso a clases',
      }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Volver a campañas' })).toHaveAttribute(
      'href',
      '/campaigns',
    );
    const chips = await screen.findByRole('grid', { name: 'Productos seleccionados' });
    const chip = await within(chips).findByRole('row', { name: 'Refresco de cola 600 ml (SKU-1)' });
    const save = screen.getByRole('button', { name: 'Guardar' });
    expect(save).toBeDisabled();

    // spec 2 §2: the list may be saved empty.
    await user.click(within(chip).getByRole('button', { name: /^Quitar/ }));
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText('Campaña actualizada exitosamente.')).toBeVisible();
    expect(api.to('PUT /campaigns/5/products')[0]!.body).toEqual({ relatedIds: [] });
    await waitFor(() => expect(save).toBeDisabled());
  });

  it("a failed save shows 'Error al actualizar la campaña.'", async () => {
    signInWith(['VIEW_CAMPAIGNS', 'UPDATE_CAMPAIGNS']);
    stubApi({
      'GET /campaigns/5': okEnvelope(campaign),
      'GET /campaigns/5/products': linkedProducts,
      'GET /products/options': okEnvelope(productOptions),
      'PUT /campaigns/5/products': failureEnvelope(500, 'ERROR', 'Error interno'),
    });
    const { user } = renderScreen(<CampaignProductsScreen />, {
      path: '/campaigns/5/products',
      pattern: '/campaigns/:campaignId/products',
    });
    const chip = await screen.findByRole('row', { name: 'Refresco de cola 600 ml (SKU-1)' });
    await user.click(within(chip).getByRole('button', { name: /^Quitar/ }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Error al actualizar la campaña.')).toBeVisible();
  });

  it('is read-only without UPDATE_ of the owner', async () => {
    signInWith(['VIEW_CAMPAIGNS']);
    stubApi({
      'GET /campaigns/5': okEnvelope(campaign),
      'GET /campaigns/5/products': linkedProducts,
      'GET /products/options': okEnvelope(productOptions),
    });
    renderScreen(<CampaignProductsScreen />, {
      path: '/campaigns/5/products',
      pattern: '/campaigns/:campaignId/products',
    });
    expect(
      await screen.findByRole('row', { name: 'Refresco de cola 600 ml (SKU-1)' }),
    ).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Productos' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Guardar' })).not.toBeInTheDocument();
  });
});

describe('a relation editor at scale (issue 13)', { timeout: 120_000 }, () => {
  const candidates = Array.from({ length: 2000 }, (_, i) => ({
    id: i + 1,
    name: `Producto ${String(i + 1).padStart(4, '0')} (SKU-${i + 1})`,
  }));
  const productOptions = (request: StubRequest) => {
    const filter = (request.query.get('Filter') ?? '').toLowerCase();
    const skip = Number(request.query.get('Skip') ?? 0);
    const take = Number(request.query.get('Take') ?? 10);
    const found = candidates.filter((c) => c.name.toLowerCase().includes(filter));
    return okEnvelope(found.slice(skip, skip + take));
  };
  const render = (related: { id: number; name: string; isActive: boolean }[]) => {
    signInWith(['VIEW_CAMPAIGNS', 'UPDATE_CAMPAIGNS']);
    const api = stubApi({
      'GET /campaigns/5': okEnvelope(campaign),
      'GET /campaigns/5/products': okEnvelope({
        id: 5,
        relatedIds: related.map((r) => r.id),
        related,
      }),
      'GET /products/options': productOptions,
      'PUT /campaigns/5/products': (request) =>
        okEnvelope({
          id: 5,
          relatedIds: (request.body as { relatedIds: number[] }).relatedIds,
          related: [],
        }),
    });
    const view = renderScreen(<CampaignProductsScreen />, {
      path: '/campaigns/5/products',
      pattern: '/campaigns/:campaignId/products',
    });
    return { api, ...view };
  };

  it('names and counts 300 linked records of 2 000 candidates, inactive ones marked', async () => {
    // The first 299 candidates and an inactive product that is no candidate any more.
    render([
      ...candidates.slice(0, 299).map((c) => ({ ...c, isActive: true })),
      { id: 5000, name: 'Producto retirado (SKU-OLD)', isActive: false },
    ]);
    expect(await screen.findByRole('status')).toHaveTextContent('Vinculados: 300');
    const chips = screen.getByRole('grid', { name: 'Productos seleccionados' });
    expect(within(chips).getByRole('row', { name: 'Producto 0250 (SKU-250)' })).toBeVisible();
    expect(
      within(chips).getByRole('row', { name: 'Producto retirado (SKU-OLD) (inactivo)' }),
    ).toBeVisible();
    expect(within(chips).queryByRole('row', { name: '5000' })).not.toBeInTheDocument();
  });

  it("adds every candidate matching a search with 'Agregar todos los resultados', all pages", async () => {
    // Few linked records here (the 300 above are named and counted): the chips re-render on every
    // change and jsdom is slow on two busy cores.
    const { api, user } = render(candidates.slice(0, 20).map((c) => ({ ...c, isActive: true })));
    expect(await screen.findByRole('status')).toHaveTextContent('Vinculados: 20');
    expect(
      screen.queryByRole('button', { name: /^Agregar todos los resultados/ }),
    ).not.toBeInTheDocument();

    // 'SKU-15' matches 111 candidates (15, 150-159, 1500-1599): more than one page of 100, one
    // of them (15) already linked.
    await user.click(screen.getByRole('combobox', { name: 'Productos' }));
    await user.paste('SKU-15');
    // The button shows once the search went to the server (hidden while the list is open).
    const addAll = { name: 'Agregar todos los resultados de "SKU-15"', hidden: true };
    expect(await screen.findByRole('button', addAll)).toBeInTheDocument();
    expect(
      await screen.findByRole('option', { name: 'Producto 1500 (SKU-1500)' }),
    ).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', addAll));
    // The toast may re-render while it enters: read it again until it shows.
    await waitFor(() =>
      expect(
        screen.getByText('Se agregaron 110 resultados de la búsqueda "SKU-15".'),
      ).toBeVisible(),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Vinculados: 130');
    // Named chips, also for results beyond the first page the list loaded.
    const chips = screen.getByRole('grid', { name: 'Productos seleccionados' });
    expect(within(chips).getByRole('row', { name: 'Producto 1599 (SKU-1599)' })).toBeVisible();
    expect(within(chips).queryByRole('row', { name: '1599' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /^Agregar todos los resultados/ }),
    ).not.toBeInTheDocument();
    // The results were read with the search, 100 at a time, until a short page.
    const searched = api
      .to('GET /products/options')
      .filter((r) => r.query.get('Filter') === 'SKU-15' && r.query.get('Take') === '100');
    expect(searched.map((r) => r.query.get('Skip'))).toEqual(['0', '100']);

    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Campaña actualizada exitosamente.')).toBeVisible();
    const saved = (api.to('PUT /campaigns/5/products')[0]!.body as { relatedIds: number[] })
      .relatedIds;
    expect(saved).toHaveLength(130);
    expect(saved).toEqual(expect.arrayContaining([1, 15, 20, 150, 159, 1500, 1599]));
    expect(new Set(saved).size).toBe(130);
  });

  it(`adds nothing and says so when a search matches more than ${ADD_RESULTS_LIMIT} candidates`, async () => {
    const { api, user } = render([]);
    expect(await screen.findByRole('status')).toHaveTextContent('Vinculados: 0');
    // 'SKU-1' matches 1 111 candidates (1, 10-19, 100-199, 1000-1999).
    await user.click(screen.getByRole('combobox', { name: 'Productos' }));
    await user.paste('SKU-1');
    // The button shows once the search went to the server (hidden while the list is open).
    const addAll = { name: 'Agregar todos los resultados de "SKU-1"', hidden: true };
    expect(await screen.findByRole('button', addAll)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', addAll));
    await waitFor(() =>
      expect(
        screen.getByText(
          'La búsqueda "SKU-1" tiene más de 1,000 resultados. Escriba una búsqueda más precisa para agregarlos.',
        ),
      ).toBeVisible(),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Vinculados: 0');
    expect(screen.queryByRole('grid', { name: 'Productos seleccionados' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeDisabled();
    // Bounded: eleven pages of 100 at most, whatever the number of matches.
    const searched = api
      .to('GET /products/options')
      .filter((r) => r.query.get('Filter') === 'SKU-1' && r.query.get('Take') === '100');
    expect(searched).toHaveLength(ADD_RESULTS_LIMIT / 100 + 1);
  });
});
