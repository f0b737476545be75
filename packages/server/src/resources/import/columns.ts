import { foldText } from '../../db/fold.ts';
import { badRequest } from '../../http/errors.ts';
import type { Issues } from '../rules.ts';
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

/** Where each field's column is; the headers that match none; the required columns missing. */
export interface HeaderMap {
  positions: Map<string, number>;
  unknown: string[];
  missing: ImportColumn[];
}

/** The columns mapped by hand: the file's header -> a column's field (docs/import.md). */
export type ColumnMapping = ReadonlyMap<string, string>;

/**
 * Matches the header row by name (accents, case and spaces ignored), then by the mapping; a
 * repeated column refuses the file.
 */
export function matchHeaders(
  columns: readonly ImportColumn[],
  headers: Cell[],
  mapping: ColumnMapping = new Map(),
): HeaderMap {
  const byKey = new Map(columns.map((column) => [headerKey(column.header), column]));
  const byField = new Map(columns.map((column) => [column.field, column]));
  const mapped = new Map([...mapping].map(([header, field]) => [headerKey(header), field]));
  const positions = new Map<string, number>();
  const unknown: string[] = [];
  const problems: string[] = [];
  headers.forEach((header, index) => {
    const key = headerKey(header);
    if (key === '') return;
    const column = byKey.get(key) ?? byField.get(mapped.get(key) ?? '');
    if (!column) unknown.push(String(header));
    else if (positions.has(column.field)) problems.push(`La columna "${column.header}" se repite.`);
    else positions.set(column.field, index);
  });
  if (problems.length > 0) {
    throw badRequest(
      problems[0],
      problems.map((message) => ({ field: 'file', message })),
    );
  }
  const missing = columns.filter((column) => column.required && !positions.has(column.field));
  return { positions, unknown, missing };
}

/** The `mapping` part (JSON: header -> field); a malformed one is a 400. */
export function parseMapping(text: string | undefined, columns: readonly ImportColumn[]) {
  const mapping = new Map<string, string>();
  if (text === undefined || text.trim() === '') return mapping;
  const message = 'La asignación de columnas no es válida.';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest(message, [{ field: 'mapping', message }]);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw badRequest(message, [{ field: 'mapping', message }]);
  }
  const fields = new Set(columns.map((column) => column.field));
  for (const [header, field] of Object.entries(parsed)) {
    if (typeof field !== 'string' || !fields.has(field)) {
      throw badRequest(message, [{ field: 'mapping', message }]);
    }
    mapping.set(header, field);
  }
  return mapping;
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

const YES = new Set(['si', 'sí', '1', 'verdadero', 'true', 'x']);
const NO = new Set(['no', '0', 'falso', 'false']);

/** An Activo cell: Sí/No (and their spellings); empty keeps `current` (Sí for a new record). */
export function activeOf(
  cell: Cell | undefined,
  issues: Issues,
  current: boolean | undefined,
): boolean {
  if (typeof cell === 'boolean') return cell;
  const text = textOf(cell);
  if (text === null) return current ?? true;
  const folded = text.toLowerCase();
  if (YES.has(folded)) return true;
  if (NO.has(folded)) return false;
  issues.push({ field: 'isActive', message: 'El valor debe ser Sí o No.' });
  return current ?? true;
}
