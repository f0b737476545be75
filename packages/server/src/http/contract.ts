import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { components, operations } from '@anaquel/api/schema';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { ValidateFunction } from 'ajv';
import { repoRoot } from '../env.ts';
import { INVALID_REQUEST_MESSAGE, badRequest } from './errors.ts';
import { withInputLimits } from './input-limits.ts';
import {
  allAjvInstances,
  compileValidator,
  invalidRequestMessage,
  toValidationIssues,
  type ValidationTarget,
} from './validation.ts';

// The contract (openapi/dist/openapi.json, bundled by `pnpm gen`) drives the routes: method,
// URL, request validation and the auth requirement are checked against it in one place.

export type OperationId = keyof operations;
type PermissionCode = components['schemas']['PermissionCode'];

/** 'public', 'authenticated' (any signed-in user) or the permission code an operation needs. */
export type AuthRequirement = 'public' | 'authenticated' | PermissionCode;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Enforces an operation's auth requirement (auth/guard.ts decorates it): the HTTP layer
     * calls it without depending on how sessions and permissions are checked.
     */
    authorize(request: FastifyRequest, requirement: AuthRequirement): Promise<void>;
  }
}

/* ---------- the document ---------- */

type Json = Record<string, unknown>;

interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Json;
}

interface OpenApiOperation {
  operationId: string;
  security?: unknown[];
  parameters?: (OpenApiParameter | { $ref: string })[];
  requestBody?:
    { required?: boolean; content: Record<string, { schema?: Json }> } | { $ref: string };
  responses: Record<string, Json>;
}

export interface ContractOperation {
  operationId: string;
  method: HTTPMethods;
  /** Path as written in the contract, e.g. `/files/{fileId}`. */
  path: string;
  /** Full Fastify URL, e.g. `/api/v1/files/:fileId`. */
  url: string;
  operation: OpenApiOperation;
  /** True when the operation declares `security: []`. */
  isPublic: boolean;
}

const contractFile = path.join(repoRoot, 'openapi', 'dist', 'openapi.json');
export const contract: Json = JSON.parse(readFileSync(contractFile, 'utf8')) as Json;

/** `/api/v1`, from the contract's first server. */
export const apiBasePath: string = (() => {
  const servers = contract.servers as { url: string }[] | undefined;
  return (servers?.[0]?.url ?? '/api/v1').replace(/\/+$/, '');
})();

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

const operationsById: Map<string, ContractOperation> = (() => {
  const map = new Map<string, ContractOperation>();
  const paths = (contract.paths ?? {}) as Record<string, Json>;
  for (const [pathKey, item] of Object.entries(paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method] as OpenApiOperation | undefined;
      if (!operation) continue;
      const pathParameters = (item.parameters ?? []) as OpenApiOperation['parameters'];
      map.set(operation.operationId, {
        operationId: operation.operationId,
        method: method.toUpperCase() as HTTPMethods,
        path: pathKey,
        url: apiBasePath + pathKey.replace(/\{([^}]+)\}/g, ':$1'),
        operation: {
          ...operation,
          parameters: [...(pathParameters ?? []), ...(operation.parameters ?? [])],
        },
        isPublic: Array.isArray(operation.security) && operation.security.length === 0,
      });
    }
  }
  return map;
})();

export function getOperation(operationId: string): ContractOperation {
  const operation = operationsById.get(operationId);
  if (!operation) throw new Error(`Operation "${operationId}" is not in the contract`);
  return operation;
}

export function listOperations(): ContractOperation[] {
  return [...operationsById.values()];
}

/** Follows a local `#/components/...` reference of the bundled document. */
export function resolveRef<T>(value: T | { $ref: string }): T {
  let current: unknown = value;
  for (let depth = 0; depth < 10; depth++) {
    if (!current || typeof current !== 'object' || !('$ref' in current)) return current as T;
    const ref = (current as { $ref: string }).$ref;
    if (!ref.startsWith('#/')) throw new Error(`Unsupported reference ${ref}`);
    current = ref
      .slice(2)
      .split('/')
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, key) => (node as Json | undefined)?.[key], contract);
    if (current === undefined) throw new Error(`Unresolvable reference ${ref}`);
  }
  throw new Error('Reference chain too deep');
}

/* ---------- JSON Schemas for Ajv ---------- */

const SCHEMA_ID_PREFIX = 'https://anaquel.mx/contract/schemas/';

