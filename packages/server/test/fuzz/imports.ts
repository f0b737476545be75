import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ALL_PERMISSION_CODES, type PermissionCode } from '../../src/auth/permission-catalogue.ts';
import type { Db } from '../../src/db/client.ts';
import { campaigns, clients } from '../../src/db/schema/index.ts';
import { listOperations } from '../../src/http/contract.ts';
import { importables } from '../../src/resources/import/registry.ts';
import { relationImports } from '../../src/resources/import/relation-import.ts';
import { accessTokenFor, createUser } from '../helpers.ts';
import { multipart } from '../master/fixtures.ts';
import { contractViolation, type FuzzFailure } from './contract-fuzz.ts';
import { hostileImportFiles, type ImportFile } from './import-files.ts';

// The bulk import's operations fed hostile files (test/fuzz/import-files.ts), for every resource
// and relation, each sent as the user who may call it: one holding only the resource's CREATE_
// and UPDATE_ (the owner's UPDATE_ for a relation), and, every other file, one holding every
// permission. The contract fuzzer (contract-fuzz.ts) reaches these operations with random
// multipart bodies; this pass sends files shaped like the resources' own. Every answer must keep
// the contract as there (no 5xx, declared, the envelope).

export interface ImportFuzzStats {
  requests: number;
  operations: number;
  files: number;
  byStatus: Record<string, number>;
  failures: FuzzFailure[];
}

export interface ImportFuzzOptions {
  app: FastifyInstance;
  db: Db;
  /** Only these resources and relations (default: every one). */
  only?: string[];
  /** Only these operations (default: every import operation). */
  operationIds?: string[];
}

function operation(operationId: string) {
  return listOperations().find((op) => op.operationId === operationId)!;
}

/** A campaign and a client to own the relations' imports (made when the database has none). */
async function owners(db: Db): Promise<{ CAMPAIGNS: number; CLIENTS: number }> {
  let [campaign] = await db.select({ id: campaigns.id }).from(campaigns).limit(1);
  campaign ??= (
    await db
      .insert(campaigns)
      .values({ name: 'Campaña del fuzz', startDate: '2026-01-01' })
      .returning({ id: campaigns.id })
  )[0]!;
  let [client] = await db.select({ id: clients.id }).from(clients).limit(1);
  client ??= (
    await db
      .insert(clients)
      .values({ code: 'FUZZ-CLI', commercialName: 'Cliente del fuzz', taxId: 'XAXX010101000' })
      .returning({ id: clients.id })
  )[0]!;
  return { CAMPAIGNS: campaign.id, CLIENTS: client.id };
}

interface Target {
  /** The resource or relation, as its path names it. */
  name: string;
  /** The paths of its operations that take a file, by operationId. */
  urls: Record<string, string>;
  /** The paths of its operations without a body (template, progress), by operationId. */
  reads: Record<string, string>;
  holder: readonly PermissionCode[];
  files: ImportFile[];
}

async function targets(db: Db, only?: string[]): Promise<Target[]> {
  const ids = await owners(db);
  const list: Target[] = [];
  for (const [name, importable] of Object.entries(importables)) {
    if (only && !only.includes(name)) continue;
    const { permission, resource } = importable;
    list.push({
      name,
      urls: {
        checkImport: `/api/v1/imports/${name}/check`,
        getImportErrorReport: `/api/v1/imports/${name}/report`,
        runImport: `/api/v1/imports/${name}`,
      },
      reads: {
        getImportTemplate: `/api/v1/imports/${name}/template`,
        getImportProgress: `/api/v1/imports/${name}/progress`,
      },
      holder: [`CREATE_${permission}`, `UPDATE_${permission}`] as PermissionCode[],
      files: await hostileImportFiles(resource),
    });
  }
  for (const [name, relation] of Object.entries(relationImports)) {
    if (only && !only.includes(name)) continue;
    const owner = ids[relation.permission as keyof typeof ids];
    list.push({
      name,
      urls: {
        checkRelationImport: `/api/v1/imports/relations/${name}/${owner}/check`,
        runRelationImport: `/api/v1/imports/relations/${name}/${owner}`,
      },
      reads: { getRelationImportTemplate: `/api/v1/imports/relations/${name}/template` },
      holder: [`UPDATE_${relation.permission}`] as PermissionCode[],
      files: await hostileImportFiles({
        columns: [relation.column],
        keyField: relation.column.field,
      }),
    });
  }
  return list;
}

/** Counts an answer and records it when it breaks the contract. */
function count(
  stats: ImportFuzzStats,
  operationId: string,
  request: string,
  response: LightMyRequestResponse,
): void {
  stats.requests += 1;
  stats.byStatus[response.statusCode] = (stats.byStatus[response.statusCode] ?? 0) + 1;
  const problem = contractViolation(operation(operationId), response);
  if (problem) {
    stats.failures.push({ operationId, problem, request, body: response.body.slice(0, 300) });
  }
}

export async function fuzzImports(options: ImportFuzzOptions): Promise<ImportFuzzStats> {
  const { app, db } = options;
  const config = app.services.config;
  const stats: ImportFuzzStats = {
    requests: 0,
    operations: 0,
    files: 0,
    byStatus: {},
    failures: [],
  };
  const allUser = await createUser(db, config, ALL_PERMISSION_CODES);
  const operations = new Set<string>();
  for (const target of await targets(db, options.only)) {
    const holder = await createUser(db, config, target.holder);
    stats.files += target.files.length;
    for (const [operationId, url] of Object.entries(target.reads)) {
      if (options.operationIds && !options.operationIds.includes(operationId)) continue;
      operations.add(operationId);
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${await accessTokenFor(app, db, holder.id)}` },
      });
      count(stats, operationId, `GET ${url} [${target.name}; as holder]`, response);
    }
    for (const [operationId, url] of Object.entries(target.urls)) {
      if (options.operationIds && !options.operationIds.includes(operationId)) continue;
      operations.add(operationId);
      for (const [index, file] of target.files.entries()) {
        // Tokens minted per request: an import of users may deactivate or change a caller.
        const userId = index % 2 === 0 ? holder.id : allUser.id;
        const token = await accessTokenFor(app, db, userId);
        const fields = file.mapping === undefined ? {} : { mapping: file.mapping };
        const body = multipart(fields, [
          { name: 'file', filename: file.filename, value: file.content },
        ]);
        const response = await app.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${token}`, ...body.headers },
          payload: body.payload,
        });
        const as = index % 2 === 0 ? 'holder' : 'all permissions';
        count(
          stats,
          operationId,
          `POST ${url} [${target.name}: ${file.label}; as ${as}]`,
          response,
        );
      }
    }
  }
  stats.operations = operations.size;
  return stats;
}
