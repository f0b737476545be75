import type { Ajv2020 } from 'ajv/dist/2020.js';
import { fullFormats } from 'ajv-formats/dist/formats.js';

// Limits every value of the API obeys, whatever the operation (issue 8): they are applied to
// each JSON Schema of the contract as it is compiled (contract.ts, toAjvSchema), so a request
// is refused with the 400 envelope before any handler or query sees it.
//
// - Integers are 32-bit signed (the database's `integer` and `serial`): an integer schema
//   without its own bounds gets minimum -2^31 and maximum 2^31-1. The contract states the same
//   (`format: int32` on ids); this makes it true for every integer.
// - Numbers are finite: `noNonFinite` (JSON bodies are already refused by Ajv's strictNumbers;
//   this covers values coerced from text: `?Page=1e309` becomes Infinity, which Ajv's own
//   number keywords silently skip).
// - Text never contains U+0000 (PostgreSQL refuses it in `text`): `noNulCharacter`.
// - Dates and instants are ones both JavaScript and PostgreSQL hold (issue #20): RFC 3339 also
//   allows a leap second (`23:59:60Z`, which `Date` cannot represent), the year 0000 (which
//   PostgreSQL refuses) and offsets that carry a four-digit year out of 0001..9999.

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

const NUL_KEYWORD = 'noNulCharacter';
const FINITE_KEYWORD = 'noNonFinite';

const NUL_MESSAGE = 'No puede contener el carácter nulo (U+0000).';
const FINITE_MESSAGE = 'Debe ser un número finito.';

/** The first and last instants with a four-digit year (0001..9999, UTC). */
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');
/** ajv-formats' own RFC 3339 checks (days of the month, offsets, required time zone). */
const rfc3339 = fullFormats as unknown as Record<
  'date' | 'date-time',
  { validate(text: string): boolean }
>;

/**
 * The instant of an RFC 3339 date-time, or null when it is not one or when JavaScript or
 * PostgreSQL cannot hold it. The one reading of an instant the API accepts: the contract's
 * `date-time` format is this function, so code after validation may use `new Date(text)`.
 */
export function parseInstant(text: string): Date | null {
  if (!rfc3339['date-time'].validate(text)) return null;
  const time = Date.parse(text);
  if (!Number.isFinite(time) || time < FIRST_INSTANT || time > LAST_INSTANT) return null;
  return new Date(time);
}

/** A calendar day (YYYY-MM-DD) PostgreSQL's `date` stores: a valid day of the years 0001..9999. */
function isStorableDay(text: string): boolean {
  return rfc3339.date.validate(text) && !text.startsWith('0000');
}

/** Registers the keywords of the limits on an Ajv instance. */
export function addInputLimitKeywords(ajv: Ajv2020): void {
  // `format: int32` in the contract is checked by the minimum/maximum added below (one Spanish
  // message per value); as a format it only documents the type.
  ajv.addFormat('int32', { type: 'number', validate: () => true });
  // A UUID is the hyphenated hexadecimal form only: ajv-formats also accepts `urn:uuid:...`,
  // which PostgreSQL's uuid type refuses (a 500 before this).
  ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  ajv.addFormat('date', { type: 'string', validate: (text: string) => isStorableDay(text) });
  ajv.addFormat('date-time', {
    type: 'string',
    validate: (text: string) => parseInstant(text) !== null,
  });
  ajv.addKeyword({
    keyword: NUL_KEYWORD,
    schemaType: 'boolean',
    errors: false,
    validate: (enabled: boolean, data: unknown) =>
      !enabled || typeof data !== 'string' || !data.includes('\u0000'),
  });
  ajv.addKeyword({
    keyword: FINITE_KEYWORD,
    schemaType: 'boolean',
    errors: false,
    // Untyped on purpose: Ajv skips its number keywords (maximum...) for a value that is not a
    // finite number, and a value coerced from text ('1e309' -> Infinity) is never re-typed.
    validate: (enabled: boolean, data: unknown) =>
      !enabled || typeof data !== 'number' || Number.isFinite(data),
  });
}

function typesOf(schema: Record<string, unknown>): string[] {
  const type = schema.type;
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === 'string');
  return [];
}

/**
 * One schema node with the limits added (children are handled by the caller's walk). Nodes
 * that say nothing about their type (a `$ref`, an `anyOf`) are left alone: the limits apply
 * where the type is written.
 */
export function withInputLimits(node: Record<string, unknown>): Record<string, unknown> {
  const types = typesOf(node);
  if (types.length === 0) return node;
  const out: Record<string, unknown> = { ...node };
  if (types.includes('integer') || types.includes('number')) {
    out[FINITE_KEYWORD] = true;
  }
  if (types.includes('integer')) {
    if (out.maximum === undefined && out.exclusiveMaximum === undefined) out.maximum = INT32_MAX;
    if (out.minimum === undefined && out.exclusiveMinimum === undefined) out.minimum = INT32_MIN;
  }
  const isBinary = out.format === 'binary' || out.contentMediaType !== undefined;
  if (types.includes('string') && !isBinary) out[NUL_KEYWORD] = true;
  return out;
}

/** The Spanish message of a limit keyword's error, or null for other keywords. */
export function inputLimitMessage(keyword: string): string | null {
  if (keyword === NUL_KEYWORD) return NUL_MESSAGE;
  if (keyword === FINITE_KEYWORD) return FINITE_MESSAGE;
  return null;
}
