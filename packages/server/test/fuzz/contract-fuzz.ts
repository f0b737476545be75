import fc from 'fast-check';
import type { ValidateFunction } from 'ajv';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  apiBasePath,
  listOperations,
  resolveRef,
  responseSchema,
  type ContractOperation,
} from '../../src/http/contract.ts';
import { responseAjv } from '../../src/http/validation.ts';

// Contract-driven fuzzing (issue 8): for every operation of openapi/dist/openapi.json, requests
// built from its parameters and body schemas, valid and invalid (huge integers, NUL, 1e309,
// prototype keys, long strings, wrong types, multipart oddities), sent to the app in process.
// Every answer must be below 500 (or a 5xx the operation declares, such as health's 503), be
// declared by the operation, and be the envelope: the success envelope matching the contract's
// schema for that status, or the failure envelope.
//
// Each operation is called as the roles that may call it (`rolesOf`, test/fuzz/session.ts: the
// sync as a promoter, a permission's operations by a user holding every permission and by one
// holding only that one), and its bodies may start from real examples (`seedBodies`) whose
// values anywhere inside are replaced by junk.
//
// Used by test/security/fuzz.test.ts (a small deterministic sample in the suite) and by
// test/fuzz/run.ts (`pnpm fuzz`, a long run with figures).

type Json = Record<string, unknown>;

/** Replaced after JSON.stringify by a bare `1e309` (JSON.parse makes it Infinity). */
const RAW_INFINITY = '\u0001RAW_1E309\u0001';

/** Values that broke something once, or should never: they replace a valid value. */
const JUNK_VALUES: unknown[] = [
  2147483648,
  -2147483649,
  2 ** 53 + 2,
  1e300,
  RAW_INFINITY,
  -1,
  0,
  1.5,
  '\u0000',
  'a\u0000b',
  'x'.repeat(5000),
  '',
  ' ',
  null,
  true,
  [],
  {},
  [2147483648],
  ['\u0000'],
  '2147483648',
  '1e309',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '__proto__',
  { __proto__: { polluted: true } },
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '../../etc/passwd',
  // Dates and instants RFC 3339 allows but JavaScript or PostgreSQL cannot hold (issue #20).
  '2026-06-30T23:59:60Z',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59-23:59',
  '0000-01-01',
  '2026-02-30',
  // A UUID in capitals (the same id as in lower case).
  '3F0E8C5E-1D2B-4A6F-9C1E-7B2D4F6A8E90',
  99999999999999,
  -0.00001,
  2 ** 53 - 1,
];

/** Path and query text that broke something once. */
const JUNK_TEXT: string[] = [
  '2147483648',
  '99999999999999999999',
  '-1',
  '0',
  '1e309',
  'Infinity',
  'NaN',
  '1.5',
  '0x10',
  'abc',
  '%00',
  'a%00b',
  '%',
  '%zz',
  '__proto__',
  'constructor',
  'a'.repeat(150),
  'a'.repeat(700),
  `urn:uuid:${'3f0e8c5e-1d2b-4a6f-9c1e-7b2d4f6a8e90'}`,
  '%E2%82',
  '-',
  '--id',
];

const ODD_PART_NAMES = [
  '__proto__[0]',
  '__proto__',
  'constructor[]',
  'constructor[prototype][x]',
  'toString[]',
  'hasOwnProperty',
  'clientIds[100000000]',
  'clientIds[99999999999999999999]',
  'name[0][1]',
  '',
];

const PNG_1X1 = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360f8cfc0f01f0005000201e5273ede0000000049454e44ae426082',
  'hex',
);

/* ---------- arbitraries from schemas ---------- */

function resolved(schema: unknown): Json {
  return resolveRef((schema ?? {}) as Json) as Json;
}

function typesOf(schema: Json): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.properties) return ['object'];
  return ['string'];
}

function mergedAllOf(schema: Json): Json {
  if (!Array.isArray(schema.allOf)) return schema;
  const merged: Json = { type: 'object', properties: {}, required: [] };
  for (const part of schema.allOf) {
    const s = mergedAllOf(resolved(part));
    Object.assign(merged.properties as Json, s.properties ?? {});
    (merged.required as string[]).push(...((s.required as string[] | undefined) ?? []));
  }
  return merged;
}

