import {
  checkRelationImportFile,
  downloadRelationImportTemplate,
  runRelationImportFile,
  type ImportRelationName,
} from '@anaquel/api';
import { Button, UploadIcon } from '@anaquel/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { PermissionBase } from '../resource/definition';
import { useResourcePermissions } from '../resource/use-resource-permissions';
import { ImportDialog } from './import-dialog';
import type { ImportCalls } from './use-import-run';

// 'Importar' on a relation editor (docs/import.md): a file of codes (or SKUs) links those
// records; the ones already linked stay. Shown with the owner's UPDATE_ (the editor's save).

export interface RelationImportProps {
  relation: ImportRelationName;
  ownerId: number;
  permission: PermissionBase;
  /** 'puntos de venta' */
  plural: string;
  /** 'código' or 'SKU': what the file's one column holds. */
  keyName: string;
  fileName: string;
  /** After a written import: the editor reads the relation afresh. */
  onImported: () => void;
}

export function RelationImportButton(props: RelationImportProps) {
  const { relation, ownerId, permission, plural, keyName, fileName, onImported } = props;
  const can = useResourcePermissions(permission);
  const client = useQueryClient();
  const [isOpen, setOpen] = useState(false);
  const calls = useMemo<ImportCalls>(
    () => ({
      check: (upload) => checkRelationImportFile(relation, ownerId, upload),
      run: (upload) => runRelationImportFile(client, relation, ownerId, upload),
    }),
    [client, relation, ownerId],
  );
  if (!can.update) return null;
  return (
    <>
      <Button variant="secondary" onPress={() => setOpen(true)}>
        <UploadIcon className="size-4" />
        Importar
      </Button>
      {isOpen && (
        <ImportDialog
          title={`Importar ${plural}`}
          fileName={fileName}
          calls={calls}
          template={() => downloadRelationImportTemplate(relation)}
          progress={{ relation, ownerId }}
          doneMessage={(r) => `Importación terminada: ${r.created} agregados.`}
          intro={`Sube un archivo (.xlsx o .csv) con una columna "${keyName}": se agregan los ${plural} que lista; los que ya estaban se quedan. Solo se guarda cuando no tiene errores, todo o nada.`}
          onClose={() => {
            setOpen(false);
            onImported();
          }}
        />
      )}
    </>
  );
}
