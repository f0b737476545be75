import type { operations } from '@anaquel/api/schema';
import type { ValidateFunction } from 'ajv';
import type { FastifyRequest } from 'fastify';
import { requestBodySchema, type OperationId } from './contract.ts';
import { badRequest, INVALID_REQUEST_MESSAGE } from './errors.ts';
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
export type MultipartFields<K extends OperationId> = MultipartBodyOf<K>;

export interface MultipartForm<K extends OperationId> {
  fields: MultipartFields<K>;
  /** File parts by field name; an empty file input (no file chosen) is left out. */
  files: Record<string, UploadedFile>;
}

interface FormSchema {
  validate: ValidateFunction;
  properties: Record<string, { type?: string | string[]; format?: string; items?: unknown }>;
  fileFields: Set<string>;
}

const formSchemas = new Map<string, FormSchema>();

function formSchemaFor(operationId: string): FormSchema {
  let cached = formSchemas.get(operationId);
  if (!cached) {
    const schema = requestBodySchema(operationId, 'multipart/form-data') as {
      properties?: FormSchema['properties'];
    } | null;
    if (!schema)
      throw new Error(`"${operationId}" has no multipart/form-data body in the contract`);
    const properties = schema.properties ?? {};
    const fileFields = new Set(
      Object.entries(properties)
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

function typesOf(property: { type?: string | string[] } | undefined): string[] {
  if (!property?.type) return [];
  return Array.isArray(property.type) ? property.type : [property.type];
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
  const values: Record<string, unknown> = {};
  const files: Record<string, UploadedFile> = {};

  for await (const part of request.parts()) {
    const match = /^([^[\]]+)(?:\[(\d*)\])?$/.exec(part.fieldname);
    const name = match?.[1] ?? part.fieldname;
    if (part.type === 'file') {
      const buffer = await part.toBuffer();
      if (buffer.length === 0 && part.filename === '') continue;
      files[name] = { fieldname: name, filename: part.filename, mimetype: part.mimetype, buffer };
      continue;
    }
    const value = typeof part.value === 'string' ? part.value : String(part.value);
    const isArray = match?.[2] !== undefined || typesOf(form.properties[name]).includes('array');
    if (isArray) {
      const list = (values[name] as unknown[] | undefined) ?? [];
      if (match?.[2]) list[Number(match[2])] = value;
      else list.push(value);
      values[name] = list;
    } else if (name in values) {
      values[name] = [values[name], value].flat();
    } else {
      values[name] = value;
    }
  }

  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value)) values[name] = value.filter((v) => v !== undefined);
    const types = typesOf(form.properties[name]);
    if (value === '' && types.length > 0 && !types.includes('string')) {
      if (types.includes('null')) values[name] = null;
      else delete values[name];
    }
  }

  const data: Record<string, unknown> = { ...values };
  // Files take part in validation as placeholders: a missing required file is reported, and a
  // file under an unknown name is refused by additionalProperties: false.
  for (const name of Object.keys(files)) data[name] = 'file';
  if (!form.validate(data)) {
    throw badRequest(
      INVALID_REQUEST_MESSAGE,
      toValidationIssues(form.validate.errors ?? [], 'body'),
    );
  }
  for (const name of form.fileFields) delete data[name];
  return { fields: data as MultipartFields<K>, files };
}