/** A plausible valid value (small ids, short texts) for a schema. */
function validValue(raw: unknown, depth = 0): fc.Arbitrary<unknown> {
  const schema = mergedAllOf(resolved(raw));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const union = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (union) return fc.oneof(...union.map((s) => validValue(s, depth + 1)));
  return fc.oneof(...typesOf(schema).map((type) => valueOfType(schema, type, depth)));
}

function valueOfType(schema: Json, type: string, depth: number): fc.Arbitrary<unknown> {
  const num = (key: string) =>
    typeof schema[key] === 'number' ? (schema[key] as number) : undefined;
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = Math.max(num('minimum') ?? 0, -1000);
      const max = Math.min(num('maximum') ?? min + 20, min + 1000);
      return fc.integer({ min, max: Math.max(min, max) });
    }
    case 'number': {
      const min = num('minimum') ?? -1000;
      const max = num('maximum') ?? 1000;
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'array': {
      if (depth > 4) return fc.constant([]);
      const maxLength = Math.min(num('maxItems') ?? 3, 3);
      const minLength = Math.min(num('minItems') ?? 0, maxLength);
      return fc.array(validValue(schema.items, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      if (depth > 4) return fc.constant({});
      const properties = (schema.properties ?? {}) as Record<string, unknown>;
      const required = new Set((schema.required as string[] | undefined) ?? []);
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) {
        const p = resolved(property);
        if (p.readOnly) continue;
        model[name] = validValue(p, depth + 1);
      }
      return fc.record(model, { requiredKeys: [...required].filter((k) => k in model) });
    }
    default:
      return stringValue(schema);
  }
}

