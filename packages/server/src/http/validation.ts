import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidationIssue } from './errors.ts';
import { addInputLimitKeywords, inputLimitMessage } from './input-limits.ts';

// Ajv instances for the contract's JSON Schemas (OpenAPI 3.1 = JSON Schema 2020-12), and the
// translation of Ajv errors into the Spanish `validationErrors` of the envelope.

/** Where a value comes from: bodies keep their JSON types; query strings and path params are text. */
export type ValidationTarget = 'body' | 'querystring' | 'params';

function createAjv(coerce: boolean, useDefaults = true): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    removeAdditional: false,
    useDefaults,
    coerceTypes: coerce ? 'array' : false,
    // Query errors carry the rejected value (the Sort message names it).
    verbose: coerce,
    strict: true,
    // The contract's schemas are checked against the JSON Schema meta-schema by the tests
    // (units.test.ts) and by `pnpm lint:contract`, not again at every start (issue 13).
    validateSchema: false,
    // OpenAPI 3.1 unions such as type: [string, 'null'] next to string keywords are legitimate.
    strictTypes: false,
  });
  addFormats(ajv);
  // OpenAPI annotations that are not JSON Schema keywords.
  ajv.addVocabulary(['example', 'discriminator', 'xml', 'externalDocs']);
  // Binary payloads are never validated as JSON.
  ajv.addFormat('binary', true);
  addInputLimitKeywords(ajv);
  return ajv;
}

const bodyAjv = createAjv(false);
const textAjv = createAjv(true);
/** Checks answers as they are: no defaults filled in, no coercion (tests use it). */
export const responseAjv = createAjv(false, false);

/** The Ajv instance for a target; component schemas must be added to both (see contract.ts). */
function ajvFor(target: ValidationTarget): Ajv2020 {
  return target === 'body' ? bodyAjv : textAjv;
}

export const allAjvInstances: readonly Ajv2020[] = [bodyAjv, textAjv, responseAjv];

export function compileValidator(target: ValidationTarget, schema: object): ValidateFunction {
  // Compiled on first use: compiling every operation's schemas up front was about a sixth of the
  // server's start-up (issue 13); the schemas themselves are checked by the contract tests.
  let compiled: ValidateFunction | undefined;
  const validate = ((data: unknown) => {
    compiled ??= ajvFor(target).compile(schema);
    const valid = compiled(data);
    validate.errors = compiled.errors;
    return valid;
  }) as ValidateFunction;
  validate.errors = null;
  return validate;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'texto',
  number: 'número',
  integer: 'número entero',
  boolean: 'booleano',
  array: 'lista',
  object: 'objeto',
  null: 'nulo',
};

const FORMAT_MESSAGES: Record<string, string> = {
  email: 'Debe ser un correo electrónico válido.',
  uuid: 'Debe ser un identificador (UUID) válido.',
  date: 'Debe ser una fecha válida con el formato AAAA-MM-DD.',
  'date-time': 'Debe ser una fecha y hora válidas (ISO 8601).',
  time: 'Debe ser una hora válida.',
  uri: 'Debe ser una URL válida.',
  url: 'Debe ser una URL válida.',
};

function plural(count: number, singular: string, pluralForm: string): string {
  return count === 1 ? singular : pluralForm;
}

/** `/user/phones/0/number` -> `user.phones[0].number`. */
function fieldPath(instancePath: string, child?: string): string {
  const segments = instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (child !== undefined) segments.push(child);
  let path = '';
  for (const segment of segments) {
    if (/^\d+$/.test(segment)) path += `[${segment}]`;
    else path += path === '' ? segment : `.${segment}`;
  }
  return path;
}

function describeTypes(type: unknown): string {
  const types = (Array.isArray(type) ? type : [type]).filter((t) => t !== 'null').map(String);
  return types.map((t) => TYPE_NAMES[t] ?? t).join(' o ');
}

