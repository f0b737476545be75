import {
  checkImportFile,
  downloadImportErrorReport,
  downloadImportTemplate,
  importProgressQueryOptions,
  relationImportProgressQueryOptions,
  runImportFile,
  type ImportRelationName,
  type ImportResourceName,
} from '@anaquel/api';
import { Button, DownloadIcon, Modal, toast, UploadIcon } from '@anaquel/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { FileTrigger } from 'react-aria-components';
import type { PermissionBase } from '../resource/definition';
import { useResourcePermissions } from '../resource/use-resource-permissions';
import { ColumnMapping } from './column-mapping';
import { ImportProgress } from './import-progress';
import { ImportReportView } from './import-report';
import { saveBlob } from '../../lib/download';
import { useImportRun, type ImportCalls, type ImportRun } from './use-import-run';

// The 'Importar' dialog of every list (docs/import.md): the template, the file, the dry run's
// report (with the headers to map by hand and the report as an .xlsx), then the confirm, which
// uploads the same file again. 'Cancelar' stops the request; the server stops at its next batch.

const ACCEPTED = ['.xlsx', '.csv', 'text/csv'];

export interface ImportDialogProps {
  title: string;
  /** The template's and the error report's file names, without extension. */
  fileName: string;
  calls: ImportCalls;
  template: () => Promise<Blob>;
  /** Whose progress (rows checked of the file's) to ask while the server works on the rows. */
  progress?: ProgressSource;
  /** 'Importación terminada: …' from the confirm's report. */
  doneMessage: (report: { created: number; updated: number }) => string;
  intro: ReactNode;
  onClose: () => void;
}

/** The dry run's answer: the headers to map, the counts and problems, the report as .xlsx. */
function ReportSection({
  run,
  hasErrorReport,
  fileName,
}: {
  run: ImportRun;
  hasErrorReport: boolean;
  fileName: string;
}) {
  const { report } = run;
  if (!report) return null;
  const busy = run.phase !== 'idle';
  const downloadErrors = async () => {
    const blob = await run.downloadErrors();
    if (blob) saveBlob(blob, `errores_${fileName}.xlsx`);
  };
  return (
    <>
      <ColumnMapping report={report} mapping={run.mapping} onChange={run.remap} isDisabled={busy} />
      {!busy && <ImportReportView report={report} />}
      {!busy && report.errorCount > 0 && hasErrorReport && (
        <div>
          <Button variant="secondary" onPress={() => void downloadErrors()}>
            <DownloadIcon className="size-4" />
            Descargar errores (.xlsx)
          </Button>
        </div>
      )}
    </>
  );
}

/** Whose progress the server tells: a resource's import, or a relation's of one owner. */
export type ProgressSource =
  { resource: ImportResourceName } | { relation: ImportRelationName; ownerId: number };

/** The server's count of rows checked, while it works on them (not while the bytes go up). */
function useServerProgress(run: ImportRun, source: ProgressSource | undefined) {
  const working = run.phase === 'checking' || run.phase === 'writing';
  const resource = source && 'resource' in source ? source : null;
  const relation = source && 'relation' in source ? source : null;
  // One of the two asks; the other stays disabled (hooks are called unconditionally).
  const ofResource = useQuery(
    importProgressQueryOptions(resource?.resource ?? 'pointofsales', working && resource !== null),
  );
  const ofRelation = useQuery(
    relationImportProgressQueryOptions(
      relation?.relation ?? 'campaign-pointofsales',
      relation?.ownerId ?? 0,
      working && relation !== null,
    ),
  );
  const data = resource ? ofResource.data : relation ? ofRelation.data : undefined;
  return working && data?.running ? data : null;
}

export function ImportDialog({
  title,
  fileName,
  calls,
  template,
  progress,
  doneMessage,
  intro,
  onClose,
}: ImportDialogProps) {
  const run = useImportRun(calls);
  const server = useServerProgress(run, progress);
  const busy = run.phase !== 'idle';
  const report = run.report;
  const canImport = run.file !== null && report?.errorCount === 0 && !busy;
  const confirm = async () => {
    const result = await run.confirm();
    if (!result?.written) return;
    toast.success(doneMessage(result));
    onClose();
  };
  return (
    <Modal
      title={title}
      size="lg"
      isOpen
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      footer={
        <>
          <Button variant="secondary" onPress={busy ? run.cancel : onClose}>
            Cancelar
          </Button>
          <Button onPress={() => void confirm()} isDisabled={!canImport}>
            Importar
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <p className="text-sm text-fg-muted">{intro}</p>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            onPress={() =>
              void template().then((blob) => saveBlob(blob, `plantilla_${fileName}.xlsx`))
            }
          >
            <DownloadIcon className="size-4" />
            Descargar plantilla
          </Button>
          <FileTrigger
            acceptedFileTypes={ACCEPTED}
            onSelect={(files) => files?.[0] && run.choose(files[0])}
          >
            <Button variant="secondary" isDisabled={busy}>
              <UploadIcon className="size-4" />
              Elegir archivo
            </Button>
          </FileTrigger>
          {run.file && <span className="text-sm text-fg">{run.file.name}</span>}
        </div>
        <ImportProgress
          phase={run.phase}
          progress={run.progress}
          writes={run.writes}
          server={server}
        />
        {run.error && (
          <p role="alert" className="text-sm text-danger">
            {run.error}
          </p>
        )}
        <ReportSection run={run} hasErrorReport={Boolean(calls.errorReport)} fileName={fileName} />
      </div>
    </Modal>
  );
}

/** What an import button names: the resource, its permission and its Spanish words. */
export interface ImportTarget {
  resource: ImportResourceName;
  permission: PermissionBase;
  /** 'puntos de venta' */
  plural: string;
  fileName: string;
}

/** 'Importar' on a list: shown with CREATE_ and UPDATE_ of the resource (an import does both). */
export function ImportButton({ resource, permission, plural, fileName }: ImportTarget) {
  const can = useResourcePermissions(permission);
  const client = useQueryClient();
  const [isOpen, setOpen] = useState(false);
  const calls = useMemo<ImportCalls>(
    () => ({
      check: (upload) => checkImportFile(resource, upload),
      run: (upload) => runImportFile(client, resource, upload),
      errorReport: (upload) => downloadImportErrorReport(resource, upload),
    }),
    [client, resource],
  );
  if (!can.create || !can.update) return null;
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
          template={() => downloadImportTemplate(resource)}
          progress={{ resource }}
          doneMessage={(r) =>
            `Importación terminada: ${r.created} creados, ${r.updated} actualizados.`
          }
          intro="Descarga la plantilla, llénala y súbela (.xlsx o .csv). Primero revisamos el archivo; solo se guarda cuando no tiene errores, todo o nada."
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
