// Master-data tables (brands, categories, clients, points of sale, products, regions, campaigns,
// zip codes) and their join tables. Re-exported by ./index.ts.
//
// Foreign keys: a master row referenced by another is protected (`on delete restrict`, so deleting
// it while in use answers 409 and keeps it); only the pure join rows of a deleted owner cascade.
// Indexes: every list sorts by `fold(column)` (lower + accent folding, see ../fold.ts) with `id` as
// the tie-breaker. On the tables that grow (points of sale, products, clients) the default sort
// key is a stored generated column with a btree on (key, id), so a page is read straight from the
// index without computing translate() per row; other sortable text columns have a btree on the
// fold() expression. The free-text filter is a `LIKE '%term%'` over a stored, already folded
// `search_text` column, backed by a pg_trgm GIN index (`gin_trgm_ops`, migration 0004 creates the
// extension; PGlite loads it in db/client.ts), and a second one on its word-joined form
// (`replace(search_text, ' ', 'w')`, migrations 0008 and 0010, ../fold.ts joinedWords) for terms
// of several words: a rare term reads only its matches instead of the whole table (measured in
// bench/pointofsales.md).
import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { fold, joinedWords } from '../fold.ts';
import { files, states, users } from './platform.ts';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const brands = pgTable(
  'brands',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 100 }).notNull(),
    description: varchar('description', { length: 255 }),
    isActive: boolean('is_active').notNull().default(true),
    /** fold(name), stored: the sort key (see points_of_sale.name_key). */
    nameKey: text('name_key')
      .notNull()
      .generatedAlwaysAs((): ReturnType<typeof fold> => fold(sql`${brands.name}`)),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('brands_name_lower_key').on(sql`lower(${t.name})`),
    index('brands_name_key_id_idx').on(t.nameKey, t.id),
  ],
);

export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 100 }).notNull(),
    description: varchar('description', { length: 255 }),
    isActive: boolean('is_active').notNull().default(true),
    /** fold(name), stored: the sort key (see points_of_sale.name_key). */
    nameKey: text('name_key')
      .notNull()
      .generatedAlwaysAs((): ReturnType<typeof fold> => fold(sql`${categories.name}`)),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('categories_name_lower_key').on(sql`lower(${t.name})`),
    index('categories_name_key_id_idx').on(t.nameKey, t.id),
  ],
);

export const subcategories = pgTable(
  'subcategories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 100 }).notNull(),
    description: varchar('description', { length: 255 }),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    // The same name may exist under two categories ("Light" in Refrescos and in Lácteos).
    uniqueIndex('subcategories_category_name_lower_key').on(t.categoryId, sql`lower(${t.name})`),
    index('subcategories_name_fold_idx').on(fold(t.name)),
  ],
);

export const clients = pgTable(
  'clients',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: varchar('code', { length: 50 }).notNull(),
    commercialName: varchar('commercial_name', { length: 100 }).notNull(),
    legalName: varchar('legal_name', { length: 100 }),
    /** RFC: 12 characters for companies, 13 for individuals. */
    taxId: varchar('tax_id', { length: 13 }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** fold(commercial_name), stored: the sort key (see points_of_sale.name_key). */
    commercialNameKey: text('commercial_name_key')
      .notNull()
      .generatedAlwaysAs((): ReturnType<typeof fold> => fold(sql`${clients.commercialName}`)),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): ReturnType<typeof fold> =>
        fold(
          sql`${clients.code} || ' ' || ${clients.commercialName} || ' ' || coalesce(${clients.legalName}, '') || ' ' || ${clients.taxId}`,
        ),
      ),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('clients_code_lower_key').on(sql`lower(${t.code})`),
    // The (commercial_name_key, id) btree INCLUDEs search_text (migration 0005, hand-written:
    // drizzle cannot express INCLUDE): a filtered page sorted by name is an index-only scan.
    index('clients_legal_name_fold_idx').on(fold(t.legalName)),
    index('clients_tax_id_idx').on(t.taxId),
    index('clients_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('clients_search_words_trgm_idx').using(
      'gin',
      sql`${joinedWords(t.searchText)} gin_trgm_ops`,
    ),
  ],
);