function stringValue(schema: Json): fc.Arbitrary<string> {
  const maxLength = Math.min((schema.maxLength as number | undefined) ?? 30, 30);
  const minLength = Math.min((schema.minLength as number | undefined) ?? 0, maxLength);
  switch (schema.format) {
    case 'email':
      return fc.integer({ min: 1, max: 1e6 }).map((n) => `fuzz${n}@prueba.mx`);
    case 'uuid':
      return fc.uuid();
    case 'date':
      return fc
        .date({ min: new Date('1950-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'binary':
      return fc.constant('');
    default:
      break;
  }
  if (typeof schema.pattern === 'string') {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((s) => s.length >= minLength && s.length <= ((schema.maxLength as number) ?? 1e9));
    } catch {
      // fall through
    }
  }
  return fc.string({ minLength: Math.max(minLength, 1), maxLength: Math.max(maxLength, 1) });
}

/* ---------- requests ---------- */

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The role whose access token the request carries (set when it is sent), or `anonymous`. */
  role: string;
  anonymous: boolean;
  payload?: string | Buffer;
  /** What was fuzzed, for the failure report. */
  label: string;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Json;
  example?: unknown;
  explode?: boolean;
}

function parametersOf(op: ContractOperation, location: string): Parameter[] {
  return (op.operation.parameters ?? [])
    .map((p) => resolved(p) as unknown as Parameter)
    .filter((p) => p.in === location);
}

const junkText = fc.constantFrom(...JUNK_TEXT);
const junkValue = fc.constantFrom(...JUNK_VALUES);

function pathArb(op: ContractOperation): fc.Arbitrary<{ path: string; label: string }> {
  const params = parametersOf(op, 'path');
  if (params.length === 0) return fc.constant({ path: op.path, label: '' });
  const values = params.map((p) =>
    fc.oneof(
      {
        weight: 3,
        arbitrary: validValue(p.schema).map((v) => ({
          v: encodeURIComponent(String(v)),
          junk: false,
        })),
      },
      { weight: 1, arbitrary: junkText.map((v) => ({ v, junk: true })) },
    ),
  );
  return fc.tuple(...values).map((chosen) => {
    let path = op.path;
    const labels: string[] = [];
    chosen.forEach((c, i) => {
      path = path.replace(`{${params[i]!.name}}`, c.v);
      if (c.junk) labels.push(`path ${params[i]!.name}=${c.v.slice(0, 40)}`);
    });
    return { path, label: labels.join(', ') };
  });
}

function queryArb(op: ContractOperation): fc.Arbitrary<{ query: string; label: string }> {
  const params = parametersOf(op, 'query');
  if (params.length === 0) return fc.constant({ query: '', label: '' });
  const generated = params.map((p) =>
    fc.option(
      fc.oneof(
        { weight: 3, arbitrary: validValue(p.schema).map((v) => ({ v, junk: false })) },
        { weight: 1, arbitrary: junkText.map((v) => ({ v: decodeSafe(v), junk: true })) },
        { weight: 1, arbitrary: junkValue.map((v) => ({ v, junk: true })) },
      ),
      { freq: 2 },
    ),
  );
  // One request in four starts from the contract's examples (each parameter kept 4 times in 5,
  // else generated as above): parameters that must agree (a map's box: west before east, a
  // window of 7 days at most) seldom do when each is drawn on its own, so without them an
  // operation like GET checkins/map would only ever answer 400 (issue #24).
  const fromExamples = params.map((p, i) => {
    const example = p.example ?? (p.schema as { example?: unknown } | undefined)?.example;
    if (example === undefined) return generated[i]!;
    return fc.oneof(
      { weight: 4, arbitrary: fc.constant({ v: example, junk: false }) },
      { weight: 1, arbitrary: generated[i]! },
    );
  });
  const entries = fc.oneof(
    { weight: 3, arbitrary: fc.tuple(...generated) },
    { weight: 1, arbitrary: fc.tuple(...fromExamples) },
  );
  return entries.map((chosen) => {
    const search = new URLSearchParams();
    const labels: string[] = [];
    chosen.forEach((c, i) => {
      if (c === null) return;
      const name = params[i]!.name;
      const values = Array.isArray(c.v) ? c.v : [c.v];
      for (const value of values) {
        search.append(name, value === RAW_INFINITY ? '1e309' : textOf(value));
      }
      if (c.junk) labels.push(`query ${name}=${JSON.stringify(c.v)?.slice(0, 40)}`);
    });
    const query = search.toString();
    return { query: query ? `?${query}` : '', label: labels.join(', ') };
  });
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function rawJson(value: unknown): string {
  return JSON.stringify(value).replaceAll(JSON.stringify(RAW_INFINITY), '1e309');
}

/** Every path (object keys, array indexes) inside a JSON value, the root excluded. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) {
    return value.flatMap((item, i) => [[...prefix, i], ...pathsOf(item, [...prefix, i])]);
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [
      [...prefix, key],
      ...pathsOf(item, [...prefix, key]),
    ]);
  }
  return [];
}

/**
 * Junk shaped like the value it replaces: instants and days JavaScript or PostgreSQL cannot
 * hold for dates, the same id in capitals for a UUID, numbers beyond the columns for numbers.
 */
function shapedJunk(original: unknown, k: number): unknown {
  const pick = (values: unknown[]) => values[k % values.length];
  if (typeof original === 'number') {
    return pick([2 ** 53, 1e15, 99999999999999.98, -1, 0, 1e-7, 2147483648]);
  }
  if (typeof original !== 'string') return pick([null, [], {}]);
  if (/^\d{4}-\d\d-\d\dT/.test(original)) {
    return pick([
      '2026-06-30T23:59:60Z',
      '2026-06-30T17:59:60-06:00',
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00+23:59',
      '9999-12-31T23:59:59-23:59',
      '1826-11-20T17:00:00Z',
    ]);
  }
  if (/^\d{4}-\d\d-\d\d$/.test(original)) {
    return pick(['0000-01-01', '0001-01-01', '9999-12-31', '2023-02-29']);
  }
  if (/^[0-9a-f-]{36}$/i.test(original)) return original.toUpperCase();
  return pick(['a\u0000b', '', ' ', 'x'.repeat(2001)]);
}

/** A copy of `value` with the value at `path` replaced. */
function replacedAt(value: unknown, path: (string | number)[], junk: unknown): unknown {
  if (path.length === 0) return junk;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as Json) }) as Json;
  copy[head as string] = replacedAt(copy[head as string], rest, junk);
  return copy;
}

/**
 * Valid bodies from the operation's own examples (`seeds`: real ids, so the request reaches
 * the handler's deeper checks) with a fresh `uuid` wherever one is written, or generated ones.
 */
function baseBodyArb(schema: Json, seeds: readonly unknown[]): fc.Arbitrary<unknown> {
  const generated = validValue(schema);
  if (seeds.length === 0) return generated;
  const seeded = fc.tuple(fc.constantFrom(...seeds), fc.uuid()).map(([seed, uuid]) => {
    // Each uuid of the seed gets a fresh one, in the case it was written in.
    const fresh = new Map<string, string>();
    const text = JSON.stringify(seed).replace(/"uuid":"([^"]*)"/g, (_, old: string) => {
      const key = old.toLowerCase();
      if (!fresh.has(key))
        fresh.set(key, `${uuid.slice(0, -3)}${fresh.size.toString(16).padStart(3, '0')}`);
      const id = fresh.get(key)!;
      return `"uuid":"${old === key ? id : id.toUpperCase()}"`;
    });
    return JSON.parse(text) as unknown;
  });
  return fc.oneof({ weight: 3, arbitrary: seeded }, { weight: 1, arbitrary: generated });
}

