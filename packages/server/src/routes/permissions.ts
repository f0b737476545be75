import type { FastifyInstance } from 'fastify';
import { asc } from 'drizzle-orm';
import { permissions } from '../db/schema/index.ts';
import { registerOperation } from '../http/contract.ts';
import type { ClientPolicy, PermissionCode } from '../auth/permission-catalogue.ts';

export default function permissionRoutes(app: FastifyInstance): void {
  registerOperation(app, 'listPermissions', { auth: 'authenticated' }, async () => {
    const rows = await app.services.db.select().from(permissions).orderBy(asc(permissions.id));
    return rows.map((row) => ({
      id: row.id,
      code: row.code as PermissionCode,
      group: row.group,
      clientPolicy: row.clientPolicy as ClientPolicy,
      description: row.description,
    }));
  });
}
