import { useState } from 'react';
import { useParams } from 'react-router';
import { RelationEditor, type RelationEditorConfig } from '../../components/resource';
import { parseRouteId } from '../../components/resource/route-id';
import {
  RelationImportButton,
  type RelationImportProps,
} from '../../components/import/relation-import-button';
import {
  campaignClients,
  campaignPointsOfSale,
  campaignProducts,
  clientPointsOfSale,
  clientProducts,
  pointOfSaleProducts,
} from './relation-configs';

// One screen per relation route (the route table loads screens by module export). The relations
// an import fills (docs/import.md) have 'Importar' above the editor, which reads the relation
// afresh after an import.

type ImportOf = Omit<RelationImportProps, 'ownerId' | 'onImported'>;

function WithImport<Detail>({
  config,
  target,
}: {
  config: RelationEditorConfig<Detail>;
  target: ImportOf;
}) {
  const id = parseRouteId(useParams()[config.param]);
  const [version, setVersion] = useState(0);
  return (
    <div className="flex flex-col gap-4">
      {id !== null && (
        <div className="flex justify-end">
          <RelationImportButton
            {...target}
            ownerId={id}
            onImported={() => setVersion((v) => v + 1)}
          />
        </div>
      )}
      <RelationEditor key={version} config={config} />
    </div>
  );
}

const pointsOfSale = { plural: 'puntos de venta', keyName: 'Código' } as const;
const products = { plural: 'productos', keyName: 'SKU' } as const;

export function CampaignClientsScreen() {
  return <RelationEditor config={campaignClients} />;
}
export function CampaignPointsOfSaleScreen() {
  return (
    <WithImport
      config={campaignPointsOfSale}
      target={{
        relation: 'campaign-pointofsales',
        permission: 'CAMPAIGNS',
        fileName: 'puntos_de_venta_de_campana',
        ...pointsOfSale,
      }}
    />
  );
}
export function CampaignProductsScreen() {
  return (
    <WithImport
      config={campaignProducts}
      target={{
        relation: 'campaign-products',
        permission: 'CAMPAIGNS',
        fileName: 'productos_de_campana',
        ...products,
      }}
    />
  );
}
export function ClientPointsOfSaleScreen() {
  return (
    <WithImport
      config={clientPointsOfSale}
      target={{
        relation: 'client-pointofsales',
        permission: 'CLIENTS',
        fileName: 'puntos_de_venta_de_cliente',
        ...pointsOfSale,
      }}
    />
  );
}
export function ClientProductsScreen() {
  return (
    <WithImport
      config={clientProducts}
      target={{
        relation: 'client-products',
        permission: 'CLIENTS',
        fileName: 'productos_de_cliente',
        ...products,
      }}
    />
  );
}
export function PointOfSaleProductsScreen() {
  return <RelationEditor config={pointOfSaleProducts} />;
}
