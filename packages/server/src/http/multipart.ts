import type { operations } from '@anaquel/api/schema';
import type { ValidateFunction } from 'ajv';
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { getOperation, requestBodySchema, resolveRef, type OperationId } from './contract.ts';
import { AppError, badRequest, INVALID_REQUEST_MESSAGE, type ValidationIssue } from './errors.ts';
import { compileValidator, toValidationIssues } from './validation.ts';

// Multipart bodies (users and products with an image) are read by the handler with
// `readMultipartForm`, which validates the text fields against the operation's
// `multipart/form-data` schema in the contract, with the same Spanish messages as JSON bodies.
//
// Field conventions (spec 1 §7): arrays arrive as `name[0]`, `name[1]`... (or a repeated
// `name`, or `name[]`); text is coerced to the schema's types (`"3"` -> 3, `"true"` -> true);
// an empty text for a non-string property means null when the property is nullable, and
// "absent" otherwise. Properties of `format: binary` are the file parts.

export interface UploadedFile {
  fieldname: string;
  filename: string;
  /** As declared by the browser: check the content with detectImageType / saveImage. */
  mimetype: string;
  buffer: Buffer;
}

type MultipartBodyOf<K extends OperationId> =
  NonNullable<operations[K]['requestBody']> extends {
    content: { 'multipart/form-data': infer B };
  }
    ? B
    : never;

/** The text fields of the form, typed from the contract (file properties are in `files`). */
type MultipartFields<K extends OperationId> = MultipartBodyOf<K>;

export interface MultipartForm<K extends OperationId> {
  fields: MultipartFields<K>;
  /** File parts by field name; an empty file input (no file chosen) is left out. */
  files: Record<string, UploadedFile>;
}

interface FormProperty {
  type?: string | string[];
  format?: string;
  items?: unknown;
  maxItems?: number;
}

interface FormSchema {
  validate: ValidateFunction;
  /** Property schemas by name, in a Map: a part name is never looked up on a prototype. */
  properties: Map<string, FormProperty>;
  fileFields: Set<string>;
}

const formSchemas = new Map<string, FormSchema>();

function formSchemaFor(operationId: string): FormSchema {
  let cached = formSchemas.get(operationId);
  if (!cached) {
    const schema = requestBodySchema(operationId, 'multipart/form-data');
    if (!schema)
      throw new Error(`"${operationId}" has no multipart/form-data body in the contract`);
    const properties = new Map(Object.entries(formProperties(operationId)));
    const fileFields = new Set(
      [...properties]
        .filter(
          ([, p]) => p.format === 'binary' || (p as { contentMediaType?: string }).contentMediaType,
        )
        .map(([name]) => name),
    );
    cached = { validate: compileValidator('querystring', schema), properties, fileFields };
    formSchemas.set(operationId, cached);
  }
  return cached;
}

/** The form's property schemas, through `$ref`s and `allOf`s of the contract. */
function formProperties(operationId: string): Record<string, FormProperty> {
  const body = getOperation(operationId).operation.requestBody;
  const root = body ? resolveRef(body).content['multipart/form-data']?.schema : undefined;
  const collected: Record<string, FormProperty> = {};
  const visit = (node: unknown, depth: number) => {
    if (depth > 10 || !node || typeof node !== 'object') return;
    const schema = resolveRef(node as Record<string, unknown>) as {
      properties?: Record<string, FormProperty>;
      allOf?: unknown[];
    };
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      collected[name] = resolveRef(property);
    }
    for (const part of schema.allOf ?? []) visit(part, depth + 1);
  };
  visit(root, 0);
  return collected;
}

function typesOf(property: FormProperty | undefined): string[] {
  if (!property?.type) return [];
  return Array.isArray(property.type) ? property.type : [property.type];
}

/**
 * Highest array index a part name may carry (`ids[999]`): the property's maxItems, else 1000.
 * Indexes only order the values (the list is compacted), so a bound keeps `ids[100000000]`
 * from costing anything: the check is on the digits, before any number is built.
 */
const MAX_MULTIPART_INDEX = 1000;

/** `name`, `name[]` or `name[12]`; anything else (nesting, dots, brackets) is not a field name. */
const PART_NAME = /^([A-Za-z][A-Za-z0-9_]*)(?:\[(\d*)\])?$/;

const MALFORMED_MULTIPART_MESSAGE = 'El cuerpo multipart/form-data está incompleto o mal formado.';

/** Fastify's and @fastify/multipart's own errors (limits) keep their messages in the error handler. */
function isFrameworkError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('FST_');
}

/** The parts of a form as read: text by name, listed text with its order, files by name. */
interface ReadParts {
  scalars: Map<string, string | string[]>;
  lists: Map<string, { index: number; order: number; value: string }[]>;
  files: Record<string, UploadedFile>;
  issues: ValidationIssue[];
  order: number;
}

/**
 * The index of `name[12]` (MAX_SAFE_INTEGER without one, so unindexed values sort last), or the
 * issue of an index over the property's bound.
 */
