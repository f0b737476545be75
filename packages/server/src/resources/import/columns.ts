import { foldText } from '../../db/fold.ts';
import { badRequest } from '../../http/errors.ts';
import type { Cell } from './table-reader.ts';

/** One column of an import file: its Spanish header, the field it fills and its rule. */
export interface ImportColumn {
  header: string;
  field: string;
  required: boolean;
  /** The rule, in Spanish, as the template's 'Reglas' sheet shows it. */
  rule: string;
  example: string;
}

/** A data row by field, with its spreadsheet row number. */
export interface FileRow {
  row: number;
  cells: Map<string, Cell>;
}

function headerKey(value: Cell): string {
  return foldText(String(value ?? ''))
    .trim()
    .replace(/\s+/g, ' ');
}

/** Where each field's column is; unknown headers are returned for a warning. */
export interface HeaderMap {
  positions: Map<string, number>;
  unknown: string[];
}

/** Matches the header row by name (accents, case and spaces ignored); a problem refuses the file. */
export function matchHeaders(columns: readonly ImportColumn[], headers: Cell[]): HeaderMap {
  const byKey = new Map(columns.map((column) => [headerKey(column.header), column]));
  const positions = new Map<string, number>();
  const unknown: string[] = [];
  const problems: string[] = [];
  headers.forEach((header, index) => {
    const key = headerKey(header);
    if (key === '') return;
    const column = byKey.get(key);
    if (!column) unknown.push(String(header));
    else if (positions.has(column.field)) problems.push(`La columna "${column.header}" se repite.`);
    else positions.set(column.field, index);
  });
  for (const column of columns) {
    if (column.required && !positions.has(column.field)) {
      problems.push(`Falta la columna "${column.header}".`);
    }
  }
  if (problems.length > 0) {
    throw badRequest(
      problems[0],
      problems.map((message) => ({ field: 'file', message })),
    );
  }
  return { positions, unknown };
}

/** A data row's cells by field; null for a row whose cells are all empty. */
export function rowByField(map: HeaderMap, row: number, cells: readonly Cell[]): FileRow | null {
  const byField = new Map<string, Cell>();
  let empty = true;
  for (const [field, index] of map.positions) {
    let value = cells[index] ?? null;
    if (typeof value === 'string' && value.trim() === '') value = null;
    if (value !== null) empty = false;
    byField.set(field, value);
  }
  return empty ? null : { row, cells: byField };
}

/** A cell as trimmed text (numbers as written), or null. */
export function textOf(cell: Cell | undefined): string | null {
  if (cell === null || cell === undefined) return null;
  const text = String(cell).trim();
  return text === '' ? null : text;
}
