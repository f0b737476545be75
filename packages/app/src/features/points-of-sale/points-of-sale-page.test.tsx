import type { PointOfSale, PointOfSaleDetail } from '@anaquel/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failureEnvelope, okEnvelope, page, stubApi, type StubRequest } from '../../test/api-stub';
import { renderScreen, signInWith } from '../../components/resource/testing/render-screen';
import { ZIP_NOT_FOUND_HINT } from './point-of-sale-fields';
import PointsOfSalePage from './points-of-sale-page';

const ALL = ['VIEW_POINTOFSALES', 'CREATE_POINTOFSALES', 'UPDATE_POINTOFSALES'];

const states = [
  { id: 9, name: 'Ciudad de México' },
  { id: 14, name: 'Jalisco' },
];

const settlement = (zipCode: string, name: string, municipality = 'Guadalajara') => ({
  zipCode,
  stateId: 14,
  stateName: 'Jalisco',
  municipality,
  settlement: name,
  settlementType: 'Colonia',
  city: 'Guadalajara',
});

/** The synthetic catalogue: 44100 has two settlements, 44200 one, 99999 none. */
const catalogue: Record<string, ReturnType<typeof settlement>[]> = {
  '44100': [settlement('44100', 'Centro'), settlement('44100', 'Americana')],
  '44200': [settlement('44200', 'Santa Teresita', 'Zapopan')],
};

const zipAnswer = (request: StubRequest) =>
  okEnvelope(catalogue[request.query.get('Filter') ?? ''] ?? []);

const stored: PointOfSaleDetail = {
  id: 5,
  code: 'PV-0005',
  name: 'Abarrotes Tere',
  stateId: 14,
  stateName: 'Jalisco',
  zipCode: '44200',
  city: 'Guadalajara',
  municipality: 'Zapopan',
  settlement: 'Santa Teresita',
  street: 'Calle Morelos',
  externalNumber: '45',
  internalNumber: null,
  latitude: 20.6736,
  longitude: -103.344,
  isActive: true,
  productIds: [],
};
const { productIds: _ignored, ...storedRow } = stored;
const row: PointOfSale = storedRow;

function setup(routes: Parameters<typeof stubApi>[0] = {}, permissions = ALL) {
  signInWith(permissions);
  const api = stubApi({
    'GET /pointofsales/paged': okEnvelope(page([row])),
    'GET /states/options': okEnvelope(states),
    'GET /zipcodes': zipAnswer,
    ...routes,
  });
  const view = renderScreen(<PointsOfSalePage />, { path: '/points-of-sales' });
  return { api, ...view };
}

async function openCreate(view: ReturnType<typeof setup>) {
  await view.user.click(await screen.findByRole('button', { name: 'Agregar punto de venta' }));
  return screen.getByRole('dialog', { name: 'Agregar punto de venta' });
}

const field = (dialog: HTMLElement, name: string) => within(dialog).getByRole('textbox', { name });
// A select's button is named by its value, then its label ('Jalisco Estado').
const select = (dialog: HTMLElement, label: string) =>
  within(dialog).getByRole('button', { name: new RegExp(`${label}$`) });

