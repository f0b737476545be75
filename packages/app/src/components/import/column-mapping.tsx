import type { ImportReport } from '@anaquel/api';
import { Select } from '@anaquel/ui';

// Manual column mapping (docs/import.md): each header of the file that matches no column can be
// pointed at one; the dry run runs again with the mapping, which goes with every request.

const IGNORE = '';

export function ColumnMapping({
  report,
  mapping,
  onChange,
  isDisabled,
}: {
  report: ImportReport;
  mapping: Record<string, string>;
  onChange: (mapping: Record<string, string>) => void;
  isDisabled: boolean;
}) {
  const mapped = Object.keys(mapping);
  const headers = [...new Set([...mapped, ...report.unmatchedHeaders])];
  if (headers.length === 0) return null;
  const options = [
    { id: IGNORE, name: 'Ignorar esta columna' },
    ...report.columns.map((column) => ({
      id: column.field,
      name: column.required ? `${column.header} (obligatoria)` : column.header,
    })),
  ];
  return (
    <fieldset className="flex flex-col gap-2 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-medium text-fg">Columnas sin reconocer</legend>
      <p className="text-sm text-fg-muted">
        Elige a qué columna de la plantilla corresponde cada encabezado de tu archivo.
      </p>
      {headers.map((header) => (
        <Select
          key={header}
          label={`Columna "${header}" del archivo`}
          items={options}
          value={mapping[header] ?? IGNORE}
          isDisabled={isDisabled}
          onChange={(value) => {
            const next = { ...mapping };
            if (value === IGNORE || value === null) delete next[header];
            else next[header] = String(value);
            onChange(next);
          }}
        />
      ))}
    </fieldset>
  );
}
