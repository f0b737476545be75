import type { Db } from '../../db/client.ts';
import type { MasterPermission } from '../contract-types.ts';
import { brandImport, categoryImport, regionImport, subcategoryImport } from './catalog-import.ts';
import type { ImportResource } from './engine.ts';
import { clientImport, userImport } from './people-import.ts';
import { pointOfSaleImport, stateNames } from './point-of-sale-import.ts';
import { productImport } from './product-import.ts';
import { recordImport, type RecordImport } from './record-import.ts';
import type { ReferenceSheet } from './template.ts';

// Every importable resource by the contract's `resource` path parameter (ImportResource).

export interface Importable {
  permission: MasterPermission;
  resource: ImportResource<unknown>;
  sheet: string;
  fileName: string;
  references(db: Db): Promise<ReferenceSheet[]>;
}

function declared<I>(declaration: RecordImport<I>): Importable {
  return {
    permission: declaration.permission,
    resource: recordImport(declaration) as ImportResource<unknown>,
    sheet: declaration.sheet,
    fileName: declaration.fileName,
    references: (db) => declaration.references(db),
  };
}

export const importables: Record<string, Importable> = {
  pointofsales: {
    permission: 'POINTOFSALES',
    resource: pointOfSaleImport as ImportResource<unknown>,
    sheet: 'Puntos de venta',
    fileName: 'puntos_de_venta',
    references: async (db) => [
      {
        name: 'Estados',
        header: 'Estado',
        values: (await stateNames(db)).map((state) => state.name),
      },
    ],
  },
  products: declared(productImport),
  clients: declared(clientImport),
  users: declared(userImport),
  regions: declared(regionImport),
  brands: declared(brandImport),
  categories: declared(categoryImport),
  subcategories: declared(subcategoryImport),
};
