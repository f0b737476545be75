import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { registerOperation } from '../http/contract.ts';
import { serviceUnavailable } from '../http/errors.ts';

export default function healthRoutes(app: FastifyInstance): void {
  registerOperation(app, 'getHealth', { auth: 'public' }, async (request, reply) => {
    try {
      await app.services.db.execute(sql`select 1`);
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unavailable');
      throw serviceUnavailable();
    }
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' as const, database: 'ok' as const };
  });
}
