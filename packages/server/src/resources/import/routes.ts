import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { principalOf } from '../../auth/guard.ts';
import { registerOperation } from '../../http/contract.ts';
import { AppError, badRequest, forbidden } from '../../http/errors.ts';
import type { MasterPermission } from '../contract-types.ts';
import { parseMapping } from './columns.ts';
import { checkImport, confirmImport, type ImportResource, type RunOptions } from './engine.ts';
import { writeErrorReport } from './error-report.ts';
import { progressOf, reportTotal, withImportLock } from './lock.ts';
import { importables, type Importable } from './registry.ts';
import { ensureOwner, relationImport, relationImports } from './relation-import.ts';
import { readTable, type SheetRow } from './table-reader.ts';
import { writeTemplate, XLSX_TYPE } from './template.ts';

// The bulk import's operations (docs/import.md, openapi/paths/imports.yaml).

function fileError(message: string) {
  return badRequest(message, [{ field: 'file', message }]);
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** An import creates and updates: both permissions of the resource, or a 403. */
function requirePermissions(request: FastifyRequest, permission: MasterPermission): void {
  const granted = principalOf(request).permissions;
  if (!granted.has(`CREATE_${permission}`) || !granted.has(`UPDATE_${permission}`)) {
    throw forbidden();
  }
}

/** The importable of the path's `resource` (the contract's enum checked it). */
function importableOf(request: FastifyRequest): Importable {
  const { resource } = request.params as { resource: string };
  const importable = importables[resource];
  if (!importable) throw badRequest('El recurso no se puede importar.');
  requirePermissions(request, importable.permission);
  return importable;
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** busboy's failures (no boundary, a body cut short) are the client's: a 400, not a 500. */
function malformed(request: FastifyRequest, error: unknown): never {
  if (error instanceof AppError || errorCode(error)?.startsWith('FST_')) throw error;
  request.log.info({ err: error }, 'malformed import upload');
  throw fileError('El cuerpo multipart/form-data está incompleto o mal formado.');
}

interface Upload {
  filePath: string;
  filename: string;
  /** The `mapping` part (sent before the file), or ''. */
  mapping: string;
}

/** Saves the upload's `file` part to a temporary file (the readers stream it from there). */
async function withUploadedFile<T>(
  request: FastifyRequest,
  task: (upload: Upload) => Promise<T>,
): Promise<T> {
  const limit = request.server.services.config.importLimit;
  if (!request.isMultipart()) throw fileError('Elige un archivo .xlsx o .csv.');
  const part = await request
    .file({ limits: { fileSize: limit, files: 1 } })
    .catch((error: unknown) => malformed(request, error));
  if (!part || part.fieldname !== 'file') throw fileError('Elige un archivo .xlsx o .csv.');
  const filePath = path.join(tmpdir(), `anaquel-import-${randomUUID()}`);
  try {
    try {
      await pipeline(part.file, createWriteStream(filePath));
    } catch (error) {
      if (errorCode(error) !== 'FST_REQ_FILE_TOO_LARGE') malformed(request, error);
    }
    if (part.file.truncated) {
      throw fileError(`El archivo excede el tamaño máximo permitido (${megabytes(limit)}).`);
    }
    const mapping = part.fields.mapping;
    const mappingText =
      mapping && !Array.isArray(mapping) && mapping.type === 'field' ? String(mapping.value) : '';
    return await task({ filePath, filename: part.filename, mapping: mappingText });
  } finally {
    await rm(filePath, { force: true });
  }
}

/** An .xlsx expands about 5 to 10 times; past this many times its size it is a zip bomb. */
const EXPANSION_BUDGET = 20;

/** Aborted when the client goes away before the answer: the run stops at its next batch. */
function disconnectSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** Reads the upload and runs `task` on its rows, under the resource's import lock. */
function withImportRun<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  resource: ImportResource<unknown>,
  task: (rows: AsyncIterable<SheetRow>, options: RunOptions) => Promise<T>,
): Promise<T> {
  const budget = EXPANSION_BUDGET * request.server.services.config.importLimit;
  return withImportLock(resource.name, resource.busyMessage, () =>
    withUploadedFile(request, ({ filePath, filename, mapping }) =>
      task(
        readTable(filePath, filename, budget, (total) => reportTotal(resource.name, total)),
        {
          mapping: parseMapping(mapping, resource.columns),
          context: { request, principal: principalOf(request), afterCommit: [] },
          signal: disconnectSignal(reply),
        },
      ),
    ),
  );
}

function sendXlsx(reply: FastifyReply, fileName: string, body: Buffer | Readable) {
  return reply
    .type(XLSX_TYPE)
    .header('Content-Disposition', `attachment; filename="${fileName}.xlsx"`)
    .header('Cache-Control', 'no-store')
    .send(body);
}

/** A relation's import needs the owner's UPDATE_ (the relation editor's save); 404 without it. */
async function relationOf(request: FastifyRequest, withOwner: boolean) {
  const { relation, id } = request.params as { relation: string; id?: number };
  const declaration = relationImports[relation];
  if (!declaration) throw badRequest('La relación no se puede importar.');
  if (!principalOf(request).permissions.has(`UPDATE_${declaration.permission}`)) {
    throw forbidden();
  }
  if (withOwner) await ensureOwner(request.server.services.db, declaration, id!);
  const resource = relationImport(`relation:${relation}:${id}`, declaration, id ?? 0);
  return { declaration, resource };
}

function registerRelationImports(app: FastifyInstance): void {
  const db = () => app.services.db;
  registerOperation(
    app,
    'getRelationImportTemplate',
    { auth: 'authenticated' },
    async (request, reply) => {
      const { declaration } = await relationOf(request, false);
      const body = await writeTemplate(declaration.sheet, [declaration.column], []);
      return sendXlsx(reply, `plantilla_${declaration.fileName}`, body);
    },
  );
  registerOperation(
    app,
    'checkRelationImport',
    { auth: 'authenticated' },
    async (request, reply) => {
      const { resource } = await relationOf(request, true);
      return withImportRun(request, reply, resource, (rows, options) =>
        checkImport(db(), resource, rows, options),
      );
    },
  );
  registerOperation(app, 'getRelationImportProgress', { auth: 'authenticated' }, async (request) =>
    progressOf((await relationOf(request, false)).resource.name),
  );
  registerOperation(app, 'runRelationImport', { auth: 'authenticated' }, async (request, reply) => {
    const { resource } = await relationOf(request, true);
    return withImportRun(request, reply, resource, (rows, options) =>
      confirmImport(db(), resource, rows, options),
    );
  });
}

export function registerImports(app: FastifyInstance): void {
  registerRelationImports(app);
  const db = () => app.services.db;
  registerOperation(app, 'getImportTemplate', { auth: 'authenticated' }, async (request, reply) => {
    const importable = importableOf(request);
    const body = await writeTemplate(
      importable.sheet,
      importable.resource.columns,
      await importable.references(db()),
    );
    return sendXlsx(reply, `plantilla_${importable.fileName}`, body);
  });
  registerOperation(app, 'getImportProgress', { auth: 'authenticated' }, async (request) =>
    progressOf(importableOf(request).resource.name),
  );
  registerOperation(app, 'checkImport', { auth: 'authenticated' }, async (request, reply) => {
    const { resource } = importableOf(request);
    return withImportRun(request, reply, resource, (rows, options) =>
      checkImport(db(), resource, rows, options),
    );
  });
  registerOperation(app, 'runImport', { auth: 'authenticated' }, async (request, reply) => {
    const { resource } = importableOf(request);
    return withImportRun(request, reply, resource, (rows, options) =>
      confirmImport(db(), resource, rows, options),
    );
  });
  registerOperation(
    app,
    'getImportErrorReport',
    { auth: 'authenticated' },
    async (request, reply) => {
      const importable = importableOf(request);
      const { resource } = importable;
      const file = await withImportRun(request, reply, resource, (rows, options) =>
        writeErrorReport(importable.sheet, (onRow) =>
          checkImport(db(), resource, rows, { ...options, onRow }),
        ),
      );
      return sendXlsx(reply, `errores_${importable.fileName}`, file);
    },
  );
}
