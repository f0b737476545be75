import { productSurveysQueryOptions } from '@anaquel/api';
import { Button } from '@anaquel/ui';
import { useQuery } from '@tanstack/react-query';
import { useAppServices } from '../../app/app-context';
import { FormDatePicker, FormOptionsComboBox, FormSelect } from '../../components/resource';
import { canSubmit, useZodForm } from '../../lib/forms';
import { formatBytes } from '../../lib/download';
import { EMPTY_EXPORT, exportSchema, type ExportOutput, type ExportValues } from './export-schema';
import { useReportExport, type ExportState } from './use-report-export';

export const GENERATING_MESSAGE = 'Generando reporte en Excel...';
/** An export of a range without visits still downloads (docs/decisions.md) and says so. */
export const NO_VISITS_MESSAGE =
  'El rango seleccionado no tiene visitas: el archivo descargado solo trae los encabezados.';

/** 'Exportar', and 'Cancelar' while the report is generated. */
function ExportButtons({
  canExport,
  generating,
  onCancel,
}: {
  canExport: boolean;
  generating: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
      <Button type="submit" isPending={generating} isDisabled={!canExport || generating}>
        Exportar
      </Button>
      {generating && (
        <Button variant="secondary" onPress={onCancel}>
          Cancelar
        </Button>
      )}
    </div>
  );
}

/** The live region of the export: its progress, the file downloaded, an empty range. */
function ExportStatus({ state }: { state: ExportState }) {
  return (
    <div role="status" aria-live="polite" className="text-sm text-fg-muted">
      {state.kind === 'generating' && (
        <p>
          {GENERATING_MESSAGE}{' '}
          {state.bytes > 0 && <span>({formatBytes(state.bytes)} recibidos)</span>}
        </p>
      )}
      {state.kind === 'downloaded' && <p>Reporte descargado: {state.fileName}</p>}
      {state.kind === 'downloaded' && state.isEmpty && (
        <p className="font-medium text-warning-soft-fg">{NO_VISITS_MESSAGE}</p>
      )}
    </div>
  );
}

/**
 * spec 1 §2 'Exportación de Reportes': campaign, product survey of that campaign, start and end
 * date; the export goes idle -> generating ('Generando reporte en Excel...', with the bytes
 * received and 'Cancelar') -> downloaded -> idle (spec 1 §4). Failures go to the global handler
 * with their status (spec 1 §8).
 */
export default function ProductSurveyExportPage() {
  const { onError } = useAppServices();
  const form = useZodForm<ExportValues, ExportOutput>(exportSchema, {
    defaultValues: EMPTY_EXPORT,
  });
  const campaignId = form.watch('campaignId');
  const startDate = form.watch('startDate');
  const { state, start, cancel } = useReportExport(onError);
  const surveys = useQuery(productSurveysQueryOptions(campaignId));
  const surveyItems = (surveys.data ?? []).map((s) => ({ id: s.id, name: s.name }));
  const submit = form.handleSubmit(start);

  const generating = state.kind === 'generating';
  return (
    <section className="flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-semibold text-fg">Exportación de Reportes</h1>
      <form
        noValidate
        aria-label="Exportar reporte de encuestas de productos"
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => void submit(event)}
      >
        <FormOptionsComboBox
          control={form.control}
          name="campaignId"
          resource="/campaigns"
          label="Campaña"
          errorMessage="Error al cargar las campañas"
          isRequired
          isDisabled={generating}
          onValueChange={() =>
            // spec 1 §5: changing the campaign clears the survey; validation runs on change
            // (spec 1 §4), so a survey already touched says it is now missing.
            form.setValue('surveyId', null, { shouldDirty: true, shouldValidate: true })
          }
        />
        <FormSelect
          control={form.control}
          name="surveyId"
          label="Cuestionario"
          placeholder="Seleccione un cuestionario"
          items={surveyItems}
          isLoading={surveys.isFetching}
          isRequired
          isDisabled={!campaignId || generating}
        />
        <FormDatePicker
          control={form.control}
          name="startDate"
          label="Fecha de inicio"
          isRequired
          isDisabled={generating}
          deps={['endDate']}
        />
        <FormDatePicker
          control={form.control}
          name="endDate"
          label="Fecha de fin"
          isRequired
          isDisabled={generating}
          minValue={startDate}
        />
        <ExportButtons canExport={canSubmit(form.formState)} generating={generating} onCancel={cancel} />
      </form>
      <ExportStatus state={state} />
    </section>
  );
}