function jsonBodyArb(
  schema: Json,
  seeds: readonly unknown[] = [],
): fc.Arbitrary<{ payload: string; label: string }> {
  const valid = baseBodyArb(schema, seeds);
  const properties = Object.keys((mergedAllOf(resolved(schema)).properties as Json) ?? {});
  const mutated = fc
    .tuple(valid, fc.constantFrom(...(properties.length ? properties : ['x'])), junkValue)
    .map(([value, key, junk]) => {
      const copy = { ...(value as Json) };
      copy[key] = junk;
      return { payload: rawJson(copy), label: `body.${key}=${rawJson(junk)?.slice(0, 40)}` };
    });
  const protoKeys = fc
    .tuple(valid, fc.constantFrom('__proto__', 'constructor', 'prototype'))
    .map(([value, key]) => {
      const text = rawJson(value);
      const injected = `{"${key}":{"polluted":true,"isAdmin":true}${text.length > 2 ? `,${text.slice(1)}` : '}'}`;
      return { payload: injected, label: `body with ${key}` };
    });
  const garbage = fc
    .constantFrom(
      '',
      'null',
      '[]',
      '"x"',
      '1e309',
      '{',
      '{"a":',
      '\u0000',
      'x'.repeat(3000),
      '[2147483648]',
    )
    .map((payload) => ({ payload, label: `raw body ${JSON.stringify(payload.slice(0, 20))}` }));
  // One value anywhere inside the body (a visit's survey's answer's dateValue) replaced.
  const deep = fc
    .tuple(valid, fc.nat(), junkValue, fc.nat(), fc.boolean())
    .filter(([value]) => pathsOf(value).length > 0)
    .map(([value, n, anyJunk, k, shaped]) => {
      const paths = pathsOf(value);
      const path = paths[n % paths.length]!;
      const original = path.reduce<unknown>((node, key) => (node as Json)?.[key], value);
      const junk = shaped ? shapedJunk(original, k) : anyJunk;
      return {
        payload: rawJson(replacedAt(value, path, junk)),
        label: `body.${path.join('.')}=${rawJson(junk)?.slice(0, 40)}`,
      };
    });
  return fc.oneof(
    { weight: 3, arbitrary: valid.map((v) => ({ payload: rawJson(v), label: '' })) },
    { weight: 2, arbitrary: mutated },
    { weight: 3, arbitrary: deep },
    { weight: 1, arbitrary: protoKeys },
    { weight: 1, arbitrary: garbage },
  );
}

