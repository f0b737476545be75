import type { ImportReport } from '@anaquel/api';

/** The counts of a dry run, as one sentence. */
function countsText(report: ImportReport): string {
  return `${report.rows} filas: se crearán ${report.created}, se actualizarán ${report.updated} y ${report.unchanged} quedan sin cambios.`;
}

function IssueTable({
  caption,
  issues,
  total,
}: {
  caption: string;
  issues: ImportReport['errors'];
  total: number;
}) {
  if (total === 0) return null;
  return (
    <div className="max-h-64 overflow-auto rounded-md border border-border">
      <table className="w-full text-left text-sm">
        <caption className="px-3 py-2 text-left font-medium text-fg">
          {caption} ({total}
          {total > issues.length ? `, se muestran ${issues.length}` : ''})
        </caption>
        <thead className="bg-surface-muted text-fg-muted">
          <tr>
            <th className="px-3 py-1.5 font-medium">Fila</th>
            <th className="px-3 py-1.5 font-medium">Columna</th>
            <th className="px-3 py-1.5 font-medium">Problema</th>
          </tr>
        </thead>
        <tbody>
          {issues.map((issue, index) => (
            <tr key={`${issue.row}-${issue.column}-${index}`} className="border-t border-border">
              <td className="px-3 py-1.5 tabular-nums">{issue.row}</td>
              <td className="px-3 py-1.5">{issue.column}</td>
              <td className="px-3 py-1.5">{issue.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The dry run's (or a refused confirm's) report: counts, then errors and warnings by row. */
export function ImportReportView({ report }: { report: ImportReport }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-fg">{countsText(report)}</p>
      {report.errorCount > 0 ? (
        <p role="alert" className="text-sm text-danger">
          El archivo tiene errores: corrígelos y vuelve a subirlo. No se guardó nada.
        </p>
      ) : (
        <p className="text-sm text-fg-muted">Sin errores: puedes importar el archivo.</p>
      )}
      <IssueTable caption="Errores" issues={report.errors} total={report.errorCount} />
      <IssueTable caption="Avisos" issues={report.warnings} total={report.warningCount} />
    </div>
  );
}