describe('points of sale list (spec 2 §2)', () => {
  it("shows 'Gestión de puntos de venta', its columns and the link to the products", async () => {
    setup();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Gestión de puntos de venta' }),
    ).toBeVisible();
    const table = screen.getByRole('table', { name: 'Puntos de venta' });
    await within(table).findByRole('cell', { name: 'Abarrotes Tere' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(
      expect.arrayContaining(['Código', 'Nombre', 'Estado', 'Código postal', 'Activo']),
    );
    expect(within(table).getByRole('cell', { name: 'Jalisco' })).toBeVisible();
    expect(within(table).getByRole('cell', { name: '44200' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Productos de Abarrotes Tere' })).toHaveAttribute(
      'href',
      '/points-of-sales/5/products',
    );
  });
});

describe('point of sale form and the zip look-up (spec 2 §5)', () => {
  it('keeps state, municipality and settlement disabled until the zip code has 5 digits', async () => {
    const view = setup();
    const dialog = await openCreate(view);
    expect(select(dialog, 'Estado')).toBeDisabled();
    expect(field(dialog, 'Municipio')).toBeDisabled();
    expect(field(dialog, 'Asentamiento')).toBeDisabled();

    await view.user.type(field(dialog, 'Código postal'), '4410');
    expect(select(dialog, 'Estado')).toBeDisabled();
    expect(view.api.to('GET /zipcodes')).toHaveLength(0);

    await view.user.type(field(dialog, 'Código postal'), '0');
    await waitFor(() => expect(select(dialog, 'Estado')).toBeEnabled());
    expect(field(dialog, 'Municipio')).toBeEnabled();
    expect(Object.fromEntries(view.api.to('GET /zipcodes')[0]!.query)).toMatchObject({
      Filter: '44100',
    });
  });

  it('fills state, municipality and city from the code and offers its settlements', async () => {
    const view = setup({
      'POST /pointofsales': (request) =>
        okEnvelope({ ...stored, ...(request.body as object), id: 6 }, 201),
    });
    const dialog = await openCreate(view);
    await view.user.type(field(dialog, 'Código'), 'PV-0006');
    await view.user.type(field(dialog, 'Nombre'), 'Tienda Centro');
    await view.user.type(field(dialog, 'Código postal'), '44100');

    await waitFor(() => expect(field(dialog, 'Municipio')).toHaveValue('Guadalajara'));
    expect(field(dialog, 'Ciudad')).toHaveValue('Guadalajara');
    expect(select(dialog, 'Estado')).toHaveTextContent('Jalisco');
    // Two settlements: none is chosen for the user.
    const settlementSelect = select(dialog, 'Asentamiento');
    expect(settlementSelect).not.toHaveTextContent(/Centro|Americana/);
    await view.user.click(settlementSelect);
    expect(screen.getByRole('option', { name: 'Centro' })).toBeVisible();
    await view.user.click(screen.getByRole('option', { name: 'Americana' }));
    expect(select(dialog, 'Asentamiento')).toHaveTextContent('Americana');

    await view.user.type(field(dialog, 'Calle'), 'Av. Juárez');
    await view.user.type(field(dialog, 'Número exterior'), '10');
    await view.user.type(field(dialog, 'Latitud'), '20.67');
    const save = within(dialog).getByRole('button', { name: 'Guardar' });
    await waitFor(() => expect(save).toBeEnabled());
    await view.user.click(save);
    expect(await screen.findByText('Punto de venta creado exitosamente.')).toBeVisible();
    expect(view.api.to('POST /pointofsales')[0]!.body).toEqual({
      code: 'PV-0006',
      name: 'Tienda Centro',
      zipCode: '44100',
      stateId: 14,
      municipality: 'Guadalajara',
      settlement: 'Americana',
      city: 'Guadalajara',
      street: 'Av. Juárez',
      externalNumber: '10',
      internalNumber: null,
      latitude: 20.67,
      longitude: null,
      isActive: true,
    });
  });

  it('chooses the settlement itself when the code has only one', async () => {
    const view = setup();
    const dialog = await openCreate(view);
    await view.user.type(field(dialog, 'Código postal'), '44200');
    await waitFor(() => expect(select(dialog, 'Asentamiento')).toHaveTextContent('Santa Teresita'));
    expect(field(dialog, 'Municipio')).toHaveValue('Zapopan');
  });

  it('lets the user type the address of a code the catalogue does not know', async () => {
    const view = setup();
    const dialog = await openCreate(view);
    await view.user.type(field(dialog, 'Código postal'), '99999');
    expect(await within(dialog).findByText(ZIP_NOT_FOUND_HINT)).toBeVisible();
    expect(field(dialog, 'Asentamiento')).toBeEnabled();
    expect(field(dialog, 'Municipio')).toHaveValue('');
    await view.user.click(select(dialog, 'Estado'));
    await view.user.click(screen.getByRole('option', { name: 'Ciudad de México' }));
    expect(select(dialog, 'Estado')).toHaveTextContent('Ciudad de México');
  });

  it("says 'Error al obtener datos del código postal' when the look-up fails", async () => {
    const view = setup({ 'GET /zipcodes': failureEnvelope(500, 'ERROR', 'Error interno') });
    const dialog = await openCreate(view);
    await view.user.type(field(dialog, 'Código postal'), '44100');
    expect(await screen.findByText('Error al obtener datos del código postal')).toBeVisible();
    // The user can still type the address.
    expect(field(dialog, 'Municipio')).toBeEnabled();
  });

  it('an edit keeps the stored address and only a new code fills it again', async () => {
    const view = setup({ 'GET /pointofsales/5': okEnvelope({ ...stored, city: null }) });
    await view.user.click(await screen.findByRole('button', { name: 'Editar Abarrotes Tere' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar punto de venta' });
    await waitFor(() => expect(field(dialog, 'Código postal')).toHaveValue('44200'));
    await waitFor(() => expect(view.api.to('GET /zipcodes')).toHaveLength(1));
    // The stored code's look-up does not overwrite what was saved (an empty city here).
    await waitFor(() => expect(select(dialog, 'Asentamiento')).toHaveTextContent('Santa Teresita'));
    expect(field(dialog, 'Ciudad')).toHaveValue('');
    expect(field(dialog, 'Latitud')).toHaveValue('20.6736');
    expect(within(dialog).getByRole('button', { name: 'Guardar' })).toBeDisabled();

    const zip = field(dialog, 'Código postal');
    await view.user.clear(zip);
    await view.user.type(zip, '44100');
    await waitFor(() => expect(field(dialog, 'Municipio')).toHaveValue('Guadalajara'));
    expect(field(dialog, 'Ciudad')).toHaveValue('Guadalajara');
    expect(select(dialog, 'Asentamiento')).not.toHaveTextContent('Santa Teresita');
  });

  it('shows the spec messages of the coordinates once touched', async () => {
    const view = setup();
    const dialog = await openCreate(view);
    await view.user.type(field(dialog, 'Latitud'), 'norte');
    await view.user.type(field(dialog, 'Longitud'), '-200');
    await view.user.tab();
    expect(await within(dialog).findByText('La latitud debe ser un número válido')).toBeVisible();
    expect(await within(dialog).findByText('La longitud debe ser un número válido')).toBeVisible();
  });
});
