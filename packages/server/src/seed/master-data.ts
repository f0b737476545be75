import path from 'node:path';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.ts';
import { serverRoot } from '../env.ts';
import {
  brands,
  campaignClients,
  campaignPointsOfSale,
  campaignProducts,
  campaigns,
  categories,
  clientPointsOfSale,
  clients,
  pointOfSaleProducts,
  pointsOfSale,
  productClients,
  products,
  profiles,
  regionStates,
  regions,
  states,
  subcategories,
  userRegions,
  users,
  zipCodes,
} from '../db/schema/index.ts';
import { importZipCodeFile } from '../zipcodes/import.ts';
import type { DemoSeeder } from './types.ts';
import { PROMOTER_PROFILE_NAME } from '@anaquel/api/rules';

/** The synthetic SEPOMEX-format file shipped with the server (docs/zipcodes.md). */
export const SAMPLE_ZIP_FILE = path.join(serverRoot, 'data', 'zipcodes-sample.txt');

const DEMO_PROMOTER_EMAIL = 'promotor@anaquel.mx';
export const DEMO_PROMOTER_PASSWORD = 'Promotor#2026';

const BRANDS = [
  ['La Huerta Dorada', 'Jugos, néctares y aguas de fruta'],
  ['Panificadora San Ángel', 'Pan de caja y pan dulce'],
  ['Lácteos Los Altos', 'Leche y yogur de Jalisco'],
  ['Botanas El Güero', 'Papas, cacahuates y chicharrones'],
  ['Conservas Doña Chela', 'Chiles, salsas y frijoles'],
] as const;

const CATEGORIES: Record<string, { description: string; subcategories: string[] }> = {
  Bebidas: {
    description: 'Jugos, néctares y aguas',
    subcategories: ['Jugos y néctares', 'Aguas saborizadas'],
  },
  Panadería: { description: 'Pan empacado', subcategories: ['Pan de caja', 'Pan dulce'] },
  Lácteos: { description: 'Leche y derivados', subcategories: ['Leche', 'Yogur'] },
  Botanas: { description: 'Botanas saladas', subcategories: ['Papas fritas', 'Cacahuates'] },
  Abarrotes: { description: 'Enlatados y salsas', subcategories: ['Chiles en lata', 'Salsas'] },
};

const CLIENTS = [
  [
    'CLI-001',
    'Abarrotes La Esperanza',
    'Comercializadora La Esperanza, S.A. de C.V.',
    'CES010203AB1',
  ],
  ['CLI-002', 'Súper Mercados del Bajío', 'Supermercados del Bajío, S.A. de C.V.', 'SMB980512KQ3'],
  [
    'CLI-003',
    'Tiendas Rápidas El Sol',
    'Cadena Comercial El Sol, S. de R.L. de C.V.',
    'CCS150830TP7',
  ],
] as const;

// [sku, name, brand, subcategory, client codes]
const PRODUCTS = [
  [
    '7501000000011',
    'Néctar de mango 1 L',
    'La Huerta Dorada',
    'Jugos y néctares',
    ['CLI-001', 'CLI-002'],
  ],
  ['7501000000028', 'Jugo de naranja 500 ml', 'La Huerta Dorada', 'Jugos y néctares', ['CLI-002']],
  ['7501000000035', 'Agua de jamaica 600 ml', 'La Huerta Dorada', 'Aguas saborizadas', ['CLI-003']],
  [
    '7501000000042',
    'Pan blanco grande',
    'Panificadora San Ángel',
    'Pan de caja',
    ['CLI-001', 'CLI-003'],
  ],
  [
    '7501000000059',
    'Conchas de vainilla (4 piezas)',
    'Panificadora San Ángel',
    'Pan dulce',
    ['CLI-001'],
  ],
  ['7501000000066', 'Leche entera 1 L', 'Lácteos Los Altos', 'Leche', ['CLI-002', 'CLI-003']],
  ['7501000000073', 'Yogur de fresa 1 kg', 'Lácteos Los Altos', 'Yogur', ['CLI-002']],
  ['7501000000080', 'Papas con limón 45 g', 'Botanas El Güero', 'Papas fritas', ['CLI-003']],
  [
    '7501000000097',
    'Cacahuates japoneses 100 g',
    'Botanas El Güero',
    'Cacahuates',
    ['CLI-001', 'CLI-003'],
  ],
  [
    '7501000000103',
    'Chiles jalapeños en rajas 220 g',
    'Conservas Doña Chela',
    'Chiles en lata',
    ['CLI-001', 'CLI-002'],
  ],
  ['7501000000110', 'Salsa verde casera 453 g', 'Conservas Doña Chela', 'Salsas', ['CLI-002']],
] as const;