function multipartArb(
  schema: Json,
): fc.Arbitrary<{ payload: Buffer; contentType: string; label: string }> {
  const merged = mergedAllOf(resolved(schema));
  const properties = (merged.properties ?? {}) as Record<string, unknown>;
  const textFields = Object.entries(properties).filter(([, p]) => resolved(p).format !== 'binary');
  const fileFields = Object.entries(properties)
    .filter(([, p]) => resolved(p).format === 'binary')
    .map(([name]) => name);
  const valid = validValue(merged) as fc.Arbitrary<Json>;
  const oddity = fc.oneof(
    fc.constant(null),
    fc.constantFrom(...ODD_PART_NAMES).map((name) => ({ kind: 'name' as const, name })),
    fc
      .tuple(
        fc.constantFrom(...(textFields.length ? textFields.map(([n]) => n) : ['x'])),
        junkValue,
      )
      .map(([name, value]) => ({ kind: 'value' as const, name, value })),
    fc.constantFrom('truncate', 'no-boundary', 'garbage').map((kind) => ({ kind })),
  );
  const file = fc.constantFrom<[string, Buffer] | null>(
    null,
    ['png', PNG_1X1],
    ['gif+html', Buffer.from('GIF89a<html><script>alert(1)</script></html>')],
    ['png+random', Buffer.concat([PNG_1X1.subarray(0, 8), Buffer.alloc(500, 7)])],
    ['empty', Buffer.alloc(0)],
    // For the imports (test/fuzz/imports.ts sends them files shaped like each resource's).
    ['csv', Buffer.from('Código,Nombre,__proto__\r\nPV-1,Tienda,x\r\n')],
  );
  return fc.tuple(valid, oddity, file).map(([value, odd, upload]) => {
    const boundary = '----fuzzboundary';
    const parts: Buffer[] = [];
    const add = (name: string, content: string | Buffer, filename?: string) => {
      let head = `--${boundary}\r\nContent-Disposition: form-data; name="${name}"`;
      if (filename !== undefined) head += `; filename="${filename}"\r\nContent-Type: image/png`;
      parts.push(Buffer.from(`${head}\r\n\r\n`), Buffer.from(content), Buffer.from('\r\n'));
    };
    const fields: Json = { ...value };
    let label = '';
    if (odd && odd.kind === 'value') {
      fields[odd.name] = odd.value;
      label = `part ${odd.name}=${rawJson(odd.value)?.slice(0, 30)}`;
    }
    for (const [name, v] of Object.entries(fields)) {
      if (fileFields.includes(name)) continue;
      if (Array.isArray(v))
        v.forEach((item, i) =>
          add(`${name}[${i}]`, item === RAW_INFINITY ? '1e309' : textOf(item)),
        );
      else add(name, v === RAW_INFINITY ? '1e309' : textOf(v));
    }
    if (odd && odd.kind === 'name') {
      add(odd.name, 'x');
      label = `part name ${odd.name}`;
    }
    if (upload && fileFields[0]) {
      add(fileFields[0], upload[1], `f.${upload[0]}`);
      label += ` file ${upload[0]}`;
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    let payload = Buffer.concat(parts);
    let contentType = `multipart/form-data; boundary=${boundary}`;
    if (odd && odd.kind === 'truncate') {
      payload = payload.subarray(0, Math.floor(payload.length / 2));
      label = 'truncated multipart';
    } else if (odd && odd.kind === 'no-boundary') {
      contentType = 'multipart/form-data';
      label = 'multipart without boundary';
    } else if (odd && odd.kind === 'garbage') {
      payload = Buffer.from('this is not multipart at all');
      label = 'garbage multipart';
    }
    return { payload, contentType, label: label.trim() };
  });
}

function requestArb(
  op: ContractOperation,
  roles: readonly string[] = ['caller'],
  seeds: readonly unknown[] = [],
): fc.Arbitrary<FuzzRequest> {
  const body = op.operation.requestBody ? resolved(op.operation.requestBody) : undefined;
  const content = (body?.content ?? {}) as Record<string, { schema?: Json }>;
  const jsonSchema = content['application/json']?.schema;
  const multipartSchema = content['multipart/form-data']?.schema;
  const bodyArb: fc.Arbitrary<{ payload?: string | Buffer; contentType?: string; label: string }> =
    jsonSchema
      ? jsonBodyArb(jsonSchema, seeds).map((b) => ({ ...b, contentType: 'application/json' }))
      : multipartSchema
        ? multipartArb(multipartSchema)
        : fc.constant({ label: '' });
  const auth = fc.constantFrom(
    'token',
    'token',
    'token',
    'token',
    'token',
    'token',
    'none',
    'garbage',
  );
  const role = fc.constantFrom(...roles);
  return fc
    .tuple(pathArb(op), queryArb(op), bodyArb, auth, role)
    .map(([path, query, b, who, as]) => {
      const headers: Record<string, string> = {};
      if (who === 'garbage') headers.authorization = 'Bearer eyJhbGciOiJub25lIn0.e30.';
      if (b.contentType) headers['content-type'] = b.contentType;
      return {
        method: op.method,
        url: `${apiBasePath}${path.path}${query.query}`,
        headers,
        role: who === 'token' ? as : `${who} token`,
        anonymous: who !== 'token',
        payload: b.payload,
        label: [path.label, query.label, b.label, who === 'token' ? `as ${as}` : `auth ${who}`]
          .filter(Boolean)
          .join('; '),
      };
    });
}

/* ---------- checking answers ---------- */

const validators = new Map<string, ValidateFunction | null>();
const envelopeValidator = () =>
  responseAjv.getSchema('https://anaquel.mx/contract/schemas/ErrorEnvelope')!;

/** Why an answer breaks the contract, or null when it keeps it. */
export function contractViolation(
  op: ContractOperation,
  response: LightMyRequestResponse,
): string | null {
  const status = response.statusCode;
  const declared = Boolean(op.operation.responses[String(status)]);
  if (status >= 500 && (!declared || status === 500)) return `answered ${status}`;
  if (!declared) return `answered ${status}, which the contract does not declare`;
  const contentType = String(response.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  if (contentType !== 'application/json') {
    // A success in a media type the contract declares for it (the Excel export) or an image.
    const response = op.operation.responses[String(status)] as { content?: object } | undefined;
    const declaredType = Object.keys(response?.content ?? {}).includes(contentType);
    return status < 300 && (declaredType || contentType.startsWith('image/'))
      ? null
      : `answered ${status} as ${contentType || 'no content type'}`;
  }
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `answered ${status} with invalid JSON`;
  }
  if (status >= 400) {
    const validate = envelopeValidator();
    if (!validate(body)) return `answered ${status} outside the failure envelope`;
    if ((body as { statusCode: number }).statusCode !== status) {
      return `envelope statusCode differs from ${status}`;
    }
    return null;
  }
  const key = `${op.operationId} ${status}`;
  if (!validators.has(key)) {
    const { schema } = responseSchema(op.operationId, status, 'application/json');
    validators.set(key, schema ? responseAjv.compile(schema) : null);
  }
  const validate = validators.get(key);
  if (validate && !validate(body)) {
    return `answered ${status} not matching its schema: ${JSON.stringify(validate.errors?.slice(0, 2))}`;
  }
  return null;
}

/* ---------- running ---------- */

export interface FuzzFailure {
  operationId: string;
  problem: string;
  request: string;
  body: string;
}

export interface FuzzStats {
  requests: number;
  byStatus: Record<string, number>;
  /** Per role (or 'none' / 'garbage' token): requests and operations sent as it, and statuses. */
  byRole: Record<
    string,
    { requests: number; operations: number; byStatus: Record<string, number> }
  >;
  failures: FuzzFailure[];
  durationMs: number;
}

export interface FuzzOptions {
  app: FastifyInstance;
  /** A valid access token of a role for an operation (minted again when it is revoked). */
  token: (op: ContractOperation, role: string) => string | Promise<string>;
  /** The roles that may call an operation (default: one, 'caller'). */
  rolesOf?: (op: ContractOperation) => readonly string[];
  /** Valid bodies of an operation to mutate, by operationId (real ids reach deeper checks). */
  seedBodies?: Record<string, readonly unknown[]>;
  runsPerOperation: number;
  seed: number;
  /** Only these operations (default: every operation of the contract). */
  operationIds?: string[];
  /** Called after each request (to refresh the token, print progress...). */
  afterRequest?: (count: number) => Promise<void>;
}

export async function fuzzContract(options: FuzzOptions): Promise<FuzzStats> {
  const started = performance.now();
  const stats: FuzzStats = { requests: 0, byStatus: {}, byRole: {}, failures: [], durationMs: 0 };
  const operations = listOperations().filter(
    (op) => !options.operationIds || options.operationIds.includes(op.operationId),
  );
  for (const [index, op] of operations.entries()) {
    const roles = options.rolesOf?.(op) ?? ['caller'];
    const samples = fc.sample(requestArb(op, roles, options.seedBodies?.[op.operationId]), {
      seed: options.seed + index,
      numRuns: options.runsPerOperation,
    });
    const rolesSeen = new Set<string>();
    for (const request of samples) {
      const headers = { ...request.headers };
      if (!request.anonymous) {
        headers.authorization = `Bearer ${await options.token(op, request.role)}`;
      }
      const response = await options.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers,
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      });
      stats.requests += 1;
      stats.byStatus[response.statusCode] = (stats.byStatus[response.statusCode] ?? 0) + 1;
      const role = request.role;
      const perRole = (stats.byRole[role] ??= { requests: 0, operations: 0, byStatus: {} });
      perRole.requests += 1;
      perRole.byStatus[response.statusCode] = (perRole.byStatus[response.statusCode] ?? 0) + 1;
      if (!rolesSeen.has(role)) {
        rolesSeen.add(role);
        perRole.operations += 1;
      }
      const problem = contractViolation(op, response);
      if (problem) {
        stats.failures.push({
          operationId: op.operationId,
          problem,
          request: `${request.method} ${request.url.slice(0, 200)} [${request.label}]`,
          body: response.body.slice(0, 300),
        });
      }
      await options.afterRequest?.(stats.requests);
    }
  }
  stats.durationMs = performance.now() - started;
  return stats;
}
