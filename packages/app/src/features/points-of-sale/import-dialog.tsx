import {
  checkPointOfSaleImportMutationOptions,
  downloadPointOfSaleTemplate,
  importPointsOfSaleMutationOptions,
  isApiError,
  type ImportReport,
} from '@anaquel/api';
import { Button, DownloadIcon, Modal, toast, UploadIcon } from '@anaquel/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { useResourcePermissions } from '../../components/resource/use-resource-permissions';
import { ImportReportView } from './import-report';

// The 'Importar' dialog of the points of sale (docs/import.md): the template, the file, the dry
// run's report, then the confirm, which uploads the same file again.

const ACCEPTED = ['.xlsx', '.csv', 'text/csv'];
const HANDLED = { handledStatuses: [400, 409] } as const;

function saveTemplate(blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), {
    href: url,
    download: 'plantilla_puntos_de_venta.xlsx',
  });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function errorText(error: unknown): string | null {
  if (!error) return null;
  return isApiError(error) ? error.errorMessage : 'No se pudo procesar el archivo.';
}

function ImportDialog({ onClose }: { onClose: () => void }) {
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const check = useMutation({ ...checkPointOfSaleImportMutationOptions(), meta: HANDLED });
  const confirm = useMutation({ ...importPointsOfSaleMutationOptions(client), meta: HANDLED });
  const report: ImportReport | undefined = confirm.data ?? check.data;
  const busy = check.isPending || confirm.isPending;
  const canImport = file !== null && check.data?.errorCount === 0 && !busy;

  const choose = (files: FileList | null) => {
    const chosen = files?.[0];
    if (!chosen) return;
    setFile(chosen);
    confirm.reset();
    check.mutate(chosen);
  };
  const run = () => {
    if (!file) return;
    confirm.mutate(file, {
      onSuccess: (result) => {
        if (!result.written) return;
        toast.success(
          `Importación terminada: ${result.created} creados, ${result.updated} actualizados.`,
        );
        onClose();
      },
    });
  };

  return (
    <Modal
      title="Importar puntos de venta"
      size="lg"
      isOpen
      onOpenChange={(open) => {
        if (!open && !confirm.isPending) onClose();
      }}
      footer={
        <>
          <Button variant="secondary" onPress={onClose} isDisabled={confirm.isPending}>
            Cancelar
          </Button>
          <Button onPress={run} isDisabled={!canImport} isPending={confirm.isPending}>
            Importar
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <p className="text-sm text-fg-muted">
          Descarga la plantilla, llénala y súbela (.xlsx o .csv). Primero revisamos el archivo; solo
          se guarda cuando no tiene errores, todo o nada.
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            onPress={() => void downloadPointOfSaleTemplate().then(saveTemplate)}
          >
            <DownloadIcon className="size-4" />
            Descargar plantilla
          </Button>
          <FileTrigger acceptedFileTypes={ACCEPTED} onSelect={choose}>
            <Button variant="secondary" isDisabled={busy}>
              <UploadIcon className="size-4" />
              Elegir archivo
            </Button>
          </FileTrigger>
          {file && <span className="text-sm text-fg">{file.name}</span>}
        </div>
        {check.isPending && <p className="text-sm text-fg-muted">Revisando el archivo…</p>}
        {errorText(check.error ?? confirm.error) && (
          <p role="alert" className="text-sm text-danger">
            {errorText(check.error ?? confirm.error)}
          </p>
        )}
        {report && !busy && <ImportReportView report={report} />}
      </div>
    </Modal>
  );
}

/** 'Importar' on the points of sale list: with CREATE_ and UPDATE_ (an import does both). */
export function PointOfSaleImportButton() {
  const can = useResourcePermissions('POINTOFSALES');
  const [isOpen, setOpen] = useState(false);
  if (!can.create || !can.update) return null;
  return (
    <>
      <Button variant="secondary" onPress={() => setOpen(true)}>
        <UploadIcon className="size-4" />
        Importar
      </Button>
      {isOpen && <ImportDialog onClose={() => setOpen(false)} />}
    </>
  );
}
