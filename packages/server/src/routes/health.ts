import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { registerOperation } from '../http/contract.ts';
import { serviceUnavailable } from '../http/errors.ts';
import { isStopping } from '../http/graceful-stop.ts';
import { assertStorageReady } from '../files/readiness.ts';

// The readiness answer of a process (docs/deployment.md, "Health and readiness"): 200 while it
// should get traffic (its database answers and it is not stopping), 503 otherwise. A process
// that answers at all, even 503, is alive.

export default function healthRoutes(app: FastifyInstance): void {
  registerOperation(app, 'getHealth', { auth: 'public' }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (isStopping(app)) throw serviceUnavailable();
    try {
      await app.services.db.execute(sql`select 1`);
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unavailable');
      throw serviceUnavailable();
    }
    await assertStorageReady(app.services.storage, request.log);
    return { status: 'ok' as const, database: 'ok' as const };
  });
}