export const pointsOfSale = pgTable(
  'points_of_sale',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id, { onDelete: 'restrict' }),
    zipCode: char('zip_code', { length: 5 }).notNull(),
    city: varchar('city', { length: 100 }),
    municipality: varchar('municipality', { length: 100 }).notNull(),
    settlement: varchar('settlement', { length: 150 }).notNull(),
    street: varchar('street', { length: 150 }).notNull(),
    externalNumber: varchar('external_number', { length: 20 }).notNull(),
    internalNumber: varchar('internal_number', { length: 20 }),
    latitude: numeric('latitude', { precision: 9, scale: 6, mode: 'number' }),
    longitude: numeric('longitude', { precision: 9, scale: 6, mode: 'number' }),
    isActive: boolean('is_active').notNull().default(true),
    /** fold(name), stored: the sort key, so that ordering reads it instead of computing it. */
    nameKey: text('name_key')
      .notNull()
      .generatedAlwaysAs((): ReturnType<typeof fold> => fold(sql`${pointsOfSale.name}`)),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): ReturnType<typeof fold> =>
        fold(
          sql`${pointsOfSale.code} || ' ' || ${pointsOfSale.name} || ' ' || ${pointsOfSale.zipCode} || ' ' || ${pointsOfSale.municipality} || ' ' || ${pointsOfSale.settlement} || ' ' || coalesce(${pointsOfSale.city}, '')`,
        ),
      ),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('points_of_sale_code_lower_key').on(sql`lower(${t.code})`),
    // The (name_key, id) btree INCLUDEs search_text (migration 0005, hand-written: drizzle
    // cannot express INCLUDE): a filtered page sorted by name is an index-only scan.
    index('points_of_sale_state_id_idx').on(t.stateId),
    index('points_of_sale_zip_code_idx').on(t.zipCode),
    // The visits map (issue #24, docs/geo.md): the points of sale in the visible box.
    index('points_of_sale_longitude_latitude_idx').on(t.longitude, t.latitude),
    index('points_of_sale_municipality_fold_idx').on(fold(t.municipality)),
    index('points_of_sale_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('points_of_sale_search_words_trgm_idx').using(
      'gin',
      sql`${joinedWords(t.searchText)} gin_trgm_ops`,
    ),
    check('points_of_sale_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('points_of_sale_longitude_check', sql`${t.longitude} between -180 and 180`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    subcategoryId: integer('subcategory_id')
      .notNull()
      .references(() => subcategories.id, { onDelete: 'restrict' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'restrict' }),
    sku: varchar('sku', { length: 50 }).notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    description: varchar('description', { length: 1000 }),
    imageFileId: uuid('image_file_id').references(() => files.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    /** fold(name), stored: the sort key (see points_of_sale.name_key). */
    nameKey: text('name_key')
      .notNull()
      .generatedAlwaysAs((): ReturnType<typeof fold> => fold(sql`${products.name}`)),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): ReturnType<typeof fold> =>
        fold(
          sql`${products.sku} || ' ' || ${products.name} || ' ' || coalesce(${products.description}, '')`,
        ),
      ),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('products_sku_lower_key').on(sql`lower(${t.sku})`),
    index('products_name_key_id_idx').on(t.nameKey, t.id),
    index('products_category_id_idx').on(t.categoryId),
    index('products_subcategory_id_idx').on(t.subcategoryId),
    index('products_brand_id_idx').on(t.brandId),
    index('products_image_file_id_idx').on(t.imageFileId),
    index('products_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('products_search_words_trgm_idx').using(
      'gin',
      sql`${joinedWords(t.searchText)} gin_trgm_ops`,
    ),
  ],
);

/** The clients of a product; the same rows are the products of a client (clients/{id}/products). */
export const productClients = pgTable(
  'product_clients',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.clientId] }),
    index('product_clients_client_id_idx').on(t.clientId),
  ],
);

export const regions = pgTable(
  'regions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 100 }).notNull(),
    description: varchar('description', { length: 255 }),
    isActive: boolean('is_active').notNull().default(true),
    /** fold(name), stored: the sort key (see points_of_sale.name_key). */
    nameKey: text('name_key')
      .notNull()
      .generatedAlwaysAs((): ReturnType<typeof fold> => fold(sql`${regions.name}`)),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('regions_name_lower_key').on(sql`lower(${t.name})`),
    index('regions_name_key_id_idx').on(t.nameKey, t.id),
  ],
);

export const regionStates = pgTable(
  'region_states',
  {
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.regionId, t.stateId] }),
    index('region_states_state_id_idx').on(t.stateId),
  ],
);

export const userRegions = pgTable(
  'user_regions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.regionId] }),
    index('user_regions_region_id_idx').on(t.regionId),
  ],
);

export const campaigns = pgTable(
  'campaigns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 100 }).notNull(),
    description: varchar('description', { length: 255 }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index('campaigns_name_fold_idx').on(fold(t.name)),
    index('campaigns_start_date_idx').on(t.startDate),
    index('campaigns_end_date_idx').on(t.endDate),
    // spec 2 §5: the end date is not before the start date.
    check('campaigns_dates_check', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
  ],
);

export const campaignClients = pgTable(
  'campaign_clients',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.clientId] }),
    index('campaign_clients_client_id_idx').on(t.clientId),
  ],
);

export const campaignPointsOfSale = pgTable(
  'campaign_points_of_sale',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    pointOfSaleId: integer('point_of_sale_id')
      .notNull()
      .references(() => pointsOfSale.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.pointOfSaleId] }),
    index('campaign_points_of_sale_point_of_sale_id_idx').on(t.pointOfSaleId),
  ],
);

export const campaignProducts = pgTable(
  'campaign_products',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.productId] }),
    index('campaign_products_product_id_idx').on(t.productId),
  ],
);

export const clientPointsOfSale = pgTable(
  'client_points_of_sale',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    pointOfSaleId: integer('point_of_sale_id')
      .notNull()
      .references(() => pointsOfSale.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.pointOfSaleId] }),
    index('client_points_of_sale_point_of_sale_id_idx').on(t.pointOfSaleId),
  ],
);

export const pointOfSaleProducts = pgTable(
  'point_of_sale_products',
  {
    pointOfSaleId: integer('point_of_sale_id')
      .notNull()
      .references(() => pointsOfSale.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.pointOfSaleId, t.productId] }),
    index('point_of_sale_products_product_id_idx').on(t.productId),
  ],
);

/** One settlement of the SEPOMEX catalogue (docs/zipcodes.md); a code has one or more. */
export const zipCodes = pgTable(
  'zip_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    zipCode: char('zip_code', { length: 5 }).notNull(),
    settlement: varchar('settlement', { length: 200 }).notNull(),
    settlementType: varchar('settlement_type', { length: 100 }).notNull(),
    municipality: varchar('municipality', { length: 150 }).notNull(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id, { onDelete: 'restrict' }),
    city: varchar('city', { length: 150 }),
  },
  // The unique key starts with zip_code, so it also serves the lookup by code.
  (t) => [
    unique('zip_codes_zip_settlement_municipality_key').on(t.zipCode, t.settlement, t.municipality),
  ],
);