function messageFor(error: ErrorObject): string | null {
  const p = error.params as Record<string, unknown>;
  const limitMessage = inputLimitMessage(error.keyword);
  if (limitMessage !== null) return limitMessage;
  switch (error.keyword) {
    case 'required':
    case 'dependentRequired':
      return 'El campo es obligatorio.';
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return null; // handled with the property name as the field
    case 'type':
      return `Debe ser de tipo ${describeTypes(p.type)}.`;
    case 'format':
      return FORMAT_MESSAGES[String(p.format)] ?? 'Tiene un formato inválido.';
    case 'minLength': {
      const n = Number(p.limit);
      return n === 1
        ? 'No puede estar vacío.'
        : `Debe tener al menos ${n} ${plural(n, 'carácter', 'caracteres')}.`;
    }
    case 'maxLength': {
      const n = Number(p.limit);
      return `Debe tener como máximo ${n} ${plural(n, 'carácter', 'caracteres')}.`;
    }
    case 'minimum':
      return `Debe ser mayor o igual a ${String(p.limit)}.`;
    case 'maximum':
      return `Debe ser menor o igual a ${String(p.limit)}.`;
    case 'exclusiveMinimum':
      return `Debe ser mayor que ${String(p.limit)}.`;
    case 'exclusiveMaximum':
      return `Debe ser menor que ${String(p.limit)}.`;
    case 'multipleOf':
      return `Debe ser múltiplo de ${String(p.multipleOf)}.`;
    case 'minItems': {
      const n = Number(p.limit);
      return `Debe tener al menos ${n} ${plural(n, 'elemento', 'elementos')}.`;
    }
    case 'maxItems': {
      const n = Number(p.limit);
      return `Debe tener como máximo ${n} ${plural(n, 'elemento', 'elementos')}.`;
    }
    case 'uniqueItems':
      return 'No debe tener elementos repetidos.';
    case 'enum': {
      const allowed = (p.allowedValues as unknown[] | undefined) ?? [];
      return allowed.length > 0 && allowed.length <= 12
        ? `Debe ser uno de los valores permitidos: ${allowed.map(String).join(', ')}.`
        : 'Debe ser uno de los valores permitidos.';
    }
    case 'const':
      return `Debe ser igual a ${JSON.stringify(p.allowedValue)}.`;
    case 'pattern':
      return 'Tiene un formato inválido.';
    case 'minProperties':
      return 'No puede estar vacío.';
    default:
      return 'Tiene un valor inválido.';
  }
}

/**
 * A `Sort` key outside the list's enum (the contract's whitelist): the columns it allows, without
 * their '-' forms ('No se puede ordenar por "password". Columnas permitidas: id, name.').
 */
function sortMessage(value: unknown, allowedValues: unknown): string {
  // The rejected value is echoed: without control characters (NUL) and at most 50 characters.
  const cleaned = String(value)
    .replace(/^-/, '')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, '');
  const key = cleaned.length > 50 ? `${cleaned.slice(0, 50)}…` : cleaned;
  const allowed = ((allowedValues as unknown[] | undefined) ?? [])
    .map(String)
    .filter((column) => !column.startsWith('-'));
  return `No se puede ordenar por "${key}". Columnas permitidas: ${allowed.join(', ')}.`;
}

/** The `errorMessage` of a 400: a lone Sort issue speaks for itself, anything else is generic. */
export function invalidRequestMessage(issues: readonly ValidationIssue[], generic: string): string {
  return issues.length > 0 && issues.every((issue) => issue.field === 'Sort')
    ? issues[0]!.message
    : generic;
}

/** Keywords that only summarise errors reported by their sub-schemas. */
const SUMMARY_KEYWORDS = new Set(['anyOf', 'oneOf', 'allOf', 'if', 'then', 'else', 'not']);

/**
 * Turns Ajv errors into Spanish `{ field, message }` pairs: one entry per field and message,
 * summaries (anyOf, oneOf...) only when nothing more precise was said about the same field.
 */
export function toValidationIssues(
  errors: readonly ErrorObject[],
  target: ValidationTarget,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  const add = (field: string, message: string) => {
    const key = `${field}\u0000${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    issues.push({ field, message });
  };

  for (const error of errors) {
    if (SUMMARY_KEYWORDS.has(error.keyword)) continue;
    const p = error.params as Record<string, unknown>;
    if (
      target === 'querystring' &&
      error.keyword === 'enum' &&
      /^\/Sort(\/|$)/.test(error.instancePath)
    ) {
      add('Sort', sortMessage(error.data, p.allowedValues));
    } else if (error.keyword === 'required' || error.keyword === 'dependentRequired') {
      add(fieldPath(error.instancePath, String(p.missingProperty)), 'El campo es obligatorio.');
    } else if (error.keyword === 'additionalProperties') {
      const name = String(p.additionalProperty);
      add(fieldPath(error.instancePath, name), `No se permite el campo "${name}".`);
    } else if (error.keyword === 'unevaluatedProperties') {
      const name = String(p.unevaluatedProperty);
      add(fieldPath(error.instancePath, name), `No se permite el campo "${name}".`);
    } else if (error.instancePath === '' && error.keyword === 'type' && target === 'body') {
      add(
        '',
        p.type === 'object'
          ? 'El cuerpo de la solicitud debe ser un objeto JSON.'
          : `El cuerpo de la solicitud debe ser de tipo ${describeTypes(p.type)}.`,
      );
    } else {
      const message = messageFor(error);
      if (message !== null) add(fieldPath(error.instancePath), message);
    }
  }

  for (const error of errors) {
    if (!SUMMARY_KEYWORDS.has(error.keyword) || error.keyword === 'if') continue;
    const field = fieldPath(error.instancePath);
    if (!issues.some((i) => i.field === field || i.field.startsWith(`${field}.`))) {
      add(field, 'Tiene un valor inválido.');
    }
  }
  return issues;
}
