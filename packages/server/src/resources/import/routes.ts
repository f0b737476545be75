import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { principalOf } from '../../auth/guard.ts';
import { registerOperation } from '../../http/contract.ts';
import { AppError, badRequest, forbidden } from '../../http/errors.ts';
import { checkImport, confirmImport, type ImportReport, type ImportResource } from './engine.ts';
import { withImportLock } from './lock.ts';
import { pointOfSaleImport, stateNames } from './point-of-sale-import.ts';
import { readTable } from './table-reader.ts';
import { writeTemplate, XLSX_TYPE } from './template.ts';

// The bulk import's operations (docs/import.md, openapi/paths/imports.yaml).

function fileError(message: string) {
  return badRequest(message, [{ field: 'file', message }]);
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** An import creates and updates: both permissions (the guard checked the first). */
function requireUpdate(request: FastifyRequest, permission: 'UPDATE_POINTOFSALES'): void {
  if (!principalOf(request).permissions.has(permission)) throw forbidden();
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

/** Saves the upload's `file` part to a temporary file (the readers stream it from there). */
async function withUploadedFile<T>(
  request: FastifyRequest,
  task: (filePath: string, filename: string) => Promise<T>,
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
    return await task(filePath, part.filename);
  } finally {
    await rm(filePath, { force: true });
  }
}

type Run = typeof checkImport;

/** An .xlsx expands about 5 to 10 times; past this many times its size it is a zip bomb. */
const EXPANSION_BUDGET = 20;

function importHandler<V>(resource: ImportResource<V>, run: Run) {
  return (request: FastifyRequest): Promise<ImportReport> => {
    requireUpdate(request, 'UPDATE_POINTOFSALES');
    return withImportLock(resource.name, resource.busyMessage, () =>
      withUploadedFile(request, (filePath, filename) =>
        run(
          request.server.services.db,
          resource,
          readTable(
            filePath,
            filename,
            EXPANSION_BUDGET * request.server.services.config.importLimit,
          ),
        ),
      ),
    );
  };
}

export function registerPointOfSaleImport(app: FastifyInstance): void {
  registerOperation(
    app,
    'getPointOfSaleImportTemplate',
    { auth: 'CREATE_POINTOFSALES' },
    async (request, reply) => {
      requireUpdate(request, 'UPDATE_POINTOFSALES');
      const states = await stateNames(app.services.db);
      const body = await writeTemplate('Puntos de venta', pointOfSaleImport.columns, [
        { name: 'Estados', header: 'Estado', values: states.map((state) => state.name) },
      ]);
      return reply
        .type(XLSX_TYPE)
        .header('Content-Disposition', 'attachment; filename="plantilla_puntos_de_venta.xlsx"')
        .header('Cache-Control', 'no-store')
        .send(body);
    },
  );
  registerOperation(
    app,
    'checkPointOfSaleImport',
    { auth: 'CREATE_POINTOFSALES' },
    importHandler(pointOfSaleImport, checkImport),
  );
  registerOperation(
    app,
    'importPointsOfSale',
    { auth: 'CREATE_POINTOFSALES' },
    importHandler(pointOfSaleImport, confirmImport),
  );
}
