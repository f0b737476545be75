import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidationIssue } from './errors.ts';

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
    strict: true,
    // OpenAPI 3.1 unions such as type: [string, 'null'] next to string keywords are legitimate.
    strictTypes: false,
  });
  addFormats(ajv);
  // OpenAPI annotations that are not JSON Schema keywords.
  ajv.addVocabulary(['example', 'discriminator', 'xml', 'externalDocs']);
  // Binary payloads are never validated as JSON.
  ajv.addFormat('binary', true);
  return ajv;
}

const bodyAjv = createAjv(false);
const textAjv = createAjv(true);
/** Checks answers as they are: no defaults filled in, no coercion (tests use it). */
export const responseAjv = createAjv(false, false);

/** The Ajv instance for a target; component schemas must be added to both (see contract.ts). */
export function ajvFor(target: ValidationTarget): Ajv2020 {
  return target === 'body' ? bodyAjv : textAjv;
}

export const allAjvInstances: readonly Ajv2020[] = [bodyAjv, textAjv, responseAjv];

export function compileValidator(target: ValidationTarget, schema: object): ValidateFunction {
  return ajvFor(target).compile(schema);
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
    if (error.keyword === 'required' || error.keyword === 'dependentRequired') {
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
