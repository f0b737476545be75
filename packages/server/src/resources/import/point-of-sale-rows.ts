import type { components } from '@anaquel/api/schema';
import { foldText } from '../../db/fold.ts';
import { requestBodySchema } from '../../http/contract.ts';
import { compileValidator, toValidationIssues } from '../../http/validation.ts';
import { pointOfSaleIssues, zipCodeStateIssue } from '../points-of-sale.ts';
import type { Issues } from '../rules.ts';
import { activeOf, textOf, type FileRow } from './columns.ts';
import type { Cell } from './table-reader.ts';

// One row of a points of sale file turned into the form's input, with the catalogue's fill and
// every broken rule: the form's (pointOfSaleIssues), the contract's lengths, the zip code's state.

type PointOfSaleInput = components['schemas']['PointOfSaleInput'];

/** A zip code's settlements in the catalogue. */
export interface CatalogueEntry {
  stateId: number;
  municipality: string;
  settlement: string;
}

/** What a batch's rows are checked against, read once per batch. */
export interface RowContext {
  /** State ids by folded name. */
  states: Map<string, number>;
  catalogue: Map<string, CatalogueEntry[]>;
  /** The existing record's isActive by lower-case code (an empty Activo keeps it). */
  existingActive: Map<string, boolean>;
}

const contractInput = compileValidator(
  'body',
  requestBodySchema('createPointOfSale', 'application/json')!,
);

/** A zip code cell as text. */
export function zipCodeOf(cell: Cell | undefined): string {
  // Excel drops a zip code's leading zero when the cell is a number: 4100 is 04100.
  if (typeof cell === 'number' && Number.isInteger(cell) && cell >= 0 && cell < 100_000) {
    return String(cell).padStart(5, '0');
  }
  return textOf(cell) ?? '';
}

function numberOf(cell: Cell | undefined): number | null {
  if (typeof cell === 'number') return cell;
  const text = textOf(cell);
  return text === null ? null : Number(text);
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/** Fills state, municipality and settlement from the catalogue; warns when the file disagrees. */
function fillFromCatalogue(
  input: PointOfSaleInput,
  entries: readonly CatalogueEntry[],
  warnings: Issues,
): void {
  if (entries.length === 0) return;
  const states = unique(entries.map((entry) => entry.stateId));
  if (input.stateId === 0 && states.length === 1) input.stateId = states[0]!;
  const municipalities = unique(entries.map((entry) => entry.municipality));
  const settlements = unique(entries.map((entry) => entry.settlement));
  if (input.municipality === '' && municipalities.length === 1) {
    input.municipality = municipalities[0]!;
  }
  if (input.settlement === '' && settlements.length === 1) input.settlement = settlements[0]!;
  const listed = (values: string[], value: string) =>
    value === '' || values.some((known) => foldText(known) === foldText(value));
  if (!listed(municipalities, input.municipality)) {
    warnings.push({
      field: 'municipality',
      message: `El municipio no coincide con el catálogo de códigos postales (${municipalities.join(', ')}).`,
    });
  }
  if (!listed(settlements, input.settlement)) {
    warnings.push({
      field: 'settlement',
      message: 'El asentamiento no coincide con el catálogo de códigos postales.',
    });
  }
}

function stateIdOf(cell: Cell | undefined, context: RowContext, issues: Issues): number {
  const name = textOf(cell);
  if (name === null) return 0;
  const id = context.states.get(foldText(name));
  if (id === undefined)
    issues.push({ field: 'stateId', message: `El estado "${name}" no existe.` });
  return id ?? 0;
}

function inputOf(row: FileRow, context: RowContext, issues: Issues): PointOfSaleInput {
  const cells = row.cells;
  const code = textOf(cells.get('code')) ?? '';
  return {
    code,
    name: textOf(cells.get('name')) ?? '',
    stateId: stateIdOf(cells.get('stateId'), context, issues),
    zipCode: zipCodeOf(cells.get('zipCode')),
    city: textOf(cells.get('city')),
    municipality: textOf(cells.get('municipality')) ?? '',
    settlement: textOf(cells.get('settlement')) ?? '',
    street: textOf(cells.get('street')) ?? '',
    externalNumber: textOf(cells.get('externalNumber')) ?? '',
    internalNumber: textOf(cells.get('internalNumber')),
    latitude: numberOf(cells.get('latitude')),
    longitude: numberOf(cells.get('longitude')),
    isActive: activeOf(
      cells.get('isActive'),
      issues,
      context.existingActive.get(code.toLowerCase()),
    ),
  };
}

/** The contract's own checks (lengths, types) of the input, as the API would answer them. */
function contractIssues(input: PointOfSaleInput): Issues {
  const finite = (value: number | null | undefined) =>
    value === null || value === undefined || Number.isFinite(value) ? value : null;
  const candidate = {
    ...input,
    latitude: finite(input.latitude),
    longitude: finite(input.longitude),
  };
  if (contractInput(candidate)) return [];
  return toValidationIssues(contractInput.errors ?? [], 'body');
}

/** One issue per field: the first one found, the rule the user reads first. */
function firstPerField(issues: Issues): Issues {
  const seen = new Set<string>();
  return issues.filter((issue) => !seen.has(issue.field) && seen.add(issue.field));
}

/** A row's cleaned values with its errors and warnings (by field). */
export function checkPointOfSaleRow(row: FileRow, context: RowContext) {
  const issues: Issues = [];
  const warnings: Issues = [];
  const input = inputOf(row, context, issues);
  fillFromCatalogue(input, context.catalogue.get(input.zipCode) ?? [], warnings);
  const { values, issues: ruleIssues } = pointOfSaleIssues(input);
  issues.push(...ruleIssues);
  const catalogueStates = (context.catalogue.get(input.zipCode) ?? []).map((e) => e.stateId);
  const stateIssue = input.stateId ? zipCodeStateIssue(catalogueStates, input.stateId) : null;
  if (stateIssue) issues.push(stateIssue);
  issues.push(...contractIssues(input));
  return { values, errors: firstPerField(issues), warnings };
}