function partIndex(
  name: string,
  digits: string | undefined,
  property: FormProperty,
): number | ValidationIssue {
  if (!digits) return Number.MAX_SAFE_INTEGER;
  const bound = Math.min(property.maxItems ?? MAX_MULTIPART_INDEX, MAX_MULTIPART_INDEX);
  // At most 4 digits are ever turned into a number.
  const index = digits.length <= 4 ? Number(digits) : Number.POSITIVE_INFINITY;
  if (index < bound) return index;
  const shown = digits.length <= 12 ? digits : `${digits.slice(0, 12)}…`;
  return { field: name, message: `El índice ${shown} excede el máximo permitido (${bound - 1}).` };
}

/** Files one part (or its issue) into `read`. Every part is read to its end by the caller. */
function acceptPart(part: Multipart, buffer: Buffer, form: FormSchema, read: ReadParts) {
  const match = PART_NAME.exec(part.fieldname);
  const name = match?.[1];
  const property = name === undefined ? undefined : form.properties.get(name);
  if (name === undefined || property === undefined) {
    const shown = part.fieldname.slice(0, 100);
    read.issues.push({ field: shown, message: `No se permite el campo "${shown}".` });
    return;
  }
  const index = partIndex(name, match?.[2], property);
  if (typeof index !== 'number') {
    read.issues.push(index);
    return;
  }
  if (part.type === 'file') {
    if (buffer.length === 0 && part.filename === '') return;
    read.files[name] = {
      fieldname: name,
      filename: part.filename,
      mimetype: part.mimetype,
      buffer,
    };
    return;
  }
  const value = typeof part.value === 'string' ? part.value : String(part.value);
  if (match?.[2] !== undefined || typesOf(property).includes('array')) {
    const list = read.lists.get(name) ?? [];
    list.push({ index, order: read.order++, value });
    read.lists.set(name, list);
  } else {
    const previous = read.scalars.get(name);
    read.scalars.set(name, previous === undefined ? value : [previous, value].flat());
  }
}

const EMPTY = Buffer.alloc(0);

async function readParts(request: FastifyRequest, form: FormSchema): Promise<ReadParts> {
  // Maps, not objects: a part named `__proto__`, `constructor` or `toString[]` is only a string.
  const read: ReadParts = {
    scalars: new Map(),
    lists: new Map(),
    files: Object.create(null) as Record<string, UploadedFile>,
    issues: [],
    order: 0,
  };
  try {
    for await (const part of request.parts()) {
      // Every part is read to its end (the parts and sizes are bounded by the plugin's limits),
      // so that all problems of the form are reported at once.
      const buffer = part.type === 'file' ? await part.toBuffer() : EMPTY;
      acceptPart(part, buffer, form, read);
    }
  } catch (error) {
    if (error instanceof AppError || isFrameworkError(error)) throw error;
    // busboy: no boundary, a body cut short, a broken part header...
    request.log.info({ err: error }, 'malformed multipart body');
    throw badRequest(MALFORMED_MULTIPART_MESSAGE, [
      { field: '', message: MALFORMED_MULTIPART_MESSAGE },
    ]);
  }
  if (read.issues.length > 0) throw badRequest(INVALID_REQUEST_MESSAGE, read.issues);
  return read;
}

/**
 * The form's text values as the contract's schema sees them: lists in index order, then `name[]`
 * and repeated parts in arrival order; an empty value of a non-text property is null or absent.
 */
function formValues(form: FormSchema, { scalars, lists }: ReadParts): Record<string, unknown> {
  const values = new Map<string, unknown>(scalars);
  for (const [name, list] of lists) {
    list.sort((a, b) => a.index - b.index || a.order - b.order);
    values.set(
      name,
      list.map((entry) => entry.value),
    );
  }
  for (const [name, value] of values) {
    const types = typesOf(form.properties.get(name));
    if (value === '' && types.length > 0 && !types.includes('string')) {
      if (types.includes('null')) values.set(name, null);
      else values.delete(name);
    }
  }
  // Only contract property names reach this object (checked when the parts were read).
  return Object.fromEntries(values);
}

/**
 * Reads and validates a multipart form for a contract operation. Throws the 400 envelope when
 * the request is not multipart or a field is invalid; a file over the upload limit is a 400 too
 * (answered by the error handler).
 */
export async function readMultipartForm<K extends OperationId>(
  request: FastifyRequest,
  operationId: K,
): Promise<MultipartForm<K>> {
  if (!request.isMultipart()) {
    throw badRequest('La solicitud debe enviarse como multipart/form-data.', [
      { field: '', message: 'La solicitud debe enviarse como multipart/form-data.' },
    ]);
  }
  const form = formSchemaFor(operationId);
  const read = await readParts(request, form);
  const data = formValues(form, read);
  // Files take part in validation as placeholders: a missing required file is reported, and a
  // file where the contract expects text is refused.
  for (const name of Object.keys(read.files)) data[name] = 'file';
  if (!form.validate(data)) {
    throw badRequest(
      INVALID_REQUEST_MESSAGE,
      toValidationIssues(form.validate.errors ?? [], 'body'),
    );
  }
  for (const name of form.fileFields) delete data[name];
  return { fields: data as MultipartFields<K>, files: read.files };
}
