import type { CampaignDetail } from '@anaquel/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failure, ok, stubApi } from '../../components/resource/testing/fetch-stub';
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
      'GET /campaigns/5': ok(campaign),
      'GET /products/options': ok(productOptions),
      'PUT /campaigns/5/products': ok({ id: 5, relatedIds: [] }),
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
      'GET /campaigns/5': ok(campaign),
      'GET /products/options': ok(productOptions),
      'PUT /campaigns/5/products': failure(500, 'Error interno'),
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
    stubApi({ 'GET /campaigns/5': ok(campaign), 'GET /products/options': ok(productOptions) });
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