/** Values, not schemas: copied as they are. */
const LITERAL_KEYWORDS = new Set(['example', 'examples', 'enum', 'const', 'default']);

/**
 * Rewrites `#/components/schemas/X` to the Ajv id of X, so schemas compile on their own, and
 * adds the limits every value obeys (int32 integers, finite numbers, no NUL in text: see
 * input-limits.ts) to each typed node.
 */
function toAjvSchema<T>(value: T): T {
  if (Array.isArray(value)) return value.map(toAjvSchema) as T;
  if (!value || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/')) {
      out.$ref = SCHEMA_ID_PREFIX + child.slice('#/components/schemas/'.length);
    } else {
      out[key] = LITERAL_KEYWORDS.has(key) ? child : toAjvSchema(child);
    }
  }
  return withInputLimits(out) as T;
}

for (const [name, schema] of Object.entries(
  ((contract.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>,
)) {
  for (const ajv of allAjvInstances) {
    ajv.addSchema({ ...toAjvSchema(schema), $id: SCHEMA_ID_PREFIX + name });
  }
}

/** The JSON Schema of an operation's answer for a status and media type (tests use it). */
export function responseSchema(
  operationId: string,
  status: number,
  mediaType = 'application/json',
): { declared: boolean; schema: Json | null } {
  const { operation } = getOperation(operationId);
  const response = operation.responses[String(status)] ?? operation.responses.default;
  if (!response) return { declared: false, schema: null };
  const resolved = resolveRef(response) as { content?: Record<string, { schema?: Json }> };
  const schema = resolved.content?.[mediaType]?.schema;
  return { declared: true, schema: schema ? toAjvSchema(schema) : null };
}

export function requestBodySchema(operationId: string, mediaType: string): Json | null {
  const body = getOperation(operationId).operation.requestBody;
  if (!body) return null;
  const schema = resolveRef(body).content[mediaType]?.schema;
  return schema ? toAjvSchema(schema) : null;
}

export function parametersSchema(op: ContractOperation, location: 'path' | 'query'): Json | null {
  const properties: Json = {};
  const required: string[] = [];
  for (const raw of op.operation.parameters ?? []) {
    const parameter = resolveRef(raw);
    if (parameter.in !== location) continue;
    properties[parameter.name] = toAjvSchema(parameter.schema ?? {});
    if (parameter.required || location === 'path') required.push(parameter.name);
  }
  if (Object.keys(properties).length === 0) return null;
  return { type: 'object', properties, required };
}

/* ---------- typed handlers ---------- */

type Op<K extends OperationId> = operations[K];
type Clean<T> = [NonNullable<T>] extends [never] ? Record<string, never> : NonNullable<T>;

type ParamsOf<K extends OperationId> = Clean<Op<K>['parameters']['path']>;
type QueryOf<K extends OperationId> = Clean<Op<K>['parameters']['query']>;
type BodyOf<K extends OperationId> = [NonNullable<Op<K>['requestBody']>] extends [never]
  ? undefined
  : NonNullable<Op<K>['requestBody']> extends { content: { 'application/json': infer B } }
    ? B
    : undefined;

type SuccessData<R> = R extends { content: { 'application/json': { data: infer D } } } ? D : never;
/** What the handler returns for the 200 (or 201) answer; the envelope is added around it. */
export type DataOf<K extends OperationId> =
  | SuccessData<Op<K>['responses'] extends { 200: infer R } ? R : never>
  | SuccessData<Op<K>['responses'] extends { 201: infer R } ? R : never>;

type OperationRequest<K extends OperationId> = FastifyRequest<{
  Params: ParamsOf<K>;
  Querystring: QueryOf<K>;
  Body: BodyOf<K>;
}>;

/**
 * Returns the `data` of the success envelope, or the reply itself when it already sent a
 * non-JSON answer (a file). Set another success status with `reply.code(201)`.
 */
export type OperationHandler<K extends OperationId> = (
  request: OperationRequest<K>,
  reply: FastifyReply,
) => Promise<DataOf<K> | FastifyReply>;

export interface OperationOptions {
  /** 'public', 'authenticated' (any signed-in user) or the permission code required. */
  auth: AuthRequirement;
}

export interface RegisteredOperation {
  operationId: OperationId;
  method: HTTPMethods;
  url: string;
  auth: AuthRequirement;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every operation registered with registerOperation, by operationId. */
    registeredOperations: Map<string, RegisteredOperation>;
  }
}

/**
 * Registers the route of a contract operation. Method and URL come from the contract; params,
 * query and JSON body are validated against it (Spanish `validationErrors` on failure); the
 * auth requirement is enforced by the one guard (auth/guard.ts); the handler's result is sent as
 * `{ success: true, data }`.
 *
 * Multipart operations are not validated here: read them with `readMultipartForm` (multipart.ts).
 */
export function registerOperation<K extends OperationId>(
  app: FastifyInstance,
  operationId: K,
  options: OperationOptions,
  handler: OperationHandler<K>,
): void {
  const op = getOperation(operationId);
  checkAuthAgainstContract(op, options.auth);

  const { schema, validatorCompiler } = requestValidation(operationId, op);

  if (app.registeredOperations.has(operationId)) {
    throw new Error(`Operation "${operationId}" is registered twice`);
  }
  app.registeredOperations.set(operationId, {
    operationId,
    method: op.method,
    url: op.url,
    auth: options.auth,
  });

  app.route({
    method: op.method,
    url: op.url,
    schema,
    config: { operationId },
    validatorCompiler,
    onRequest: async (request) => {
      await request.server.authorize(request, options.auth);
    },
    handler: async (request, reply) => {
      const result = await handler(request as OperationRequest<K>, reply);
      // A returned reply is a thenable: awaiting it waits for the answer to be sent (or the
      // client to go away) and yields undefined. A streamed answer whose client closed early
      // is neither `sent` nor failed: its headers went out, or the socket is gone.
      if (result === reply || reply.sent || reply.raw.headersSent || reply.raw.destroyed) {
        return reply;
      }
      if (result === undefined) {
        throw new Error(`Handler of "${operationId}" returned no data`);
      }
      return reply.send({ success: true, data: result });
    },
  });
}

/**
 * The route schema of an operation's params, query and JSON body, and the validator compiler that
 * checks them against the contract with Spanish issues (a missing required body included).
 */
function requestValidation(operationId: OperationId, op: ContractOperation) {
  const validators: Partial<Record<ValidationTarget, ValidateFunction>> = {};
  const schema: Json = {};
  const paramsSchema = parametersSchema(op, 'path');
  if (paramsSchema) {
    schema.params = paramsSchema;
    validators.params = compileValidator('params', paramsSchema);
  }
  const querySchema = parametersSchema(op, 'query');
  if (querySchema) {
    schema.querystring = querySchema;
    validators.querystring = compileValidator('querystring', querySchema);
  }
  const bodySchema = requestBodySchema(operationId, 'application/json');
  const bodyRequired = Boolean(
    op.operation.requestBody && resolveRef(op.operation.requestBody).required,
  );
  if (bodySchema) {
    schema.body = bodySchema;
    validators.body = compileValidator('body', bodySchema);
  }
  const validatorCompiler = ({ httpPart }: { httpPart?: string }) => {
    const target = (httpPart === 'body' ? 'body' : httpPart) as ValidationTarget;
    const validate = validators[target];
    return (data: unknown) => {
      if (!validate) return { value: data };
      if (target === 'body' && (data === null || data === undefined)) {
        if (!bodyRequired) return { value: data };
        return {
          error: badRequest(INVALID_REQUEST_MESSAGE, [
            { field: '', message: 'El cuerpo de la solicitud es obligatorio.' },
          ]),
        };
      }
      if (validate(data)) return { value: data };
      const issues = toValidationIssues(validate.errors ?? [], target);
      return {
        error: badRequest(invalidRequestMessage(issues, INVALID_REQUEST_MESSAGE), issues),
      };
    };
  };
  return { schema, validatorCompiler };
}

function checkAuthAgainstContract(op: ContractOperation, auth: AuthRequirement): void {
  const responses = op.operation.responses;
  if (auth === 'public') {
    if (!op.isPublic) {
      throw new Error(
        `"${op.operationId}" is public in code but not in the contract (security: [])`,
      );
    }
    return;
  }
  if (op.isPublic) {
    throw new Error(`"${op.operationId}" needs auth in code but the contract says security: []`);
  }
  if (!responses['401']) throw new Error(`"${op.operationId}" must declare 401 in the contract`);
  if (auth !== 'authenticated' && !responses['403']) {
    throw new Error(`"${op.operationId}" requires ${auth} and must declare 403 in the contract`);
  }
}