const REGIONS: Record<string, { description: string; states: string[] }> = {
  Centro: { description: 'Valle de México y alrededores', states: ['09', '15', '21', '22'] },
  Bajío: { description: 'Centro-occidente del país', states: ['11', '14', '16', '22'] },
  Norte: { description: 'Área metropolitana de Monterrey', states: ['19'] },
  Sureste: { description: 'Península y Oaxaca', states: ['20', '31'] },
};

const POINT_OF_SALE_NAMES = [
  'La Esperanza Centro',
  'Súper Bajío Norte',
  'El Sol Plaza Mayor',
  'La Esperanza Mercado',
  'Súper Bajío Jardines',
  'El Sol Avenida Juárez',
  'La Esperanza Las Flores',
  'El Sol Colonia Obrera',
  'Súper Bajío Centro Histórico',
  'El Sol Los Pinos',
];

/**
 * Demo master data for a fresh installation (only when there are no brands yet): the synthetic
 * zip codes, brands, categories, subcategories, clients, points of sale, products, regions, a
 * promoter with regions and a campaign with its relations.
 */
export const masterDataSeeder: DemoSeeder = {
  name: 'master data',
  async run({ db, config }) {
    const [anyBrand] = await db.select({ id: brands.id }).from(brands).limit(1);
    if (anyBrand) return;
    await importZipCodeFile(db, SAMPLE_ZIP_FILE);

    await db.transaction(async (tx) => {
      const brandIds = new Map<string, number>();
      for (const [name, description] of BRANDS) {
        const [row] = await tx.insert(brands).values({ name, description }).returning();
        brandIds.set(name, row!.id);
      }
      const subcategoryIds = new Map<string, { id: number; categoryId: number }>();
      for (const [name, { description, subcategories: children }] of Object.entries(CATEGORIES)) {
        const [category] = await tx.insert(categories).values({ name, description }).returning();
        for (const child of children) {
          const [row] = await tx
            .insert(subcategories)
            .values({ categoryId: category!.id, name: child })
            .returning();
          subcategoryIds.set(child, { id: row!.id, categoryId: category!.id });
        }
      }
      const clientIds = new Map<string, number>();
      for (const [code, commercialName, legalName, taxId] of CLIENTS) {
        const [row] = await tx
          .insert(clients)
          .values({ code, commercialName, legalName, taxId })
          .returning();
        clientIds.set(code, row!.id);
      }

      // Points of sale at settlements of the sample file, spread over its states.
      const settlements = await tx
        .select()
        .from(zipCodes)
        .where(sql`${zipCodes.id} % 31 = 1`)
        .orderBy(asc(zipCodes.id))
        .limit(POINT_OF_SALE_NAMES.length);
      const pointOfSaleIds: number[] = [];
      for (const [index, place] of settlements.entries()) {
        const [row] = await tx
          .insert(pointsOfSale)
          .values({
            code: `PV-${String(index + 1).padStart(4, '0')}`,
            name: POINT_OF_SALE_NAMES[index]!,
            stateId: place.stateId,
            zipCode: place.zipCode,
            city: place.city,
            municipality: place.municipality,
            settlement: place.settlement,
            street: ['Av. Hidalgo', 'Calle Morelos', 'Av. Juárez', 'Calle 5 de Mayo'][index % 4]!,
            externalNumber: String(100 + index * 17),
            internalNumber: index % 3 === 0 ? 'Local B' : null,
          })
          .returning();
        pointOfSaleIds.push(row!.id);
      }

      const productIds: number[] = [];
      for (const [sku, name, brand, subcategory, owners] of PRODUCTS) {
        const sub = subcategoryIds.get(subcategory)!;
        const [row] = await tx
          .insert(products)
          .values({
            sku,
            name,
            brandId: brandIds.get(brand)!,
            categoryId: sub.categoryId,
            subcategoryId: sub.id,
          })
          .returning();
        productIds.push(row!.id);
        await tx
          .insert(productClients)
          .values(owners.map((code) => ({ productId: row!.id, clientId: clientIds.get(code)! })));
      }

      const regionIds = new Map<string, number>();
      const stateRows = await tx.select({ id: states.id, key: states.inegiKey }).from(states);
      const stateByKey = new Map(stateRows.map((row) => [row.key, row.id]));
      for (const [name, { description, states: keys }] of Object.entries(REGIONS)) {
        const [row] = await tx.insert(regions).values({ name, description }).returning();
        regionIds.set(name, row!.id);
        await tx
          .insert(regionStates)
          .values(keys.map((key) => ({ regionId: row!.id, stateId: stateByKey.get(key)! })));
      }

      // Client relations: each client serves the points of sale that carry its name.
      for (const [code, commercialName] of CLIENTS) {
        const prefix = commercialName.split(' ').slice(-1)[0]!;
        const own = POINT_OF_SALE_NAMES.flatMap((name, index) =>
          name.includes(prefix) && pointOfSaleIds[index] ? [pointOfSaleIds[index]] : [],
        );
        if (own.length > 0) {
          await tx
            .insert(clientPointsOfSale)
            .values(own.map((id) => ({ clientId: clientIds.get(code)!, pointOfSaleId: id })));
        }
      }
      for (const [index, pointOfSaleId] of pointOfSaleIds.entries()) {
        const carried = productIds.filter((_, productIndex) => (productIndex + index) % 3 !== 0);
        await tx
          .insert(pointOfSaleProducts)
          .values(carried.map((productId) => ({ pointOfSaleId, productId })));
      }

      const [promoterProfile] = await tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(eq(sql`lower(${profiles.name})`, PROMOTER_PROFILE_NAME));
      const [existingPromoter] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, DEMO_PROMOTER_EMAIL));
      if (promoterProfile && !existingPromoter) {
        const [promoter] = await tx
          .insert(users)
          .values({
            name: 'María Fernanda',
            lastName: 'López Hernández',
            dateOfBirth: '1996-08-21',
            email: DEMO_PROMOTER_EMAIL,
            passwordHash: await hashPassword(DEMO_PROMOTER_PASSWORD, config.passwordHashing),
            profileId: promoterProfile.id,
          })
          .returning();
        await tx.insert(userRegions).values(
          ['Centro', 'Bajío'].map((name) => ({
            userId: promoter!.id,
            regionId: regionIds.get(name)!,
          })),
        );
      }

      const [campaign] = await tx
        .insert(campaigns)
        .values({
          name: 'Regreso a clases 2026',
          description: 'Exhibición en cabecera y degustación en tienda',
          startDate: '2026-07-01',
          endDate: '2026-08-31',
        })
        .returning();
      const campaignClientIds = [clientIds.get('CLI-001')!, clientIds.get('CLI-003')!];
      await tx
        .insert(campaignClients)
        .values(campaignClientIds.map((clientId) => ({ campaignId: campaign!.id, clientId })));
      await tx
        .insert(campaignPointsOfSale)
        .values(
          pointOfSaleIds.slice(0, 6).map((id) => ({ campaignId: campaign!.id, pointOfSaleId: id })),
        );
      const campaignProductRows = await tx
        .selectDistinct({ productId: productClients.productId })
        .from(productClients)
        .where(inArray(productClients.clientId, campaignClientIds));
      await tx
        .insert(campaignProducts)
        .values(
          campaignProductRows.map(({ productId }) => ({ campaignId: campaign!.id, productId })),
        );
      const [christmas] = await tx
        .insert(campaigns)
        .values({
          name: 'Temporada navideña 2026',
          description: 'Campaña sin fecha de fin definida',
          startDate: '2026-11-15',
          endDate: null,
          isActive: false,
        })
        .returning();
      await tx
        .insert(campaignClients)
        .values({ campaignId: christmas!.id, clientId: clientIds.get('CLI-002')! });
    });
  },
};
